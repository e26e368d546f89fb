/**
 * The measures on the located product, in the source's frame: the result is warped back onto
 * the source with the homography, then compared cell by cell (structure), colour by colour
 * (CIEDE2000) and word by word (text read again where the source has it).
 */
import { differenceCiede2000 } from 'culori';
import type { OpenCv } from './opencv.ts';
import { readWords } from './ocr.ts';
import { cropPng, type Pixels } from './pixels.ts';
import { gradientMagnitude, labOf, toGray, type Box } from './raster.ts';
import { normaliseWord, type SourceProduct } from './source-product.ts';

const CELL = 24;
/** A cell whose edges correlate less than this with the source's has changed (or is hidden). */
const CELL_AGREES = 0.45;

export interface Structure {
  /** Mean correlation of the product's edges, cell by cell (1: identical). */
  score: number;
  /** Share of the product's cells that no longer agree. */
  changedShare: number;
  /** The cells that changed, in the source frame. */
  changedBox?: Box;
  /** Cells that agree, to read colours where the product is seen as it is. */
  agrees: Uint8Array;
}

export function warpBack(
  cv: OpenCv,
  result: Pixels,
  h: number[],
  source: { width: number; height: number },
  offset = { x: 0, y: 0 },
  scale = 1,
): Pixels & { seen: Uint8Array } {
  // Destination pixel (u, v) is source point ((u + offset) / scale); H maps it into the result.
  const t = [1 / scale, 0, offset.x / scale, 0, 1 / scale, offset.y / scale, 0, 0, 1];
  const m = multiply(h, t);
  const src = new cv.Mat(result.height, result.width, cv.CV_8UC4);
  for (let i = 0; i < result.width * result.height; i++) {
    src.data[i * 4] = result.rgb[i * 3]!;
    src.data[i * 4 + 1] = result.rgb[i * 3 + 1]!;
    src.data[i * 4 + 2] = result.rgb[i * 3 + 2]!;
    src.data[i * 4 + 3] = 255;
  }
  const hm = cv.matFromArray(3, 3, cv.CV_64F, m);
  const out = new cv.Mat();
  const size = new cv.Size(source.width, source.height);
  cv.warpPerspective(
    src,
    out,
    hm,
    size,
    cv.INTER_LINEAR | cv.WARP_INVERSE_MAP,
    cv.BORDER_CONSTANT,
    new cv.Scalar(0, 0, 0, 0),
  );
  const n = source.width * source.height;
  const rgb = new Uint8Array(n * 3);
  const seen = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    rgb[i * 3] = out.data[i * 4]!;
    rgb[i * 3 + 1] = out.data[i * 4 + 1]!;
    rgb[i * 3 + 2] = out.data[i * 4 + 2]!;
    seen[i] = out.data[i * 4 + 3]! > 200 ? 1 : 0;
  }
  for (const o of [src, hm, out]) o.delete();
  return { width: source.width, height: source.height, rgb, seen };
}

function multiply(a: number[], b: number[]): number[] {
  const r = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      for (let k = 0; k < 3; k++) r[i * 3 + j]! += a[i * 3 + k]! * b[k * 3 + j]!;
  return r;
}

export function structure(
  cv: OpenCv,
  source: SourceProduct,
  warped: Pixels & { seen: Uint8Array },
): Structure {
  const { width, height, mask, box } = source;
  const g2 = gradientMagnitude(cv, toGray(cv, warped), width, height);
  const g1 = source.gradient;
  const agrees = new Uint8Array(width * height);
  let cells = 0,
    changed = 0,
    total = 0;
  let cx0 = Infinity,
    cy0 = Infinity,
    cx1 = -Infinity,
    cy1 = -Infinity;
  for (let y0 = box.y; y0 < box.y + box.height; y0 += CELL)
    for (let x0 = box.x; x0 < box.x + box.width; x0 += CELL) {
      const x1 = Math.min(x0 + CELL, width),
        y1 = Math.min(y0 + CELL, height);
      let n = 0,
        on = 0,
        s1 = 0,
        s2 = 0,
        s11 = 0,
        s22 = 0,
        s12 = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const i = y * width + x;
          if (!mask[i]) continue;
          on++;
          if (!warped.seen[i]) continue;
          const a = g1[i]!,
            b = g2[i]!;
          n++;
          s1 += a;
          s2 += b;
          s11 += a * a;
          s22 += b * b;
          s12 += a * b;
        }
      const area = (x1 - x0) * (y1 - y0);
      if (on < area * 0.5 || n < on * 0.8) continue;
      const v1 = s11 - (s1 * s1) / n,
        v2 = s22 - (s2 * s2) / n;
      // A flat cell on both sides agrees; a flat cell against an edged one does not.
      const flat1 = v1 < n * 4,
        flat2 = v2 < n * 4;
      const r =
        flat1 && flat2 ? 1 : flat1 || flat2 ? 0 : (s12 - (s1 * s2) / n) / Math.sqrt(v1 * v2);
      cells++;
      total += r;
      if (r >= CELL_AGREES) {
        for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) agrees[y * width + x] = 1;
      } else {
        changed++;
        cx0 = Math.min(cx0, x0);
        cy0 = Math.min(cy0, y0);
        cx1 = Math.max(cx1, x1);
        cy1 = Math.max(cy1, y1);
      }
    }
  if (cells === 0) return { score: 0, changedShare: 1, agrees };
  return {
    score: total / cells,
    changedShare: changed / cells,
    ...(changed > 0 ? { changedBox: { x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0 } } : {}),
    agrees,
  };
}

