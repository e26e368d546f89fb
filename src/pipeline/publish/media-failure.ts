/**
 * Shopify's file and media error codes in the merchant's words: what went wrong with the
 * result on Shopify's side, and what to do about it. Shopify's own message is kept after it,
 * since it sometimes names a detail (a size, a duration) the code alone does not.
 */
import type { FileProblem } from './shopify-files.ts';

export interface MerchantReason {
  reason: string;
  action: string;
}

const RETRY = 'Retry the generation; if it fails again, try a lower resolution.';

const BY_CODE: Record<string, MerchantReason> = {
  IMAGE_DOWNLOAD_FAILURE: {
    reason: 'Shopify could not download the generated image.',
    action: 'Retry the generation.',
  },
  GENERIC_FILE_DOWNLOAD_FAILURE: {
    reason: 'Shopify could not download the generated file.',
    action: 'Retry the generation.',
  },
  IMAGE_PROCESSING_FAILURE: {
    reason: 'Shopify could not process the generated image.',
    action: RETRY,
  },
  INVALID_IMAGE_FILE_SIZE: {
    reason: 'The generated image is larger than Shopify accepts (20 MB).',
    action: RETRY,
  },
  INVALID_IMAGE_RESOLUTION: {
    reason: 'The generated image is larger than Shopify accepts (20 megapixels, 4472 px a side).',
    action: RETRY,
  },
  INVALID_IMAGE_ASPECT_RATIO: {
    reason: 'Shopify does not accept the shape of the generated image.',
    action: 'Retry with another aspect ratio.',
  },
  UNSUPPORTED_IMAGE_FILE_TYPE: {
    reason: 'Shopify does not accept the type of the generated image.',
    action: 'Retry with the other output format (PNG or JPG).',
  },
  FILE_STORAGE_LIMIT_EXCEEDED: {
    reason: 'Your store has reached its file storage limit.',
    action: 'Delete files you no longer need in Content > Files, then retry.',
  },
  MEDIA_TIMEOUT_ERROR: {
    reason: 'Shopify took too long to process the result.',
    action: 'Retry the generation.',
  },
  VIDEO_MAX_DURATION_ERROR: {
    reason: 'The generated video is longer than Shopify allows for product media.',
    action: 'Retry with a shorter duration.',
  },
  VIDEO_MIN_DURATION_ERROR: {
    reason: 'The generated video is shorter than Shopify allows for product media.',
    action: 'Retry with a longer duration.',
  },
  VIDEO_MAX_WIDTH_ERROR: {
    reason: 'The generated video is wider than Shopify allows.',
    action: 'Retry with a lower video resolution.',
  },
  VIDEO_MAX_HEIGHT_ERROR: {
    reason: 'The generated video is taller than Shopify allows.',
    action: 'Retry with a lower video resolution.',
  },
  VIDEO_MIN_WIDTH_ERROR: {
    reason: 'The generated video is narrower than Shopify allows.',
    action: 'Retry with a higher video resolution.',
  },
  VIDEO_MIN_HEIGHT_ERROR: {
    reason: 'The generated video is shorter in height than Shopify allows.',
    action: 'Retry with a higher video resolution.',
  },
};

const FALLBACK: MerchantReason = {
  reason: 'Shopify could not process the result.',
  action: 'Retry the generation.',
};

/** The merchant-facing reason for a file that ended FAILED on Shopify. */
export function mediaFailureReason(errors: readonly FileProblem[]): MerchantReason {
  const first = errors[0];
  const known = (first && BY_CODE[first.code]) ?? FALLBACK;
  const detail = first ? [first.message, first.details].filter(Boolean).join(' — ') : '';
  return {
    reason: detail ? `${known.reason} Shopify said: “${detail}”.` : known.reason,
    action: known.action,
  };
}
