/**
 * How many pixels the app decodes, checked from the image's header (sharp's `metadata()` reads
 * only the header: 8 ms for a 16383 x 16383 PNG, whose decode takes seconds and 800 MB) before
 * any decode, and given to every sharp call as `limitInputPixels` besides, so a header that lies
 * cannot get past either.
 *
 * Why these two numbers:
 *  - MAX_DECODE_PIXELS, 8192 x 8192 (67.1 MP): the largest image ProductAI makes. Its largest
 *    output is 4K, 4096 px on the long side (resolution `4K`, productai-api.md), and its upscaler
 *    doubles both sides of an image; so a 4K result upscaled is 8192 x 8192 at most. Inputs it
 *    takes are capped by bytes (10 MB) only, and the app never sends it more than 2048 px a side
 *    (SOURCE_IMAGE_TRANSFORM) or 1536 px (the style reference). Anything larger is not a
 *    ProductAI result and is refused, not decoded. sharp's default would be 268 MP (16383^2).
 *  - MAX_UPLOAD_PIXELS, 25 MP: what a merchant may send the app (the shop style's image). It is
 *    scaled down to 1536 px anyway; 25 MP holds a 24 MP camera photo (6000 x 4000) and any image
 *    Shopify itself keeps as product media (20 MP, emulators/shopify/media/limits.ts), and a
 *    25 MP decode costs the web process at most ~75 MB of pixels, not 800 MB.
 */

export const MAX_DECODE_PIXELS = 8192 * 8192;
export const MAX_UPLOAD_PIXELS = 25_000_000;

/** "25 megapixels", "67.1 megapixels": a limit as the messages say it. */
export function megapixels(pixels: number): string {
  return `${megapixelCount(pixels)} megapixels`;
}

/** 25, 67.1: the number of megapixels, to one decimal. */
export function megapixelCount(pixels: number): number {
  const value = pixels / 1_000_000;
  return Number.isInteger(value) ? value : Number(value.toFixed(1));
}

/** An image whose header declares more pixels than the limit: refused before any decode. */
export class ImageTooLargeError extends Error {
  override readonly name = 'ImageTooLargeError';
  readonly width: number;
  readonly height: number;
  readonly limit: number;
  constructor(width: number, height: number, limit: number) {
    super(
      `The image is ${width}×${height} pixels (${megapixels(width * height)}); at most ${megapixels(limit)} are accepted.`,
    );
    this.width = width;
    this.height = height;
    this.limit = limit;
  }
}

/** Throws ImageTooLargeError when width x height is over `limit`. */
export function checkPixels(size: { width: number; height: number }, limit: number): void {
  if (size.width * size.height > limit)
    throw new ImageTooLargeError(size.width, size.height, limit);
}
