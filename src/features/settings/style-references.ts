/**
 * The shop style's reference image, as the merchant sets it: an image uploaded on
 * Settings, or a photo result they liked ("Use as shop style"). Either is checked to be a JPEG,
 * PNG or WebP ProductAI takes, made at most REFERENCE_MAX_SIDE px on its long side (a style is
 * colours and light, and a smaller image uploads faster and sits smaller in Redis), and kept with
 * the settings; the submit stage uploads it to ProductAI when a request first needs it
 * (pipeline/sources/shop-style.ts).
 */
import { readFile } from 'node:fs/promises';
import { STYLE_REFERENCE_MAX_BYTES } from '../../app-api/contract.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { ImageTooLargeError } from '../../platform/image-limits.ts';
import {
  checkPixels,
  MAX_DECODE_PIXELS,
  MAX_UPLOAD_PIXELS,
  megapixelCount,
} from '../../platform/image-limits.ts';
import { type Pipeline, downloadResult } from '../../pipeline/index.ts';
import type { ShopStyleStore } from '../../stores/shop-style.ts';

/** Long side of the kept reference: ProductAI's models work from about 1K anyway. */
const REFERENCE_MAX_SIDE = 1536;
/** Long side of the thumbnail Settings shows. */
const THUMBNAIL_MAX_SIDE = 160;

const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const notAnImage = () =>
  new AppError('invalid', 'invalid_style_image', {
    fields: { image: { code: 'choose_image_type' } },
  });

const tooManyPixels = ({ width, height, limit }: ImageTooLargeError) => {
  const count = megapixelCount(limit);
  return new AppError('too_large', 'style_image_too_large', {
    params: { size: `${width}×${height}`, count },
    fields: { image: { code: 'choose_smaller_image', params: { count } } },
  });
};

export function createStyleReferences(deps: {
  settings: ShopStyleStore;
  pipeline: Pipeline;
  clock: Clock;
}) {
  const { images, generations, resultDownloads } = deps.pipeline.context;

  /**
   * `maxPixels`: checked on the header before anything is decoded. A merchant's upload may have
   * MAX_UPLOAD_PIXELS; a ProductAI result as large as ProductAI makes them (an upscale).
   */
  async function keep(
    shop: string,
    bytes: Buffer,
    source: { source: 'upload' | 'result'; generationId: string | null },
    maxPixels: number,
  ): Promise<void> {
    if (bytes.length === 0 || bytes.length > STYLE_REFERENCE_MAX_BYTES) {
      throw new AppError('invalid', 'style_image_over_10mb', {
        fields: { image: { code: 'choose_image_under_10mb' } },
      });
    }
    const info = await images.info(bytes).catch(() => null);
    const contentType = info && CONTENT_TYPES[info.format];
    if (!contentType) throw notAnImage();
    try {
      checkPixels(info, maxPixels);
    } catch (error) {
      throw tooManyPixels(error as ImageTooLargeError);
    }
    const limits = (side: number) => ({ maxSide: side, maxPixels: side * side });
    const kept = await images.fitWithin(bytes, limits(REFERENCE_MAX_SIDE));
    const thumbnail = await images.fitWithin(kept.data, limits(THUMBNAIL_MAX_SIDE));
    await deps.settings.setStyleReference(shop, {
      bytes: kept.data,
      contentType,
      thumbnail: `data:${contentType};base64,${thumbnail.data.toString('base64')}`,
      ...source,
      setAt: new Date(deps.clock.now()).toISOString(),
    });
  }

  return {
    upload: (shop: string, bytes: Buffer) =>
      keep(shop, bytes, { source: 'upload', generationId: null }, MAX_UPLOAD_PIXELS),

    async fromResult(shop: string, generationId: string) {
      const generation = await generations.get(shop, generationId);
      if (!generation) {
        throw new AppError('not_found', 'generation_not_found');
      }
      if (generation.kind === 'video' || !generation.resultUrl) {
        throw new AppError('invalid', 'no_photo_result', {
          fields: { generationId: { code: 'generation_has_no_photo' } },
        });
      }
      const download = await downloadResult(generation.resultUrl, 'photo', {
        policy: resultDownloads,
      }).catch((error: unknown) => {
        throw new AppError('unavailable', 'result_unavailable', {
          cause: error,
          retryAfterSeconds: 30,
        });
      });
      try {
        const bytes = await readFile(download.path);
        await keep(shop, bytes, { source: 'result', generationId }, MAX_DECODE_PIXELS);
      } finally {
        await download.dispose();
      }
    },
  };
}
