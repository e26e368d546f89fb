/**
 * A product whose colours changed but whose shape did not is found where it stands and
 * reported as recoloured, outlined there: a hue turn changes its grey levels and colours, which
 * its features and its look in colour need, so the demo's terracotta mug turned blue was
 * reported "not found: it may be missing or replaced by another object", without an outline.
 */
import sharp from 'sharp';
import { afterAll, expect, test } from 'vitest';
import { renderScene } from '../../emulators/productai/render/scene.ts';
import { imageSize } from '../../emulators/productai/render/sizes.ts';
import { createFidelityChecker } from '../../src/fidelity/fidelity-checker.ts';
import type { FidelityRegion } from '../../src/fidelity/fidelity-report.ts';
import { demoProductPhoto } from './support/demo-product.ts';

const checker = createFidelityChecker({ threads: 1 });
afterAll(() => checker.close());

const STUDIO =
  'The product on a seamless pure white studio background, soft even lighting, gentle natural shadow beneath, sharp focus, e-commerce catalogue photo';
const PROMPT =
  'The product placed on a mossy rock in a sunlit forest clearing, dappled light, fresh green tones';

/** The box (fractions of the frame) of the pixels that differ between two same-sized scenes. */
async function whereTheyDiffer(a: Buffer, b: Buffer): Promise<FidelityRegion> {
  const [x, y] = await Promise.all(
    [a, b].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })),
  );
  const { width, height, channels } = x!.info;
  let [x0, y0, x1, y1] = [width, height, 0, 0];
  for (let p = 0; p < width * height; p++) {
    let d = 0;
    for (let c = 0; c < channels; c++)
      d += Math.abs(x!.data[p * channels + c]! - y!.data[p * channels + c]!);
    if (d < 60) continue;
    const [px, py] = [p % width, Math.floor(p / width)];
    [x0, y0, x1, y1] = [Math.min(x0, px), Math.min(y0, py), Math.max(x1, px), Math.max(y1, py)];
  }
  return { x: x0 / width, y: y0 / height, width: (x1 - x0) / width, height: (y1 - y0) / height };
}

/** How much two regions overlap: their intersection over their union. */
function overlap(a: FidelityRegion, b: FidelityRegion): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const both = Math.max(0, w) * Math.max(0, h);
  return both / (a.width * a.height + b.width * b.height - both);
}

test('a drawn mug turned from terracotta to blue is found, and reported as another colour where it stands', async () => {
  const source = await demoProductPhoto('mug', '#c4622d', 'Terracotta Ceramic Mug', { views: 4 });
  const scene = (change?: { kind: 'recolour'; strength: number }) =>
    renderScene({ width: 1024, height: 1280, prompt: PROMPT, products: [source], change }).then(
      (s) => s.png().toBuffer(),
    );
  const [faithful, recoloured] = await Promise.all([
    scene(),
    scene({ kind: 'recolour', strength: 1 }),
  ]);
  const result = await sharp(recoloured).jpeg({ quality: 90 }).toBuffer();

  const report = await checker.check({ sources: [source], result, kind: 'image' });

  expect(report.verdict).toBe('changed');
  expect(report.findingTexts).toEqual([{ code: 'finding_product_colour' }]);
  expect(overlap(report.region!, await whereTheyDiffer(faithful, recoloured))).toBeGreaterThan(0.7);
});

test('a drawn daypack turned from mustard to cyan, placed by the few features of its handle, has another colour', async () => {
  // 23 features place it, on its handle: its body lies beyond the matched area.
  const source = await demoProductPhoto('backpack', '#d9a21b', 'Mustard Daypack');
  const scene = (change?: { kind: 'recolour'; strength: number }) =>
    renderScene({ ...imageSize('SQUARE', null), prompt: STUDIO, products: [source], change }).then(
      (s) => s.png().toBuffer(),
    );

  const [faithful, recoloured] = await Promise.all([
    checker.check({ sources: [source], result: await scene(), kind: 'image' }),
    checker.check({
      sources: [source],
      result: await scene({ kind: 'recolour', strength: 1 }),
      kind: 'image',
    }),
  ]);

  expect(faithful.verdict).toBe('faithful');
  expect(recoloured.verdict).toBe('changed');
  expect(recoloured.findingTexts).toEqual([
    { code: 'finding_part_colour', params: { colour: { code: 'colour_yellow' } } },
  ]);
});
