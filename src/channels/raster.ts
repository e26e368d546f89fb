/**
 * The image as the rules measure it: decoded once with sharp, transparency flattened on white
 * (as a storefront shows it), scaled down to at most MEASURE_SIDE pixels on its longest side
 * (the measures look at bands, boxes and words a few pixels wide; a 4K result measured whole
 * would cost ten times the time for the same answers), RGB, row after row.
 */
import sharp from 'sharp';
import { MAX_DECODE_PIXELS } from '../platform/image-limits.ts';

export const MEASURE_SIDE = 1200;

export interface Raster {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel, row after row. */
  data: Buffer;
  /** The image's own size, before scaling. */
  original: { width: number; height: number };
}

/** `side`: the longest side measured; a measure that reads only colours asks for fewer pixels. */
export async function readRaster(image: Buffer, side = MEASURE_SIDE): Promise<Raster> {
  const meta = await sharp(image, { limitInputPixels: MAX_DECODE_PIXELS }).metadata();
  if (!meta.width || !meta.height) throw new Error('Not a readable image');
  const { data, info } = await sharp(image, { limitInputPixels: MAX_DECODE_PIXELS })
    .flatten({ background: '#ffffff' })
    .resize({
      width: side,
      height: side,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data,
    original: { width: meta.width, height: meta.height },
  };
}

/**
 * The raster as a grey PNG, for the text reader: Tesseract reads colour images through its own
 * thresholding, which a large coloured product next to red words turned into no words at all
 * (measured on the rules' test image); read grey, it finds them.
 */
export function rasterPng(raster: Raster): Promise<Buffer> {
  return sharp(raster.data, {
    raw: { width: raster.width, height: raster.height, channels: 3 },
    limitInputPixels: MAX_DECODE_PIXELS,
  })
    .greyscale()
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export type Rgb = [number, number, number];

export function pixel(raster: Raster, x: number, y: number): Rgb {
  const i = (y * raster.width + x) * 3;
  return [raster.data[i]!, raster.data[i + 1]!, raster.data[i + 2]!];
}

/** The largest difference of one channel between two colours (0..255). */
export function colourDistance(a: Rgb, b: Rgb): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));
}
