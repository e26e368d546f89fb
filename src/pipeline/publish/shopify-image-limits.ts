/**
 * Shopify's limits for an image file. ProductAI's 4K outputs can exceed them (a 4K 4:5 image is
 * 3277 x 4096 = 13 MP and fine, but a 4K PNG can weigh more than 20 MB, and upscales grow past
 * 4472 px a side): Shopify would accept the upload and then fail the media with
 * INVALID_IMAGE_RESOLUTION or INVALID_IMAGE_FILE_SIZE, so the app scales the image down first
 * (prepare-result.ts).
 */

export const SHOPIFY_IMAGE_LIMITS = {
  maxSide: 4472,
  maxPixels: 20_000_000,
  maxBytes: 20 * 1024 * 1024,
} as const;
