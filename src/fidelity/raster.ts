/** Small OpenCV helpers shared by the source and result sides of the check. */
import type { OpenCv } from './opencv.ts';
import type { Pixels } from './pixels.ts';

/** Longest side at which outlines, features, structure and colours are compared. */
export const GEOMETRY_SIDE = 512;
/**
 * Longest side at which the result is searched (a product may fill a small part of it): 768 px
 * found the products 1,024 px found (ORB's pyramid covers the scale), for less work.
 */
export const SEARCH_SIDE = 768;
/**
 * Longest side at which text is read, on the source and on the result's crops warped back to
 * it. Of 9 sources with a label on a patterned product, Tesseract read the word at 640 px on 4
 * and at 1,024 px on 3 (one cut short), none that 640 missed, and faster: letters about 30 px
 * high suit it.
 */
export const READING_SIDE = 640;
/** A source whose words are not read at READING_SIDE is read again at this size. */
export const CLOSER_READING_SIDE = 1024;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * `box` with `margin` more on each side, in whole pixels (outward) within a `width` × `height`
 * frame; its width or height 0 where nothing of it is inside.
 */
export function widenedBox(
  box: Box,
  margin: { x: number; y: number },
  width: number,
  height: number,
): Box {
  const x0 = Math.max(0, Math.floor(box.x - margin.x)),
    y0 = Math.max(0, Math.floor(box.y - margin.y));
  const x1 = Math.min(width, Math.ceil(box.x + box.width + margin.x)),
    y1 = Math.min(height, Math.ceil(box.y + box.height + margin.y));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

export function rgbMat(cv: OpenCv, image: Pixels) {
  const mat = new cv.Mat(image.height, image.width, cv.CV_8UC3);
  mat.data.set(image.rgb);
  return mat;
}

export function toGray(cv: OpenCv, image: Pixels): Uint8Array {
  const rgb = rgbMat(cv, image);
  const gray = new cv.Mat();
  cv.cvtColor(rgb, gray, cv.COLOR_RGB2GRAY);
  const out = Uint8Array.from(gray.data);
  rgb.delete();
  gray.delete();
  return out;
}

/** Sobel gradient magnitude after a light blur: edges, insensitive to a change of lighting. */
export function gradientMagnitude(
  cv: OpenCv,
  gray: Uint8Array,
  width: number,
  height: number,
): Float32Array {
  const src = new cv.Mat(height, width, cv.CV_8UC1);
  src.data.set(gray);
  const blurred = new cv.Mat();
  cv.GaussianBlur(src, blurred, new cv.Size(5, 5), 1.2);
  const gx = new cv.Mat();
  const gy = new cv.Mat();
  cv.Sobel(blurred, gx, cv.CV_32F, 1, 0);
  cv.Sobel(blurred, gy, cv.CV_32F, 0, 1);
  const mag = new cv.Mat();
  cv.magnitude(gx, gy, mag);
  const out = Float32Array.from(mag.data32F);
  for (const m of [src, blurred, gx, gy, mag]) m.delete();
  return out;
}

/**
 * Grey levels as they would look seen `scale` times as large (below 1: the detail a smaller
 * view loses), in the same frame: a source's edges compared with a result that shows the
 * product smaller must lose the same fine detail first, or every fine letter reads as gone.
 */
export function atScale(
  cv: OpenCv,
  gray: Uint8Array,
  width: number,
  height: number,
  scale: number,
): Uint8Array {
  if (scale >= 0.95) return gray;
  const src = new cv.Mat(height, width, cv.CV_8UC1);
  src.data.set(gray);
  const small = new cv.Mat();
  const size = new cv.Size(
    Math.max(8, Math.round(width * scale)),
    Math.max(8, Math.round(height * scale)),
  );
  cv.resize(src, small, size, 0, 0, cv.INTER_AREA);
  const back = new cv.Mat();
  cv.resize(small, back, new cv.Size(width, height), 0, 0, cv.INTER_LINEAR);
  const out = Uint8Array.from(back.data);
  for (const m of [src, small, back]) m.delete();
  return out;
}
