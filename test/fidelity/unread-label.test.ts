/**
 * A label nobody reads (here Greek, which the check's English reader does not read as words) is
 * still compared: its text lines, found by their shape on the product image, are compared by
 * their letters' edges, so an erased label is found changed and a kept one is not.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eraseText } from '../../emulators/productai/render/changes.ts';
import { drawProduct, type Product } from '../../bench/fidelity/products.ts';
import { createFidelityChecker } from '../../src/fidelity/fidelity-checker.ts';
import { asSource, COLD_ANALYSIS_MS, inScene } from './support/photographed.ts';

const checker = createFidelityChecker({ threads: 1 });
let product: Product;
let source: Buffer;

/** The product with its label's text replaced by `text`. */
function labelled(text: string): Promise<Buffer> {
  const { box, labelColour, textColour, fontSize } = product.text!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="100%" height="100%" fill="${labelColour}"/><text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${fontSize}" fill="${textColour}">${text}</text></svg>`;
  return sharp(product.png)
    .composite([{ input: Buffer.from(svg), left: box.x, top: box.y }])
    .png()
    .toBuffer();
}

beforeAll(async () => {
  product = await drawProduct(1, true);
  source = await asSource(await labelled('ΨΩΦΞΛΣ'));
  // Analysed here, in the set-up, whose bound allows a cold analysis's readings.
  await checker.prepare([source]);
}, COLD_ANALYSIS_MS);
afterAll(() => checker.close());

describe('a label nobody reads', () => {
  test('kept, it is faithful', async () => {
    const result = await inScene(await labelled('ΨΩΦΞΛΣ'));
    const report = await checker.check({ sources: [source], result, kind: 'image' });
    expect(report.verdict).toBe('faithful');
  });

  test('erased, it is changed', async () => {
    const result = await inScene(await eraseText(await labelled('ΨΩΦΞΛΣ'), product.text!, 1));
    const report = await checker.check({ sources: [source], result, kind: 'image' });
    expect(report.verdict).toBe('changed');
    expect(report.findings).toEqual(['a logo, lettering or detail is missing or blurred']);
  });
});
