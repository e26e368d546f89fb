/**
 * Image processing as an adapter (sharp in production): the publish stage downscales results
 * that exceed Shopify's image limits before uploading them.
 */
import sharp, { type FormatEnum } from 'sharp';

export interface ImageInfo {
  width: number;
  height: number;
  /** sharp's format name: jpeg, png, webp, ... */
  format: string;
}

export interface FitLimits {
  /** Longest allowed side in pixels. */
  maxSide: number;
  /** Largest allowed width x height. */
  maxPixels: number;
}

export interface FittedImage extends ImageInfo {
  data: Buffer;
  /** False when the input already fitted and is returned unchanged. */
  resized: boolean;
}

export interface ImageProcessor {
  info(data: Buffer): Promise<ImageInfo>;
  /** Scales down (never up), keeping the aspect ratio and the format, to fit both limits. */
  fitWithin(data: Buffer, limits: FitLimits): Promise<FittedImage>;
}

export function createSharpImageProcessor(): ImageProcessor {
  async function info(data: Buffer): Promise<ImageInfo> {
    const meta = await sharp(data).metadata();
    if (!meta.width || !meta.height || !meta.format) throw new Error('Not a readable image');
    return { width: meta.width, height: meta.height, format: meta.format };
  }
  return {
    info,
    async fitWithin(data, limits) {
      const original = await info(data);
      const scale = Math.min(
        1,
        limits.maxSide / Math.max(original.width, original.height),
        Math.sqrt(limits.maxPixels / (original.width * original.height)),
      );
      if (scale === 1) return { ...original, data, resized: false };
      // Floor, so rounding can never land one pixel above a limit.
      const width = Math.max(1, Math.floor(original.width * scale));
      const height = Math.max(1, Math.floor(original.height * scale));
      const output = await sharp(data)
        .resize(width, height, { fit: 'fill' })
        .toFormat(original.format as keyof FormatEnum)
        .toBuffer({ resolveWithObject: true });
      return {
        data: output.data,
        width: output.info.width,
        height: output.info.height,
        format: output.info.format,
        resized: true,
      };
    },
  };
}
