/**
 * What the CDN does with the metadata of the files it serves untransformed, chosen with the
 * `cdnMetadata` option or `POST /__emulator/cdn {metadata}`:
 *  - `keep` (the default): the bytes as uploaded, metadata and all;
 *  - `strip`: encoded again by sharp in the file's own format (JPEG and WebP at quality 85, PNG
 *    lossless), which writes no metadata: XMP, IPTC and EXIF are gone.
 * Shopify does not document which it does (its CDN compresses and converts images per browser);
 * the app reads the file back and records what it finds (src/pipeline/publish/served-provenance.ts).
 * A transformed copy (`?width=`, `?format=`…) is always encoded again, so never has metadata.
 */
import { MAX_DECODE_PIXELS } from '../media/limits.ts';
import sharp from 'sharp';

export const CDN_METADATA = ['keep', 'strip'] as const;
export type CdnMetadata = (typeof CDN_METADATA)[number];

export function isCdnMetadata(value: unknown): value is CdnMetadata {
  return CDN_METADATA.includes(value as CdnMetadata);
}

export async function stripMetadata(bytes: Buffer, mimeType: string): Promise<Buffer> {
  // Bounded: a bomb stored through a staged upload would stall the emulator (media/limits.ts).
  const image = sharp(bytes, { limitInputPixels: MAX_DECODE_PIXELS });
  if (mimeType === 'image/jpeg') return image.jpeg({ quality: 85 }).toBuffer();
  if (mimeType === 'image/webp') return image.webp({ quality: 85 }).toBuffer();
  if (mimeType === 'image/png') return image.png().toBuffer();
  return bytes;
}