const ciede2000 = differenceCiede2000();

/**
 * The largest CIEDE2000 among the product's main colours, where the product is seen as it is
 * (cells whose structure agrees). The result's lightness is first matched to the source's over
 * the whole product: a scene lit brighter or darker is not a recolour.
 */
export function colourDrift(cv: OpenCv, source: SourceProduct, warped: Pixels, agrees: Uint8Array) {
  const lab = labOf(cv, warped);
  const k = source.colours.length;
  const sums = Array.from({ length: k }, () => ({
    n: 0,
    l1: 0,
    a1: 0,
    b1: 0,
    l2: 0,
    a2: 0,
    b2: 0,
  }));
  for (let i = 0; i < agrees.length; i++) {
    const c = source.colourOf[i]!;
    if (c < 0 || !agrees[i]) continue;
    const s = sums[c]!;
    s.n++;
    s.l1 += source.lab[i * 3]!;
    s.a1 += source.lab[i * 3 + 1]!;
    s.b1 += source.lab[i * 3 + 2]!;
    s.l2 += lab[i * 3]!;
    s.a2 += lab[i * 3 + 1]!;
    s.b2 += lab[i * 3 + 2]!;
  }
  const all = sums.reduce((t, s) => ({ n: t.n + s.n, d: t.d + s.l2 - s.l1 }), { n: 0, d: 0 });
  if (all.n === 0) return undefined;
  const lightShift = all.d / all.n;
  let worst = { deltaE: 0, where: '' };
  sums.forEach((s) => {
    if (s.n < all.n * 0.08) return;
    const before = toLab(s.l1 / s.n, s.a1 / s.n, s.b1 / s.n);
    const after = toLab((s.l2 - lightShift * s.n) / s.n, s.a2 / s.n, s.b2 / s.n);
    const deltaE = ciede2000(before, after);
    if (deltaE > worst.deltaE) worst = { deltaE, where: `the ${colourName(before)} part` };
  });
  return worst;
}

function toLab(l: number, a: number, b: number) {
  return { mode: 'lab65' as const, l: (l * 100) / 255, a: a - 128, b: b - 128 };
}

/** Plain words for a Lab colour ("red", "dark blue", "grey"). */
function colourName(c: { l: number; a: number; b: number }): string {
  const chroma = Math.hypot(c.a, c.b);
  if (chroma < 10) return c.l > 80 ? 'white' : c.l < 25 ? 'black' : 'grey';
  const hue = ((Math.atan2(c.b, c.a) * 180) / Math.PI + 360) % 360;
  const names: [number, string][] = [
    [20, 'pink'],
    [50, 'red'],
    [75, 'orange'],
    [100, 'yellow'],
    [160, 'green'],
    [220, 'teal'],
    [290, 'blue'],
    [330, 'purple'],
    [360, 'pink'],
  ];
  const name = names.find(([limit]) => hue < limit)![1];
  return c.l < 35 ? `dark ${name}` : name;
}

/** Words of the source read again at the same place on the result; those not found are missing. */
export async function textKept(
  cv: OpenCv,
  source: SourceProduct,
  result: Pixels,
  h: number[],
  readingScale: number,
) {
  const expected = [...new Set(source.words.map((w) => w.text))];
  const missing: string[] = [];
  for (const text of expected) {
    const word = source.words.find((w) => w.text === text)!;
    const pad = word.box.height * 0.6;
    const box = {
      x: Math.max(0, word.box.x - pad),
      y: Math.max(0, word.box.y - pad),
      width: word.box.width + 2 * pad,
      height: word.box.height + 2 * pad,
    };
    const crop = warpBack(
      cv,
      result,
      h,
      { width: Math.ceil(box.width * readingScale), height: Math.ceil(box.height * readingScale) },
      { x: box.x * readingScale, y: box.y * readingScale },
      readingScale,
    );
    const png = await cropPng(crop, { x: 0, y: 0, width: crop.width, height: crop.height });
    const read = (await readWords(png, 'sparse')).map((w) => normaliseWord(w.text));
    if (!read.some((r) => similar(r, text))) missing.push(text);
  }
  return { expected, missing };
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
