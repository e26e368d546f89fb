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

/** OpenCV's 8-bit Lab: L scaled to 0..255, a and b offset by 128. */
export function labOf(cv: OpenCv, image: Pixels): Uint8Array {
  const rgb = rgbMat(cv, image);
  const lab = new cv.Mat();
  cv.cvtColor(rgb, lab, cv.COLOR_RGB2Lab);
  const out = Uint8Array.from(lab.data);
  rgb.delete();
  lab.delete();
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
