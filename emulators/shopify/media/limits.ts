/**
 * Shopify's limits on media it accepts
 * (https://help.shopify.com/en/manual/products/product-media/product-media-types):
 * images up to 20 megapixels and 4472 px on a side and 20 MB; videos up to 1 GB.
 */
export const MAX_IMAGE_PIXELS = 20_000_000;
export const MAX_IMAGE_SIDE = 4472;
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 1024 * 1024 * 1024;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Image formats Shopify takes, by sharp's format name, with the MIME type they are served as. */
export const ACCEPTED_IMAGE_FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/heic',
  avif: 'image/avif',
};

export const MEDIA_PER_PRODUCT = 250;

/**
 * The most pixels the emulator's CDN decodes (its transforms and metadata stripping): far above
 * any image Shopify keeps (MAX_IMAGE_PIXELS), as the ProductAI emulator's own limit is
 * (images/inspect.ts), so no file a test stores is refused, and an image bomb stored through a
 * staged upload cannot stall the emulator the tests share.
 */
export const MAX_DECODE_PIXELS = 100_000_000;
