/**
 * Label text found before it is read (src/fidelity/label-lines.ts): the label's line is found by
 * its shape on a patterned product, and read alone.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { drawBackground, drawProduct } from '../../bench/fidelity/products.ts';
import { lineWords, textLines } from '../../src/fidelity/label-lines.ts';
import { closeOcr } from '../../src/fidelity/ocr.ts';
import { loadOpenCv } from '../../src/fidelity/opencv.ts';
import { decode } from '../../src/fidelity/pixels.ts';
import { normaliseWord } from '../../src/fidelity/source-product.ts';

afterAll(() => closeOcr());

async function labelledSource() {
  const product = await drawProduct(1, true);
  const scale = 800 / product.height;
  const cut = await sharp(product.png).resize({ height: 800 }).png().toBuffer();
  const image = await sharp(await drawBackground(2, 1024, false))
    .composite([{ input: cut, top: 112, left: 300 }])
    .jpeg({ quality: 92 })
    .toBuffer();
  const label = product.text!.box;
  return {
    pixels: await decode(image, 1024),
    word: product.text!.text,
    productBox: { x: 300, y: 112, width: Math.round(product.width * scale), height: 800 },
    label: {
      x: 300 + label.x * scale,
      y: 112 + label.y * scale,
      width: label.width * scale,
      height: label.height * scale,
    },
  };
}

describe('label text found before it is read', () => {
  test("a text line is found inside the product's label, by its shape", async () => {
    const { cv } = await loadOpenCv();
    const { pixels, productBox, label } = await labelledSource();
    const lines = textLines(cv, pixels, productBox);
    expect(
      lines.some(
        (line) =>
          line.x >= label.x - 4 &&
          line.y >= label.y - 4 &&
          line.x + line.width <= label.x + label.width + 4 &&
          line.y + line.height <= label.y + label.height + 4,
      ),
    ).toBe(true);
  });

  test("the label's word is read on its line", async () => {
    const { cv } = await loadOpenCv();
    const { pixels, productBox, word } = await labelledSource();
    const words = await lineWords(pixels, textLines(cv, pixels, productBox));
    expect(words.map((w) => normaliseWord(w.text))).toContain(word);
  });
});
