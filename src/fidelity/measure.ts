/**
 * The located product, in the source's frame: the result is warped back onto the source with
 * the homography and its structure compared cell by cell (colour-drift.ts and label-text.ts
 * compare colours and words on the same warp).
 */
import type { OpenCv } from './opencv.ts';
import type { Pixels } from './pixels.ts';
import { gradientMagnitude, rgbMat, toGray, type Box } from './raster.ts';
import type { SourceProduct } from './source-product.ts';

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

/**
 * The result as a 4-channel Mat (alpha 255 everywhere), made once per check: every warp reads
 * from it, and a pixel a warp takes from outside the result comes out with alpha 0 ("not seen").
 */
export function resultMat(cv: OpenCv, result: Pixels) {
  const rgb = rgbMat(cv, result);
  const rgba = new cv.Mat();
  cv.cvtColor(rgb, rgba, cv.COLOR_RGB2RGBA);
  rgb.delete();
  return rgba;
}

export function warpBack(
  cv: OpenCv,
  result: InstanceType<OpenCv['Mat']>,
  h: number[],
  source: { width: number; height: number },
  offset = { x: 0, y: 0 },
  scale = 1,
): Pixels & { seen: Uint8Array } {
  // Destination pixel (u, v) is source point ((u + offset) / scale); H maps it into the result.
  const t = [1 / scale, 0, offset.x / scale, 0, 1 / scale, offset.y / scale, 0, 0, 1];
  const hm = cv.matFromArray(3, 3, cv.CV_64F, multiply(h, t));
  const out = new cv.Mat();
  cv.warpPerspective(
    result,
    out,
    hm,
    new cv.Size(source.width, source.height),
    cv.INTER_LINEAR | cv.WARP_INVERSE_MAP,
    cv.BORDER_CONSTANT,
    new cv.Scalar(0, 0, 0, 0),
  );
  // One view of the Mat's memory: each `.data` access makes a new one, and a loop that asks
  // for it per pixel took seconds at 1024 px (measured: most of a check's time).
  const data = out.data;
  const n = source.width * source.height;
  const rgb = new Uint8Array(n * 3);
  const seen = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    rgb[i * 3] = data[i * 4]!;
    rgb[i * 3 + 1] = data[i * 4 + 1]!;
    rgb[i * 3 + 2] = data[i * 4 + 2]!;
    seen[i] = data[i * 4 + 3]! > 200 ? 1 : 0;
  }
  for (const o of [hm, out]) o.delete();
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
