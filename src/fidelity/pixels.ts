/** Decoding for the check: sharp, to raw RGB at a bounded size (and the alpha, where there is one). */
import sharp from 'sharp';

export interface Pixels {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel. */
  rgb: Uint8Array;
  /** Opacity, 1 byte a pixel, when the image has a meaningful alpha channel. */
  alpha?: Uint8Array;
}

/** Throws on anything sharp cannot decode (the caller turns that into `check_it`). */
export async function decode(image: Uint8Array, maxSide: number): Promise<Pixels> {
  const { data, info } = await sharp(image, { failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  const rgb = new Uint8Array(pixels * 3);
  const alpha = new Uint8Array(pixels);
  let transparent = 0;
  for (let i = 0; i < pixels; i++) {
    rgb[i * 3] = data[i * 4]!;
    rgb[i * 3 + 1] = data[i * 4 + 1]!;
    rgb[i * 3 + 2] = data[i * 4 + 2]!;
    alpha[i] = data[i * 4 + 3]!;
    if (alpha[i]! < 128) transparent++;
  }
  // A cut-out product (a few percent transparent or more) brings its own outline.
  const cutOut = transparent > pixels * 0.02;
  return { width: info.width, height: info.height, rgb, ...(cutOut ? { alpha } : {}) };
}

/** A crop of an RGB image, as a PNG for the text reader (`turn`ed clockwise, when given). */
export function cropPng(
  image: Pixels,
  box: { x: number; y: number; width: number; height: number },
  turn = 0,
): Promise<Buffer> {
  return sharp(image.rgb, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
    .rotate(turn)
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A crop of an RGB image, as raw RGB. */
export function cropRgb(
  image: Pixels,
  box: { x: number; y: number; width: number; height: number },
): Uint8Array {
  const out = new Uint8Array(box.width * box.height * 3);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.y + y) * image.width + box.x) * 3;
    out.set(image.rgb.subarray(from, from + box.width * 3), y * box.width * 3);
  }
  return out;
}
