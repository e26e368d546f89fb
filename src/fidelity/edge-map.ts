/**
 * Edges of the strongest channel at each pixel, whatever their colours: a hue turn changes an
 * outline's contrast, not where it is (outline-look.ts searches these maps).
 */
import type { OpenCv } from './opencv.ts';
import type { Pixels } from './pixels.ts';
import type { Box } from './raster.ts';

/** Colour contrast (Sobel on 0-255 channels) from which an edge counts whole. */
const EDGE_FULL = 120;

/**
 * Each map's edges are spread (a Gaussian of this share of the product's side in the source,
 * of the result's side in the result) so that the search's sizes, 15 % then 3 % apart, find a
 * thin outline near where it is: unspread, the right place scored 0.53-0.59 on the mug.
 */
const SOURCE_SPREAD = 0.03;
const RESULT_SPREAD = 0.01;

/** The product's map (its source, `box` the product's). */
export const productEdges = (cv: OpenCv, image: Pixels, box: Box) =>
  edgeMap(cv, image, Math.max(box.width, box.height) * SOURCE_SPREAD);

/** A result's map, the product anywhere in it. */
export const sceneEdges = (cv: OpenCv, image: Pixels) =>
  edgeMap(cv, image, Math.max(image.width, image.height) * RESULT_SPREAD);

/**
 * The edges saturated at EDGE_FULL, spread by a Gaussian of `spread` pixels and scaled to
 * 0-255: one byte a pixel.
 */
function edgeMap(cv: OpenCv, image: Pixels, spread: number): Uint8Array {
  const rgb = new cv.Mat(image.height, image.width, cv.CV_8UC3);
  rgb.data.set(image.rgb);
  const blurred = new cv.Mat();
  cv.GaussianBlur(rgb, blurred, new cv.Size(5, 5), 1.2);
  const gx = new cv.Mat(),
    gy = new cv.Mat();
  cv.Sobel(blurred, gx, cv.CV_32F, 1, 0);
  cv.Sobel(blurred, gy, cv.CV_32F, 0, 1);
  const x = gx.data32F,
    y = gy.data32F;
  const n = image.width * image.height;
  const edges = new cv.Mat(image.height, image.width, cv.CV_8UC1);
  // A Mat's `data` is a getter that makes a new view at each read: read once, not once a pixel
  // (that was most of this map's time, 75 of 150 ms on a 512 px source).
  const edge = edges.data;
  for (let i = 0; i < n; i++) {
    let strongest = 0;
    for (let k = i * 3; k < i * 3 + 3; k++)
      strongest = Math.max(strongest, x[k]! * x[k]! + y[k]! * y[k]!);
    edge[i] = Math.min(255, Math.round((Math.sqrt(strongest) / EDGE_FULL) * 255));
  }
  const spreadOut = new cv.Mat();
  cv.GaussianBlur(edges, spreadOut, new cv.Size(0, 0), Math.max(0.5, spread));
  const spreadData = spreadOut.data;
  let max = 1;
  for (const v of spreadData) max = Math.max(max, v);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.round((spreadData[i]! / max) * 255);
  for (const m of [rgb, blurred, gx, gy, edges, spreadOut]) m.delete();
  return out;
}

/** A one-byte map as grey RGB (the look's search, coarse.ts, takes RGB). */
export function asGreyRgb(map: Uint8Array): Uint8Array {
  const out = new Uint8Array(map.length * 3);
  for (let i = 0; i < map.length; i++) out[i * 3] = out[i * 3 + 1] = out[i * 3 + 2] = map[i]!;
  return out;
}
