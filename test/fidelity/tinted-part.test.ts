/**
 * A white or grey part repainted a muted colour: CIEDE2000 weighs a chroma step less the more
 * chroma there is, and a white or grey part's difference counts two thirds (the light tints
 * it), so a grey panel turned sage read 10 and passed the part limit of 12. The chroma it gained
 * is measured too: the scene's light tints a neutral surface a little, a repaint a lot.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { drawProduct, type Product } from '../../bench/fidelity/products.ts';
import { createFidelityChecker } from '../../src/fidelity/fidelity-checker.ts';
import { asSource, inScene, lowerThirdPainted } from './support/photographed.ts';

const checker = createFidelityChecker({ threads: 1 });
let product: Product;
let grey: Buffer;

const check = async (background: string) =>
  checker.check({
    sources: [grey],
    result: await inScene(await lowerThirdPainted(product, background), 3),
    kind: 'image',
  });

beforeAll(async () => {
  product = await drawProduct(1, true);
  grey = await asSource(await lowerThirdPainted(product, '#a0a0a0'));
});
afterAll(() => checker.close());

test('a grey part turned sage is changed, the finding naming the grey part', async () => {
  const sage = await check('#a8b088');
  expect(sage.verdict).toBe('changed');
  expect(sage.findings).toEqual(['the grey part has another colour']);
});

test('the grey part kept, and the white rims the scene tints where they meet the colours, is faithful', async () => {
  // The drawn product's white highlights and rims, blurred at the result's scale, take their
  // neighbours' colours (chroma gained 15-26 there): they keep too little of their contrast
  // to count.
  expect((await check('#a0a0a0')).verdict).toBe('faithful');
});
