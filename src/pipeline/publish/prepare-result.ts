/**
 * Turns a ProductAI result into something `fileCreate` accepts as `originalSource`:
 *  - an image: its provenance written into it (XMP, EXIF: provenance.ts), scaled down with the
 *    image adapter (sharp) in its own format when it is over Shopify's limits, then uploaded
 *    through a staged upload (so an image inside the limits costs one `stagedUploadsCreate`
 *    more than fetching ProductAI's URL did: the marks must be in the file Shopify keeps);
 *  - a video: always a staged upload, declared with its exact byte size.
 * The result is downloaded either way: only its bytes tell its real size and type.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GenerationKind } from '../../app-api/contract.ts';
import type { SafeFetchPolicy } from '../../platform/http/safe-fetch.ts';
import { ImageTooLargeError } from '../../platform/image-limits.ts';
import type { ImageMarks, ImageProcessor } from '../../platform/images.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';
import { downloadResult, type FetchFn } from './result-download.ts';
import { SHOPIFY_IMAGE_LIMITS } from './shopify-image-limits.ts';
import { uploadStaged } from './staged-upload.ts';

export interface PreparedResult {
  originalSource: string;
  contentType: 'IMAGE' | 'VIDEO';
  filename: string;
  /** Set when the image was scaled down to fit Shopify's limits. */
  downscaled: { from: string; to: string } | null;
  /** The image's width x height as Shopify gets it (how long it processes it); null for a video. */
  pixels: number | null;
  /** An image's bytes exactly as uploaded (the channel checks measure them); null for a video. */
  image: Buffer | null;
}

/** The result cannot become a Shopify file whatever we retry (wrong type, unreadable). */
export class UnusableResultError extends Error {
  override readonly name = 'UnusableResultError';
}

const IMAGE_EXTENSIONS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const VIDEO_EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

export interface PrepareDeps {
  admin: AdminGraphql;
  fetch: FetchFn;
  images: ImageProcessor;
  /** Where result downloads may go (result-download.ts). */
  downloads: SafeFetchPolicy;
}

export async function prepareResult(
  /**
   * `name`: the file's name without its extension (file-names.ts), awaited only once the result
   * is downloaded, so whatever finds it runs meanwhile.
   */
  generation: { name: Promise<string>; kind: GenerationKind; resultUrl: string },
  deps: PrepareDeps,
  /** What an image carries in its metadata (videos carry none). */
  marks: ImageMarks,
): Promise<PreparedResult> {
  const download = await downloadResult(generation.resultUrl, generation.kind, {
    policy: deps.downloads,
  });
  try {
    const name = await generation.name;
    if (generation.kind === 'video') {
      const { mimeType } = download;
      const filename = `${name}.${VIDEO_EXTENSIONS[mimeType] ?? 'mp4'}`;
      const resourceUrl = await uploadStaged(deps.admin, deps.fetch, {
        path: download.path,
        bytes: download.bytes,
        filename,
        mimeType,
        resource: 'VIDEO',
      });
      return {
        originalSource: resourceUrl,
        contentType: 'VIDEO',
        filename,
        downscaled: null,
        pixels: null,
        image: null,
      };
    }
    const data = await readFile(download.path);
    const info = await deps.images.info(data).catch((error: unknown) => {
      throw new UnusableResultError('The generated file is not a readable image', { cause: error });
    });
    const extension = IMAGE_EXTENSIONS[info.format];
    if (!extension) {
      throw new UnusableResultError(
        `The generated image is a ${info.format}, which Shopify does not take`,
      );
    }
    const filename = `${name}.${extension}`;
    const fitted = await fitShopifyLimits(deps.images, data, marks).catch((error: unknown) => {
      // Over the decode limit: no ProductAI result is that large, and no retry makes it smaller,
      // so it fails now with the reason instead of using up the stage's tries. (The wording is
      // spelt out for the page's French: web/frontend/src/i18n/server-text.ts.)
      if (!(error instanceof ImageTooLargeError)) throw error;
      throw new UnusableResultError(
        `The generated image is ${error.width}×${error.height} pixels, more than the ${(error.limit / 1_000_000).toFixed(1)} megapixels the app reads`,
        { cause: error },
      );
    });
    const path = join(download.dir, filename);
    await writeFile(path, fitted.data);
    const resourceUrl = await uploadStaged(deps.admin, deps.fetch, {
      path,
      bytes: fitted.data.length,
      filename,
      mimeType: `image/${info.format}`,
      resource: 'IMAGE',
    });
    return {
      originalSource: resourceUrl,
      contentType: 'IMAGE',
      filename,
      downscaled: fitted.resized
        ? { from: `${info.width}x${info.height}`, to: `${fitted.width}x${fitted.height}` }
        : null,
      pixels: fitted.width * fitted.height,
      image: fitted.data,
    };
  } finally {
    await download.dispose();
  }
}

/**
 * The image with its marks, scaled down to Shopify's side and pixel limits, and further until its
 * file is under the byte limit (a 20-megapixel PNG can weigh 40 MB; bytes shrink roughly with
 * pixels, so each round aims 10% under).
 */
async function fitShopifyLimits(images: ImageProcessor, data: Buffer, marks: ImageMarks) {
  const { maxSide, maxBytes } = SHOPIFY_IMAGE_LIMITS;
  let maxPixels: number = SHOPIFY_IMAGE_LIMITS.maxPixels;
  let fitted = await images.fitWithin(data, { maxSide, maxPixels }, marks);
  for (let round = 0; fitted.data.length > maxBytes && round < 5; round += 1) {
    maxPixels = Math.floor(fitted.width * fitted.height * (maxBytes / fitted.data.length) * 0.9);
    fitted = await images.fitWithin(data, { maxSide, maxPixels }, marks);
  }
  if (fitted.data.length > maxBytes) {
    throw new UnusableResultError('The generated image is too large for Shopify even scaled down');
  }
  return fitted;
}
