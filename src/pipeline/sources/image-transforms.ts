/**
 * The two ways the app asks Shopify's CDN for a product image (`Image.url(transform:)`).
 *
 * SOURCE: what ProductAI downloads as a reference image. Its input rules are JPEG, PNG or WebP,
 * at most 10MB. Asking for JPEG at most 2048 px a side guarantees both whatever the merchant
 * uploaded (a 40 MB PNG, a HEIC, a 6000 px photo): a 2048 x 2048 JPEG of pure noise at
 * quality 100 is 5.6 MB (measured with sharp), and the models work at 1-2K anyway. JPEG has no
 * transparency; product shots are flattened by the CDN, which the models handle well.
 *
 * THUMBNAIL: what the app home shows in pickers and before/after views.
 */

export interface ImageTransform {
  maxWidth: number;
  maxHeight: number;
  preferredContentType: 'JPG' | 'PNG' | 'WEBP';
}

export const SOURCE_IMAGE_TRANSFORM: ImageTransform = {
  maxWidth: 2048,
  maxHeight: 2048,
  preferredContentType: 'JPG',
};

export const THUMBNAIL_TRANSFORM: ImageTransform = {
  maxWidth: 320,
  maxHeight: 320,
  preferredContentType: 'WEBP',
};
