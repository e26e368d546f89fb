/**
 * A cut-out's mask (one byte a pixel, 0 off) widened or narrowed: by a square (a band of even
 * width on every side, as far along a diagonal) or a disc (the same distance every way).
 *
 * A disc is read off the exact Euclidean distance to the mask's edge (one pass whatever its
 * size), not dilated by an elliptic kernel, whose cost grows with its size: grown.ts's disc, 41
 * px on a 512 px source, took 50-200 ms of a check.
 */
import type { OpenCv } from './opencv.ts';

export interface MaskChange {
  by: 'widening' | 'narrowing';
  shape: 'square' | 'disc';
  /** The square's or the disc's side in pixels (odd: centred on each pixel). */
  size: number;
}

export function changedMask(
  cv: OpenCv,
  mask: Uint8Array,
  width: number,
  height: number,
  { by, shape, size }: MaskChange,
): Uint8Array {
  if (shape === 'disc') return byDistance(cv, mask, width, height, by, (size - 1) / 2);
  const m = new cv.Mat(height, width, cv.CV_8UC1);
  m.data.set(mask);
  const out = new cv.Mat();
  const kernel = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(size, size));
  if (by === 'widening') cv.dilate(m, out, kernel);
  else cv.erode(m, out, kernel);
  const changed = Uint8Array.from(out.data);
  for (const o of [m, out, kernel]) o.delete();
  return changed;
}

/** On within `radius` of the mask (widening), or only more than `radius` inside it (narrowing). */
function byDistance(
  cv: OpenCv,
  mask: Uint8Array,
  width: number,
  height: number,
  by: MaskChange['by'],
  radius: number,
): Uint8Array {
  // The distance each pixel lies from the nearest zero: off pixels' from the mask when widening.
  const from = new cv.Mat(height, width, cv.CV_8UC1);
  const zeros = from.data;
  for (let i = 0; i < mask.length; i++) zeros[i] = (by === 'widening') === !mask[i] ? 1 : 0;
  const distance = new cv.Mat();
  cv.distanceTransform(from, distance, cv.DIST_L2, cv.DIST_MASK_PRECISE);
  const d = distance.data32F;
  const changed = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++)
    changed[i] = by === 'widening' ? (d[i]! <= radius ? 1 : 0) : d[i]! > radius ? 1 : 0;
  for (const o of [from, distance]) o.delete();
  return changed;
}
