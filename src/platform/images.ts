/**
 * Image processing as an adapter (sharp in production): the publish stage downscales results
 * that exceed Shopify's image limits before uploading them, and writes their provenance into
 * them (XMP and EXIF).
 *
 * Writing metadata: a PNG gets its XMP without being encoded again (png-xmp.ts: pixels and
 * bytes untouched); a JPEG or WebP is encoded again by sharp (it has no metadata-only write) at
 * quality 95, with XMP and EXIF. Measured by bench/provenance-metadata.ts
 * (docs/features/ai-transparency.md).
 *
 * Bounded (image-limits.ts): `info` reads the header only, never decodes; `fitWithin` refuses an
 * image whose header declares more than MAX_DECODE_PIXELS before decoding it (and sharp gets the
 * same `limitInputPixels`), and decodes at most DECODES_AT_ONCE images at once per process.
 */
import sharp, { type FormatEnum } from 'sharp';
import { checkPixels, MAX_DECODE_PIXELS } from './image-limits.ts';
import { withPngXmp } from './png-xmp.ts';
import { createTaskGate } from './task-gate.ts';

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

/** Metadata written into an image: an XMP packet, and EXIF fields of IFD0 (Software, ...). */
export interface ImageMarks {
  xmp: string;
  exif: Record<string, string>;
}

export interface ImageProcessor {
  info(data: Buffer): Promise<ImageInfo>;
  /**
   * Scales down (never up), keeping the aspect ratio and the format, to fit both limits. With
   * marks, the image carries them (a PNG its XMP; a JPEG or WebP its XMP and EXIF, encoded
   * again with its own EXIF and ICC profile kept).
   */
  fitWithin(data: Buffer, limits: FitLimits, marks?: ImageMarks): Promise<FittedImage>;
}

/** A marked JPEG or WebP is encoded again at this quality. */
const MARKED_QUALITY = 95;

/**
 * Decodes at once per process. sharp decodes on libuv's thread pool (4 threads), where every
 * other request's crypto (session tokens), file and DNS work waits too. With 6 uploaders of
 * 24 MP photos, another shop's GET /api/settings p95 rose 3.4-17.7x with 6 decodes at once,
 * 5.3x with 2, 2.2-8.3x with 1 (bench/image-bombs.ts on 2 shared cores; docs/operations.md, Bounded
 * inputs). One at a time leaves three threads, and at most one core to image work.
 */
const DECODES_AT_ONCE = 1;

export function createSharpImageProcessor(): ImageProcessor {
  const decodes = createTaskGate(DECODES_AT_ONCE);
  async function info(data: Buffer): Promise<ImageInfo> {
    // The header only: the limit is checked by the caller (and by fitWithin) on these figures.
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height || !meta.format) throw new Error('Not a readable image');
    return { width: meta.width, height: meta.height, format: meta.format };
  }
  return {
    info,
    fitWithin: (data, limits, marks) => decodes.run(() => fit(data, limits, marks)),
  };

  async function fit(data: Buffer, limits: FitLimits, marks?: ImageMarks): Promise<FittedImage> {
    const original = await info(data);
    checkPixels(original, MAX_DECODE_PIXELS);
    const scale = Math.min(
      1,
      limits.maxSide / Math.max(original.width, original.height),
      Math.sqrt(limits.maxPixels / (original.width * original.height)),
    );
    const png = original.format === 'png';
    if (scale === 1 && (!marks || png)) {
      return { ...original, data: marks ? withPngXmp(data, marks.xmp) : data, resized: false };
    }
    let image = sharp(data, { limitInputPixels: MAX_DECODE_PIXELS });
    if (scale < 1) {
      // Floor, so rounding can never land one pixel above a limit.
      const width = Math.max(1, Math.floor(original.width * scale));
      const height = Math.max(1, Math.floor(original.height * scale));
      image = image.resize(width, height, { fit: 'fill' });
    }
    if (marks && !png) {
      image = image.keepIccProfile().withExifMerge({ IFD0: marks.exif }).withXmp(marks.xmp);
    }
    const output = await image
      .toFormat(
        original.format as keyof FormatEnum,
        marks && !png ? { quality: MARKED_QUALITY } : {},
      )
      .toBuffer({ resolveWithObject: true });
    return {
      data: marks && png ? withPngXmp(output.data, marks.xmp) : output.data,
      width: output.info.width,
      height: output.info.height,
      format: output.info.format,
      resized: scale < 1,
    };
  }
}
