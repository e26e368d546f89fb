/**
 * Shopify's file and media error codes in the merchant's words (coded texts: error-codes.ts):
 * what went wrong with the result on Shopify's side, and what to do about it. Shopify's own
 * message is kept after it, since it sometimes names a detail (a size, a duration) the code
 * alone does not.
 */
import type { CodedText } from '../../app-api/error-codes.ts';
import type { FileProblem } from './shopify-files.ts';

export interface MerchantReason {
  reason: CodedText;
  action: CodedText;
}

const RETRY: CodedText = { code: 'action_retry_lower_resolution' };
const RETRY_GENERATION: CodedText = { code: 'action_retry' };

const BY_CODE: Record<string, MerchantReason> = {
  IMAGE_DOWNLOAD_FAILURE: {
    reason: { code: 'media_download_image' },
    action: RETRY_GENERATION,
  },
  GENERIC_FILE_DOWNLOAD_FAILURE: {
    reason: { code: 'media_download_file' },
    action: RETRY_GENERATION,
  },
  IMAGE_PROCESSING_FAILURE: {
    reason: { code: 'media_process_image' },
    action: RETRY,
  },
  INVALID_IMAGE_FILE_SIZE: {
    reason: { code: 'media_too_large_mb' },
    action: RETRY,
  },
  INVALID_IMAGE_RESOLUTION: {
    reason: { code: 'media_too_large_px' },
    action: RETRY,
  },
  INVALID_IMAGE_ASPECT_RATIO: {
    reason: { code: 'media_shape' },
    action: { code: 'action_retry_aspect' },
  },
  UNSUPPORTED_IMAGE_FILE_TYPE: {
    reason: { code: 'media_type' },
    action: { code: 'action_retry_format' },
  },
  FILE_STORAGE_LIMIT_EXCEEDED: {
    reason: { code: 'media_storage' },
    action: { code: 'action_delete_files' },
  },
  MEDIA_TIMEOUT_ERROR: {
    reason: { code: 'media_too_slow' },
    action: RETRY_GENERATION,
  },
  VIDEO_MAX_DURATION_ERROR: {
    reason: { code: 'video_long' },
    action: { code: 'action_retry_shorter' },
  },
  VIDEO_MIN_DURATION_ERROR: {
    reason: { code: 'video_short' },
    action: { code: 'action_retry_longer' },
  },
  VIDEO_MAX_WIDTH_ERROR: {
    reason: { code: 'video_wide' },
    action: { code: 'action_retry_lower_video' },
  },
  VIDEO_MAX_HEIGHT_ERROR: {
    reason: { code: 'video_tall' },
    action: { code: 'action_retry_lower_video' },
  },
  VIDEO_MIN_WIDTH_ERROR: {
    reason: { code: 'video_narrow' },
    action: { code: 'action_retry_higher_video' },
  },
  VIDEO_MIN_HEIGHT_ERROR: {
    reason: { code: 'video_short_height' },
    action: { code: 'action_retry_higher_video' },
  },
};

const FALLBACK: MerchantReason = {
  reason: { code: 'media_process_result' },
  action: RETRY_GENERATION,
};

/** The merchant-facing reason for a file that ended FAILED on Shopify. */
export function mediaFailureReason(errors: readonly FileProblem[]): MerchantReason {
  const first = errors[0];
  const known = (first && BY_CODE[first.code]) ?? FALLBACK;
  const detail = first ? [first.message, first.details].filter(Boolean).join(' — ') : '';
  return {
    reason: detail
      ? { code: 'shopify_said', params: { reason: known.reason, detail } }
      : known.reason,
    action: known.action,
  };
}
