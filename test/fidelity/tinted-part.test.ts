/**
 * A white or grey part repainted a muted colour: CIEDE2000 weighs a chroma step less the more
 * chroma there is, and a white or grey part's difference counts two thirds (the light tints
 * it), so a grey panel turned sage read 10 and passed the part limit of 12. The chroma it gained
 * is measured too: the scene's light tints a neutral surface a little, a repaint a lot.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { drawProduct, type Product } from '../../bench/fidelity/products.ts';
import { createFidelityChecker } from '../../src/fidelity/fidelity-checker.ts';
import { asSource, inScene } from './support/photographed.ts';

const checker = createFidelityChecker({ threads: 1 });
let product: Product;
let grey: Buffer;

/** The product with its lower third painted `background` (its outline kept). */
async function painted(background: string): Promise<Buffer> {
  const { width, height } = product;
  const band = { left: 0, top: Math.round(height * 0.66), width, height: Math.round(height * 0.3) };
  const shape = await sharp(product.png).extract(band).extractChannel(3).toBuffer();
  const flat = await sharp({
    create: { width: band.width, height: band.height, channels: 3, background },
  })
    .joinChannel(shape)
    .png()
    .toBuffer();
  return sharp(product.png)
    .composite([{ input: flat, left: band.left, top: band.top }])
    .png()
    .toBuffer();
}

const check = async (background: string) =>
  checker.check({
    sources: [grey],
    result: await inScene(await painted(background), 3),
    kind: 'image',
  });

beforeAll(async () => {
  product = await drawProduct(1, true);
  grey = await asSource(await painted('#a0a0a0'));
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
