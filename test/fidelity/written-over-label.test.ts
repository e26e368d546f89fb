/**
 * A label written over with other letters, which no word read on the source covers (Greek, which
 * the check's English reader does not read as words): the cells over the product's detail
 * disagree even aligned on their own, in a block two lines tall, and the result is changed,
 * outlined on the label; the same label kept is faithful.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { drawProduct, type Product } from '../../bench/fidelity/products.ts';
import { createFidelityChecker } from '../../src/fidelity/fidelity-checker.ts';
import { asSource, COLD_ANALYSIS_MS, inScene } from './support/photographed.ts';

const checker = createFidelityChecker({ threads: 1 });
const KEPT = ['ΨΩΦΞΛ', 'ΣΛΞΦΩ'];
let product: Product;
let source: Buffer;

/** The product with its label's two lines of text replaced by `lines`. */
function labelled(lines: string[]): Promise<Buffer> {
  const { box, labelColour, textColour } = product.text!;
  const line = (text: string, y: string) =>
    `<text x="50%" y="${y}" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="50" fill="${textColour}">${text}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="100%" height="100%" fill="${labelColour}"/>${line(lines[0]!, '27%')}${line(lines[1]!, '73%')}</svg>`;
  return sharp(product.png)
    .composite([{ input: Buffer.from(svg), left: box.x, top: box.y }])
    .png()
    .toBuffer();
}

beforeAll(async () => {
  product = await drawProduct(1, true);
  source = await asSource(await labelled(KEPT));
  // Analysed here, in the set-up, whose bound allows a cold analysis's readings.
  await checker.prepare([source]);
}, COLD_ANALYSIS_MS);
afterAll(() => checker.close());

describe('a label written over with other letters', () => {
  test('kept, it is faithful', async () => {
    const result = await inScene(await labelled(KEPT));
    const report = await checker.check({ sources: [source], result, kind: 'image' });
    expect(report.verdict).toBe('faithful');
  });

  test('written over, it is changed, outlined on the label', async () => {
    const result = await inScene(await labelled(['ΔΘΠΓΖ', 'ΒΖΓΠΘ']));
    const report = await checker.check({ sources: [source], result, kind: 'image' });
    expect(report.verdict).toBe('changed');
    expect(report.findings).toEqual(["the product's shape or detail changed"]);
    // The label outlined, not the whole product (about a third of the result's width and half
    // its height): a tenth of the product's area or so.
    const { width, height } = report.region!;
    expect(width * height).toBeLessThan(0.04);
  });
});
