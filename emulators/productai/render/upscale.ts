/**
 * The "precision upscaler": doubles both sides (Lanczos resampling plus a light sharpen), in the
 * input's own format (JPEG stays JPEG; PNG and WebP become PNG so no alpha is lost).
 * Inputs whose double would exceed UPSCALE_MAX_SIDE or UPSCALE_MAX_PIXELS are refused at
 * submission (see `upscaleRefusal`), so a job that starts can always finish. A requested change
 * (recolour or warp, for the fidelity guard's upscale check) is made on the whole image first.
 */
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, type InputImage } from '../images/inspect.ts';
import type { FileStore } from '../storage.ts';
import { changeProduct } from './change-product.ts';
import type { RenderResult, UpscalePlan } from './plan.ts';

export const UPSCALE_FACTOR = 2;
export const UPSCALE_MAX_SIDE = 16_384;
export const UPSCALE_MAX_PIXELS = 100_000_000;

/** Why an input cannot be upscaled, or null when it can. */
export function upscaleRefusal(image: InputImage): string | null {
  const width = image.width * UPSCALE_FACTOR;
  const height = image.height * UPSCALE_FACTOR;
  if (Math.max(width, height) > UPSCALE_MAX_SIDE || width * height > UPSCALE_MAX_PIXELS) {
    return `the image is ${image.width}x${image.height}; upscaling doubles each side, and results are limited to ${UPSCALE_MAX_SIDE} px per side and ${UPSCALE_MAX_PIXELS / 1_000_000} megapixels`;
  }
  return null;
}

export async function renderUpscale(plan: UpscalePlan, files: FileStore): Promise<RenderResult> {
  const width = plan.image.width * UPSCALE_FACTOR;
  const height = plan.image.height * UPSCALE_FACTOR;
  const input = plan.change
    ? await changeProduct(
        await sharp(plan.image.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .png()
          .toBuffer(),
        plan.change,
      )
    : plan.image.bytes;
  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, height, kernel: 'lanczos3', fit: 'fill' })
    .sharpen({ sigma: 0.6 });
  const jpeg = plan.image.format === 'jpeg';
  const bytes = jpeg
    ? await pipeline.jpeg({ quality: 92 }).toBuffer()
    : await pipeline.png().toBuffer();
  const file = await files.put('upscaled', jpeg ? 'jpg' : 'png', bytes);
  return { file: file.name, width, height };
}
