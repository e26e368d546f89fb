/**
 * Label text kept: each word read on the source product is looked for at the same place on the
 * result, warped back to the source's reading resolution (a crop of the located product, not
 * the whole result). Tesseract misses a word that is there on some results (light, blur, a
 * product drawn smaller), so a word it does not read again is judged with a second, pixel-level
 * measure: how well the edges of its letters line up with the source's.
 */
import type { OpenCv } from './opencv.ts';
import { readWords } from './ocr.ts';
import { cropPng } from './pixels.ts';
import { gradientMagnitude, toGray } from './raster.ts';
import { normaliseWord, type SourceProduct } from './source-product.ts';
import { warpBack } from './measure.ts';

/**
 * Letters' edges correlating this well with the source's are the same letters (OCR slipped);
 * below LETTERS_GONE they are gone or others, between the two a person should look. Measured:
 * a word Tesseract missed on a faithful result 0.91, partly erased labels 0.45-0.53,
 * misprinted ones 0.25-0.27 (the labelled set's tuning half; it alone has label text).
 */
const LETTERS_KEPT = 0.7;
const LETTERS_GONE = 0.55;
/** A word read on the result with this confidence and unlike the source's is other text. */
const READ_SURE = 70;

export interface TextKept {
  expected: string[];
  /** Words gone or changed. */
  missing: string[];
  /** Words neither read again nor clearly gone: a person should look. */
  unread: string[];
}

export async function textKept(
  cv: OpenCv,
  source: SourceProduct,
  result: InstanceType<OpenCv['Mat']>,
  h: number[],
): Promise<TextKept> {
  const expected = [...new Set(source.words.map((w) => w.text))];
  const missing: string[] = [];
  const unread: string[] = [];
  for (const text of expected) {
    const { patch } = source.words.find((w) => w.text === text)!;
    const crop = warpBack(cv, result, h, patch.box, patch.box, source.readingScale);
    const reads = await readWords(await cropPng(crop, { ...patch.box, x: 0, y: 0 }), 'sparse');
    const words = reads.map((w) => ({ text: normaliseWord(w.text), confidence: w.confidence }));
    if (words.some((w) => similar(w.text, text))) continue;
    const edges = gradientMagnitude(cv, toGray(cv, crop), crop.width, crop.height);
    const letters = correlation(patch.edges, edges, crop.seen);
    const readOther = words.some((w) => w.text.length >= 3 && w.confidence >= READ_SURE);
    if (letters >= LETTERS_KEPT && !readOther) continue;
    if (letters < LETTERS_GONE || readOther) missing.push(text);
    else unread.push(text);
  }
  return { expected, missing, unread };
}

/** Pearson correlation of two edge maps where the result is seen (0 when either is flat). */
function correlation(a: Float32Array, b: Float32Array, seen: Uint8Array): number {
  let n = 0,
    s1 = 0,
    s2 = 0,
    s11 = 0,
    s22 = 0,
    s12 = 0;
  for (let i = 0; i < a.length; i++) {
    if (!seen[i]) continue;
    const x = a[i]!,
      y = b[i]!;
    n++;
    s1 += x;
    s2 += y;
    s11 += x * x;
    s22 += y * y;
    s12 += x * y;
  }
  const v1 = s11 - (s1 * s1) / n,
    v2 = s22 - (s2 * s2) / n;
  if (n === 0 || v1 <= 0 || v2 <= 0) return 0;
  return (s12 - (s1 * s2) / n) / Math.sqrt(v1 * v2);
}

/** Equal but for OCR's slips: at most one edit in four letters. */
function similar(read: string, expected: string): boolean {
  if (read.includes(expected)) return true;
  return levenshtein(read, expected) <= Math.floor(expected.length / 4);
}

function levenshtein(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        row[j]! + 1,
        next[j - 1]! + 1,
        row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    row = next;
  }
  return row[b.length]!;
}
