/**
 * What the check needs from a source image, computed once per source (a product's photo is
 * checked against every result made from it): the product's outline, its features, its main
 * colours and the words on it.
 */
import type { OpenCv } from './opencv.ts';
import { lineWords, textLines } from './label-lines.ts';
import { readWords } from './ocr.ts';
import { cropPng, cropRgb, type Pixels } from './pixels.ts';
import { boundingBox, onBackdrop, productCutOut, withoutWords } from './cut-out.ts';
import { gradientMagnitude, toGray, type Box } from './raster.ts';
import { TURNS, turnedPixels, unturnedBox, type Turn } from './quarter-turn.ts';
import { changedMask } from './mask-shape.ts';
import { productEdges } from './edge-map.ts';

export interface SourceProduct {
  width: number;
  height: number;
  /** 1 on the product, 0 elsewhere (GEOMETRY_SIDE frame). */
  mask: Uint8Array;
  box: Box;
  points: Float32Array;
  /** ORB descriptors, 32 bytes a point. */
  descriptors: Uint8Array;
  /** Grey levels, whose edges are compared at the result's scale (GEOMETRY_SIDE frame). */
  gray: Uint8Array;
  /** Edges at full scale. */
  gradient: Float32Array;
  rgb: Uint8Array;
  /**
   * The product's edges whatever their colours, spread (edge-map.ts): where its outline is looked
   * for (outline-look.ts). Made here, ahead, not in the check: 75 ms of a check's tail.
   */
  outline: Uint8Array;
  /** The product less its rim (whose pixels mix in the source's background), for colours. */
  inner: Uint8Array;
  /**
   * Words on the product, boxes in the GEOMETRY_SIDE frame; each word's patch (the word and a
   * margin) in the reading frame, with the edges of its letters. A word running up or down the
   * product has the `turn` that set it upright (quarter-turn.ts); its box and patch are unturned.
   */
  words: { text: string; box: Box; patch: Patch; turn?: Turn }[];
  /** Reading frame over GEOMETRY_SIDE frame. */
  readingScale: number;
}

/** A box of the reading frame with the grey levels inside it (their edges are compared). */
export interface Patch {
  box: Box;
  gray: Uint8Array;
}

export async function analyseSource(
  cv: OpenCv,
  geometry: Pixels,
  reading: Pixels,
  closer?: () => Promise<Pixels>,
): Promise<SourceProduct> {
  const { width, height } = geometry;
  const { parts, open, backdrop } = productCutOut(cv, geometry);
  const read = await productText(
    cv,
    geometry,
    reading,
    parts,
    boundingBox(parts, width, height),
    closer,
  );
  // Words on the open backdrop are the picture's (a caption): left out of the product, so its
  // features, cells and colours are the product's alone.
  const captions = open ? read.filter(({ box: b }) => onBackdrop(open, width, b)) : [];
  const words = read.filter((word) => !captions.includes(word));
  const mask = captions.length ? withoutWords(cv, parts, captions, width, height) : parts;
  const box = boundingBox(mask, width, height);
  const gray = toGray(cv, geometry);
  const { points, descriptors } = features(cv, gray, mask, width, height, 1500);
  const gradient = gradientMagnitude(cv, gray, width, height);
  const inner = changedMask(cv, mask, width, height, { by: 'narrowing', shape: 'square', size: 9 });
  if (backdrop) for (let i = 0; i < inner.length; i++) if (backdrop(i)) inner[i] = 0;
  const readingScale = reading.width / width;
  return {
    width,
    height,
    mask,
    box,
    points,
    descriptors,
    gray,
    gradient,
    rgb: geometry.rgb,
    inner,
    outline: productEdges(cv, geometry, box),
    words,
    readingScale,
  };
}

export function features(
  cv: OpenCv,
  gray: Uint8Array,
  mask: Uint8Array | undefined,
  width: number,
  height: number,
  count: number,
): { points: Float32Array; descriptors: Uint8Array } {
  const img = new cv.Mat(height, width, cv.CV_8UC1);
  img.data.set(gray);
  const m = new cv.Mat(height, width, cv.CV_8UC1);
  if (mask) m.data.set(mask.map((v) => v * 255));
  else m.setTo(new cv.Scalar(255));
  const orb = new cv.ORB(count);
  const keypoints = new cv.KeyPointVector();
  const des = new cv.Mat();
  orb.detectAndCompute(img, m, keypoints, des);
  const points = new Float32Array(keypoints.size() * 2);
  for (let i = 0; i < keypoints.size(); i++) {
    const { pt } = keypoints.get(i);
    points[i * 2] = pt.x;
    points[i * 2 + 1] = pt.y;
  }
  const descriptors = Uint8Array.from(des.data);
  for (const o of [img, m, orb, keypoints, des]) o.delete();
  return { points, descriptors };
}

/**
 * Words read on the product (sparse text, the product's box only), kept when read with
 * confidence, each with the edges of its letters (the `patch` around it, reading frame), which
 * the result's are compared with when the result's text is not read again. Where the reading
 * frame shows no word, `closer` gives the source larger for a second look, then its text lines
 * are found and read one by one. (Lines where still no word was read were once kept by their
 * edges alone: on real photographs they were found on plain products, an exercise ball's seams,
 * and called 5 faithful results of 102 changed while adding nothing on the drawn set; a label
 * painted out is seen by its faded detail, measure.ts.) Where no line across is read at all, the
 * product is read turned a quarter each way: lettering running up a strap (STARTER on a duffel
 * bag's straps is read at 0.96 turned, not at all across).
 */
