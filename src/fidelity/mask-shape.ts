/**
 * A cut-out's mask (one byte a pixel, 0 off) widened or narrowed: by a square (a band of even
 * width on every side, as far along a diagonal) or a disc (the same distance every way).
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
  const m = new cv.Mat(height, width, cv.CV_8UC1);
  m.data.set(mask);
  const out = new cv.Mat();
  const kernel = cv.getStructuringElement(
    shape === 'disc' ? cv.MORPH_ELLIPSE : cv.MORPH_RECT,
    new cv.Size(size, size),
  );
  if (by === 'widening') cv.dilate(m, out, kernel);
  else cv.erode(m, out, kernel);
  const changed = Uint8Array.from(out.data);
  for (const o of [m, out, kernel]) o.delete();
  return changed;
}
