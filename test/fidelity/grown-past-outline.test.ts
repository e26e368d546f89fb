/**
 * A product placed by its look (a flat drawing, no feature matched) whose shape grew past its
 * outline is changed: the demo's reshaped desk lamp, missed by every measure inside the outline.
 * The scene seen through the product (under headphones' band) did not grow from it.
 */
import { afterAll, expect, test } from 'vitest';
import { renderScene } from '../../emulators/productai/render/scene.ts';
import type { ProductChange } from '../../emulators/productai/render/product-change.ts';
import { imageSize } from '../../emulators/productai/render/sizes.ts';
import { createFidelityChecker } from '../../src/fidelity/fidelity-checker.ts';
import { demoProductPhoto } from './support/demo-product.ts';

const checker = createFidelityChecker({ threads: 1 });
afterAll(() => checker.close());

const lamp = () => demoProductPhoto('lamp', '#d9a21b', 'Mustard Desk Lamp');

const WARM_OAK = 'The product on a warm oak wooden table, late afternoon golden light';

/** The product in the ProductAI emulator's scene (1,024 × 1,280 on a warm oak table unless told). */
async function inScene(
  product: Buffer,
  {
    change,
    size = { width: 1024, height: 1280 },
    prompt = WARM_OAK,
  }: { change?: ProductChange; size?: { width: number; height: number }; prompt?: string } = {},
) {
  const scene = await renderScene({
    ...size,
    prompt,
    products: [product],
    ...(change ? { change } : {}),
  });
  return scene.png().toBuffer();
}

test('a product placed by its look whose shape grew past its outline is changed, the grown part outlined', async () => {
  const source = await lamp();
  const result = await inScene(source, { change: { kind: 'reshape', strength: 1 } });
  const report = await checker.check({ sources: [source], result, kind: 'image' });
  expect(report.verdict).toBe('changed');
  expect(report.findingTexts).toEqual([{ code: 'finding_shape' }]);
  // The part that grew, not the whole lamp.
  const whole = await checker.check({
    sources: [source],
    result: await inScene(source),
    kind: 'image',
  });
  const area = (r: typeof report.region) => (r ? r.width * r.height : 0);
  expect(area(report.region)).toBeLessThan(area(whole.region) / 2);
});

test('the same product shown as it is, placed by its look, is faithful', async () => {
  const source = await lamp();
  const report = await checker.check({
    sources: [source],
    result: await inScene(source),
    kind: 'image',
  });
  expect(report.findings).toEqual([]);
  expect(report.verdict).toBe('faithful');
});

test("the scene seen under a product's arch, closed off by the scene's own horizon, did not grow from it", async () => {
  // The demo's headphones on a table: the wall's line meets both ear cups, and the wall inside
  // the band can be reached from nowhere around them.
  const source = await demoProductPhoto('headphones', '#c4622d', 'Terracotta Wireless Headphones');
  const report = await checker.check({
    sources: [source],
    result: await inScene(source, { size: imageSize('PORTRAIT', '2K') }),
    kind: 'image',
  });
  expect(report.findings).toEqual([]);
  expect(report.verdict).toBe('faithful');
});

test("a label painted out in a block that spills past a sneaker's outline is changed, though features place the sneaker", async () => {
  // 43 features place it; the block's part past the outline is one flat colour, within its box.
  const source = await demoProductPhoto('sneaker', '#c4622d', 'Terracotta Canvas Sneaker');
  const report = await checker.check({
    sources: [source],
    result: await inScene(source, {
      size: imageSize('SQUARE', null),
      // The demo's "Warm wood" preset, word for word: the scene's bokeh is drawn from it.
      prompt: `${WARM_OAK}, cosy lifestyle setting with shallow depth of field`,
      change: { kind: 'erase-text', strength: 0.5 },
    }),
    kind: 'image',
  });
  expect(report.verdict).toBe('changed');
  expect(report.findingTexts).toEqual([{ code: 'finding_shape' }]);
});