async function productText(
  cv: OpenCv,
  geometry: Pixels,
  reading: Pixels,
  mask: Uint8Array,
  box: Box,
  closer?: () => Promise<Pixels>,
) {
  let found = await wordsIn(reading, geometry, box);
  if (!found.length && closer) {
    const larger = await closer();
    const k = reading.width / larger.width;
    let closerWords = await wordsIn(larger, geometry, box);
    // Still none: the label's lines found first, each read alone (label-lines.ts).
    if (!closerWords.length) {
      const lines = textLines(cv, larger, scaleBox(box, larger.width / geometry.width, larger));
      closerWords = confident(await lineWords(larger, lines));
    }
    found = closerWords.map(({ text, box: b }) => ({ text, box: scaled(b, k) }));
  }
  if (!found.length) found = await turnedWordsIn(cv, reading, geometry, box);
  const scale = reading.width / geometry.width;
  const patch = (b: Box, pad: number): Patch => {
    const around = scaleBox(
      { x: b.x - pad, y: b.y - pad, width: b.width + 2 * pad, height: b.height + 2 * pad },
      1,
      reading,
    );
    return { box: around, gray: toGray(cv, { ...around, rgb: cropRgb(reading, around) }) };
  };
  return found
    .map(({ text, box: b, turn }: { text: string; box: Box; turn?: Turn }) => ({
      text,
      box: { x: b.x / scale, y: b.y / scale, width: b.width / scale, height: b.height / scale },
      patch: patch(b, (turn ? b.width : b.height) * 0.6),
      ...(turn ? { turn } : {}),
    }))
    .filter(({ box: b }) => onProduct(mask, geometry.width, b));
}

/**
 * Whether a word lies on the product (half of its box or more): a caption under the product
 * ("image 1 of 4" in the demo's pictures), a price or a watermark beside it is the picture's,
 * not the product's, and a result that drops it is faithful.
 */
function onProduct(mask: Uint8Array, width: number, b: Box): boolean {
  let on = 0,
    all = 0;
  for (let y = Math.floor(b.y); y < b.y + b.height; y++)
    for (let x = Math.floor(b.x); x < b.x + b.width; x++) {
      all++;
      on += mask[y * width + x] ?? 0;
    }
  return all > 0 && on >= all / 2;
}

function scaled(b: Box, k: number): Box {
  return { x: b.x * k, y: b.y * k, width: b.width * k, height: b.height * k };
}

/** Confident words on the product's box of `image`, boxes in `image`'s pixels. */
async function wordsIn(image: Pixels, geometry: Pixels, box: Box) {
  const crop = scaleBox(box, image.width / geometry.width, image);
  const words = await readWords(await cropPng(image, crop), 'sparse');
  return confident(
    words.map(({ text, confidence, box: w }) => ({
      text,
      confidence,
      box: { x: crop.x + w.x0, y: crop.y + w.y0, width: w.x1 - w.x0, height: w.y1 - w.y0 },
    })),
  );
}

/**
 * Words of the product's box read turned each way a quarter: lettering running up or down it.
 * Each turn is read whole, then line by line where that reads nothing (a strap's lettering
 * across a patterned product was read whole at confidence 40, as a line at 90 or more).
 */
async function turnedWordsIn(cv: OpenCv, image: Pixels, geometry: Pixels, box: Box) {
  const crop = scaleBox(box, image.width / geometry.width, image);
  const cropped = { width: crop.width, height: crop.height, rgb: cropRgb(image, crop) };
  const found: { text: string; box: Box; turn: Turn }[] = [];
  for (const turn of TURNS) {
    const upright = turnedPixels(cropped, turn);
    const whole = { x: 0, y: 0, width: upright.width, height: upright.height };
    let words = await wordsIn(upright, upright, whole);
    if (!words.length) words = confident(await lineWords(upright, textLines(cv, upright, whole)));
    for (const { text, box: b } of words) {
      const at = unturnedBox(b, turn, crop.width, crop.height);
      found.push({ text, turn, box: { ...at, x: crop.x + at.x, y: crop.y + at.y } });
    }
  }
  return found;
}

function confident(words: { text: string; confidence: number; box: Box }[]) {
  return (
    words
      .map((word) => ({ ...word, text: normaliseWord(word.text) }))
      // 70, not 75: a clean label's word was read at 74 among a pattern's noise (which stays
      // under 60 or shorter than 3 letters).
      .filter(({ text, confidence }) => text.length >= 3 && confidence >= 70)
      .map(({ text, box }) => ({ text, box }))
  );
}

/** Upper case, letters and digits only: how words are compared. */
export function normaliseWord(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function scaleBox(box: Box, scale: number, within: { width: number; height: number }): Box {
  const x = Math.max(0, Math.floor(box.x * scale));
  const y = Math.max(0, Math.floor(box.y * scale));
  return {
    x,
    y,
    width: Math.max(1, Math.min(within.width - x, Math.ceil(box.width * scale))),
    height: Math.max(1, Math.min(within.height - y, Math.ceil(box.height * scale))),
  };
}
