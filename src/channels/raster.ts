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
 * The raster at a smaller longest side, resized from its own pixels: a second read of the same
 * image costs no second decode of its file (a 2K PNG's decode is most of a measure's time).
 */
export async function smallerRaster(raster: Raster, side: number): Promise<Raster> {
  if (Math.max(raster.width, raster.height) <= side) return raster;
  const { data, info } = await sharp(raster.data, {
    raw: { width: raster.width, height: raster.height, channels: 3 },
  })
    .resize({ width: side, height: side, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data, original: raster.original };
}

/**
 * One image as every measure of it reads it, decoded once: attach checks the channels at
 * MEASURE_SIDE and names the backdrop at a smaller side, on the same bytes. The first read
 * decodes the file; a read at a side no larger than one already read is resized from it.
 */
export interface DecodedImage {
  /** The file's bytes (its metadata is read from them, not from the pixels). */
  readonly bytes: Buffer;
  raster(side?: number): Promise<Raster>;
}

/** `decode`: the file's one decode (readRaster; a test counts its calls). */
export function decodeOnce(bytes: Buffer, decode = readRaster): DecodedImage {
  const read = new Map<number, Promise<Raster>>();
  return {
    bytes,
    raster(side = MEASURE_SIDE) {
      let raster = read.get(side);
      if (!raster) {
        const larger = [...read.keys()].filter((other) => other > side).sort((a, b) => a - b)[0];
        raster =
          larger === undefined
            ? decode(bytes, side)
            : read.get(larger)!.then((from) => smallerRaster(from, side));
        read.set(side, raster);
      }
      return raster;
    },
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
