/**
 * The IPTC digital source type an image file declares in its XMP (`Iptc4xmpExt:DigitalSourceType`,
 * as an element or an attribute), read with sharp (JPEG APP1, WebP, PNG iTXt); null when the
 * file carries none. The pipeline writes it (src/pipeline/publish/provenance.ts); Google Merchant
 * Center asks for it in AI-made images, and the app reads it back from the file Shopify serves.
 */
import sharp from 'sharp';
import { MAX_DECODE_PIXELS } from '../platform/image-limits.ts';

const SOURCE_TYPES = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

/** The source types that say "made by a trained model", whole or composited. */
export const AI_SOURCE_TYPES: readonly string[] = [
  `${SOURCE_TYPES}trainedAlgorithmicMedia`,
  `${SOURCE_TYPES}compositeWithTrainedAlgorithmicMedia`,
];

export async function readDigitalSourceType(image: Buffer): Promise<string | null> {
  const { xmp } = await sharp(image, { limitInputPixels: MAX_DECODE_PIXELS }).metadata();
  if (!xmp) return null;
  const text = xmp.toString('utf8');
  const match =
    /<Iptc4xmpExt:DigitalSourceType>\s*([^<\s]+)\s*<\/Iptc4xmpExt:DigitalSourceType>/.exec(text) ??
    /Iptc4xmpExt:DigitalSourceType="([^"]+)"/.exec(text);
  return match?.[1] ?? null;
}

export function isAiSourceType(type: string | null): boolean {
  return type !== null && AI_SOURCE_TYPES.includes(type);
}
