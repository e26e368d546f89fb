/**
 * Label text kept: each word read on the source product is looked for at the same place on the
 * result, warped back to the source's reading resolution (a crop of the located product, not
 * the whole result). Tesseract misses a word that is there on some results (light, blur, a
 * product drawn smaller), so a word is first judged with a pixel-level measure, how well the
 * edges of its letters line up with the source's, and read only when that does not settle it.
 */
import { debuglog } from 'node:util';
import type { OpenCv } from './opencv.ts';
import { letterAgreement } from './letter-edges.ts';
import { readWords } from './ocr.ts';
import { cropPng } from './pixels.ts';
import { atScale, gradientMagnitude, toGray } from './raster.ts';
import { letterHeight, transposed, type Turn } from './quarter-turn.ts';
import { normaliseWord, type Patch, type SourceProduct } from './source-product.ts';
import { warpBack } from './measure.ts';

/**
 * What each word measured and read, on stderr when NODE_DEBUG names `fidelity-text` (Node reads
 * it, once per process): for tuning the limits below on a labelled set.
 */
const debug = debuglog('fidelity-text');

/**
 * Letters' edges correlating this well with the source's are the same letters (OCR slipped);
 * below LETTERS_GONE they are gone or others, between the two a person should look. Measured:
 * a word Tesseract missed on a faithful result 0.91, partly erased labels 0.45-0.53,
 * misprinted ones 0.25-0.27 (the labelled set's tuning half; it alone has label text).
 */
const LETTERS_KEPT = 0.7;
const LETTERS_GONE = 0.55;
/**
 * A letter-wide strip of a word correlating less than this with the source's holds another
 * letter, or none. Measured on the set's first 16 products and two more (p25, p60): the worst
 * letter of a word on a faithful result 0.61 or more (a source word read short, 'CRUS' for
 * 'CITRUS', on a turned product), of a misprinted word 0.45 or less (two letters changed, the
 * word as a whole at 0.75), of an erased one 0.0 or less. Where the word as a whole agrees
 * (LETTERS_KEPT) it decides only with OCR: a strip can fall lower on a faithful result (below).
 */
const LETTER_CHANGED = 0.5;
/** A word read on the result with this confidence and unlike the source's is other text. */
const READ_SURE = 70;
/**
 * Letters shown smaller than this on the result (the word's height, pixels of the searched
 * result) cannot be read there, nor their edges told apart, so they are not compared: a
 * caption read on a 1,024 px product image was "not found" on a result showing the product at
 * a third of that size, where nobody could read it either.
 */
const LEGIBLE = 9;

/** Whether text this tall on the source (GEOMETRY_SIDE pixels) can be read on the result. */
export function legible(height: number, scale: number): boolean {
  return height * scale >= LEGIBLE;
}

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
  scale: number,
  placedWell: boolean,
): Promise<TextKept> {
  // A word running up or down (a strap's) is compared only on a product its features place
  // well: placed by a few matches or its look alone, a bag turned 40° showed its straps' words
  // beside where they were looked for, "missing" on 3 of its 4 faithful results.
  const words = source.words.filter(
    (w) => legible(letterHeight(w), scale) && (!w.turn || placedWell),
  );
  const detail = scale / source.readingScale;
  const expected = [...new Set(words.map((w) => w.text))];
  const missing = new Set<string>();
  const unread = new Set<string>();
  // Each place a word stands is compared: the same word twice on a product (a strap's lettering
  // on both straps) is changed when either is.
  for (const word of words) {
    const { text } = word;
    const crop = warpBack(cv, result, h, word.patch.box, word.patch.box, source.readingScale);
    const letter = letterHeight(word) * source.readingScale;
    const letters = agreement(cv, word.patch, crop, letter, detail, word.turn);
    // Every letter's edges where the source's are: the same letters, whatever OCR would make of
    // them (on the source or here), so the word is kept without reading it: a word read again
    // was kept either way, so the verdict is the one reading first gave (the same on all 342
    // pairs of the labelled set), and the reading (20-130 ms a word) is spent only on words
    // whose letters moved. The text step's p95 per check went from 51 to 28 ms.
    debug('%s %o scale %d letters %o', text, word.box, scale, letters);
    if (letters.whole >= LETTERS_KEPT && letters.worst >= LETTER_CHANGED) continue;
    const whole = { ...word.patch.box, x: 0, y: 0 };
    const reads = await readWords(await cropPng(crop, whole, word.turn), 'sparse');
    const read = reads.map((w) => ({ text: normaliseWord(w.text), confidence: w.confidence }));
    if (read.some((w) => w.text.includes(text))) continue;
    // Read with a slip of OCR's, kept unless one of its letters is clearly another.
    if (read.some((w) => similar(w.text, text)) && letters.worst >= LETTER_CHANGED) continue;
    debug('%s read %o', text, read);
    const readOther = read.some((w) => w.text.length >= 3 && w.confidence >= READ_SURE);
    // One strip unlike while the word as a whole agrees is not enough alone: of a word read in
    // two pieces on the source ('GRA', 'NITH' of 'GRANITE'), 'NITH' kept 0.91-0.93 as a whole
    // on faithful results while one strip fell to 0.25-0.33.
    const letterChanged = letters.worst < LETTER_CHANGED && letters.whole < LETTERS_KEPT;
    if (letterChanged || letters.whole < LETTERS_GONE || readOther) missing.add(text);
    else if (letters.whole < LETTERS_KEPT) unread.add(text);
  }
  return { expected, missing: [...missing], unread: [...unread].filter((t) => !missing.has(t)) };
}

/**
 * The letters' edges on the result against the source's, the source's first seen at the
 * result's resolution (`detail`: the result's pixels per reading-frame pixel): a result that
 * shows the label smaller blurs its letters' edges, and the sharp source's would not line up
 * with them however faithful (a '268' at two thirds of the reading frame's size correlated 0.69
 * whole and 0.46 in its worst strip, a misprint's figures). A word running up or down is
 * compared transposed, so its letters are stepped through along its line.
 */
function agreement(
  cv: OpenCv,
  patch: Patch,
  crop: ReturnType<typeof warpBack>,
  letter: number,
  detail: number,
  turn: Turn | undefined,
) {
  const { width, height } = patch.box;
  const before = gradientMagnitude(
    cv,
    atScale(cv, patch.gray, width, height, detail),
    width,
    height,
  );
  const after = gradientMagnitude(cv, toGray(cv, crop), crop.width, crop.height);
  if (!turn) return letterAgreement(before, after, crop.seen, crop.width, letter);
  const across = <T extends Float32Array | Uint8Array>(values: T) =>
    transposed(values, width, height);
  return letterAgreement(across(before), across(after), across(crop.seen), height, letter);
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
