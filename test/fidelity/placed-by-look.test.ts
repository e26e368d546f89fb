/**
 * A smooth product no feature finds is placed by its look, at its own size: the demo run's
 * faithful results held for nothing were a plain mug and a cap placed by their colours at a
 * quarter and half their size ("could not be lined up"), and a daypack placed 7 % small, its
 * bottom cells past their search ("a logo, lettering or detail is missing").
 */
import { afterAll, expect, test } from 'vitest';
import { renderScene } from '../../emulators/productai/render/scene.ts';
import { imageSize } from '../../emulators/productai/render/sizes.ts';
import type { ImageAspectRatio } from '../../src/productai/catalogue.ts';
import { createFidelityChecker } from '../../src/fidelity/fidelity-checker.ts';
import { demoProductPhoto } from './support/demo-product.ts';

const checker = createFidelityChecker({ threads: 1 });
afterAll(() => checker.close());

const PEDESTAL =
  'The product on a matte black pedestal against a deep charcoal background, dramatic rim lighting, subtle reflections, premium luxury look';

/** The products side by side in the ProductAI emulator's scene on a pedestal, at 2K. */
async function onPedestal(products: Buffer[], aspect: ImageAspectRatio): Promise<Buffer> {
  const scene = await renderScene({ ...imageSize(aspect, '2K'), prompt: PEDESTAL, products });
  return scene.png().toBuffer();
}

test('a plain mug placed by its colours is sized by its outline, and is faithful', async () => {
  const mug = await demoProductPhoto('mug', '#d98c9a', 'Blush Ceramic Mug');
  const result = await onPedestal([mug], '4:3');
  const report = await checker.check({ sources: [mug], result, kind: 'image' });
  expect(report.findingTexts).toEqual([]);
  expect(report.verdict).toBe('faithful');
});

test('a daypack whose look still matches better past the finer search’s sizes is placed at its own size, and is faithful', async () => {
  const blush = await demoProductPhoto('backpack', '#d98c9a', 'Blush Colourway Daypack');
  const charcoal = await demoProductPhoto('backpack', '#3b3b3b', 'Charcoal Colourway Daypack');
  const result = await onPedestal([blush, charcoal], 'SQUARE');
  const report = await checker.check({ sources: [blush], result, kind: 'image' });
  expect(report.findingTexts).toEqual([]);
  expect(report.verdict).toBe('faithful');
});
