/**
 * The fidelity check on the demo's own products (the Shopify emulator's drawings: flat colours,
 * few features, a drawn shadow under each) in the demo's ProductAI scenes: a faithful result is
 * faithful. These are the cases a demo run held for nothing (bench/fidelity/demo-run.ts): a
 * product fitted askew by a handful of features, a shadow taken for the product, an upscale
 * fitted by features instead of its frame.
 */
import sharp from 'sharp';
import { afterAll, expect, test } from 'vitest';
import { renderScene } from '../../emulators/productai/render/scene.ts';
import { analyseImage } from '../../src/fidelity/check.ts';
import { createFidelityChecker } from '../../src/fidelity/fidelity-checker.ts';
import { demoProductPhoto } from './support/demo-product.ts';

const checker = createFidelityChecker({ threads: 1 });
afterAll(() => checker.close());

const photo = (kind: 'lamp' | 'cap' | 'plant', colour: string, title: string, view = 0) =>
  demoProductPhoto(kind, colour, title, { view, views: 4 });

async function inScene(product: Buffer, prompt: string, width = 1024, height = 1280) {
  const scene = await renderScene({ width, height, prompt, products: [product] });
  return scene.png().toBuffer();
}

test('a faithful upscale of a flat drawing is faithful: it is placed by its frame, not by its few features', async () => {
  const source = await photo('lamp', '#e9e2cf', 'Ivory Desk Lamp');
  const result = await sharp(source).resize(2048, 2048).jpeg({ quality: 90 }).toBuffer();
  const report = await checker.check({ sources: [source], result, kind: 'upscale' });
  expect(report.findings).toEqual([]);
  expect(report.verdict).toBe('faithful');
});

// The drawings' shadow: an ellipse 0.6 of the frame wide whose top is at 0.72 (product-art.ts).
const SHADOW = { top: 0.72, width: 0.6 };

test("a product's cut-out leaves out the shadow drawn apart under it", async () => {
  const source = await analyseImage(await photo('cap', '#c4622d', 'Terracotta Baseball Cap', 2));
  const { box, height } = source!;
  expect((box.y + box.height) / height).toBeLessThan(SHADOW.top);
});

test("a product's cut-out leaves out the shadow its base stands on", async () => {
  const source = await analyseImage(await photo('plant', '#e9e2cf', 'Ivory Planter Pot', 2));
  const { box, width } = source!;
  expect(box.width / width).toBeLessThan(SHADOW.width * 0.8);
});

test('a product standing on its drawn shadow is compared without it', async () => {
  const source = await photo('plant', '#e9e2cf', 'Ivory Planter Pot', 2);
  const result = await inScene(
    source,
    'The product on a warm oak wooden table, late afternoon golden light',
  );
  const report = await checker.check({ sources: [source], result, kind: 'image' });
  expect(report.findings).toEqual([]);
  expect(report.verdict).toBe('faithful');
});
