/**
 * Where the emulator's CDN serves a shop's files, and how `Image.url(transform:)` asks it for
 * a resized or converted copy: query parameters `width`, `height`, `crop` and `format`, the
 * way Shopify's CDN URLs carry image transforms.
 */

export function cdnFolder(shop: string): string {
  return `/cdn/shops/${shop}/files`;
}

export interface ImageTransform {
  maxWidth?: number | null;
  maxHeight?: number | null;
  crop?: string | null;
  scale?: number | null;
  preferredContentType?: string | null;
}

const FORMATS: Record<string, string> = { JPG: 'jpg', PNG: 'png', WEBP: 'webp' };

export function assetUrl(
  baseUrl: string,
  path: string,
  version: number,
  transform?: ImageTransform | null,
): string {
  const url = new URL(path, baseUrl);
  url.searchParams.set('v', String(version));
  if (transform) {
    const scale = transform.scale ?? 1;
    if (transform.maxWidth) url.searchParams.set('width', String(transform.maxWidth * scale));
    if (transform.maxHeight) url.searchParams.set('height', String(transform.maxHeight * scale));
    if (transform.crop) url.searchParams.set('crop', transform.crop.toLowerCase());
    const format = transform.preferredContentType && FORMATS[transform.preferredContentType];
    if (format) url.searchParams.set('format', format);
  }
  return url.toString();
}
