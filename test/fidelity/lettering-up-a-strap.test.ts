/**
 * Lettering that runs up a product, as a bag's strap carries it, is read turned a quarter: the
 * same lettering kept is faithful; another word woven in its place is changed, and says which.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { drawProduct, type Product } from '../../bench/fidelity/products.ts';
import { createFidelityChecker } from '../../src/fidelity/fidelity-checker.ts';
import { asSource, COLD_ANALYSIS_MS, inScene } from './support/photographed.ts';

const checker = createFidelityChecker({ threads: 1 });
const STRAP = { width: 64, height: 420 };
let product: Product;
let source: Buffer;

/** The product with a black strap down its middle, `word` woven up it in white. */
function strapped(word: string): Promise<Buffer> {
  const { width, height } = STRAP;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#111"/><text transform="translate(${width / 2} ${height / 2}) rotate(-90)" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="46" fill="#fff">${word}</text></svg>`;
  return sharp(product.png)
    .composite([
      {
        input: Buffer.from(svg),
        left: Math.round((product.width - width) / 2),
        top: Math.round((product.height - height) / 2),
      },
    ])
    .png()
    .toBuffer();
}

beforeAll(async () => {
  product = await drawProduct(4, false);
  source = await asSource(await strapped('STARTER'));
  // Analysed here, in the set-up, whose bound allows a cold analysis's readings.
  await checker.prepare([source]);
}, COLD_ANALYSIS_MS);
afterAll(() => checker.close());

describe('lettering running up a strap', () => {
  test('kept, it is faithful', async () => {
    const result = await inScene(await strapped('STARTER'));
    const report = await checker.check({ sources: [source], result, kind: 'image' });
    expect(report.verdict).toBe('faithful');
  });

  test('another word in its place, it is changed and names the word', async () => {
    const result = await inScene(await strapped('ZENITH'));
    const report = await checker.check({ sources: [source], result, kind: 'image' });
    expect(report.verdict).toBe('changed');
    expect(report.findings).toContain("the lettering 'STARTER' is missing or changed");
  });
});
