/**
 * The CDN's image transforms, done with sharp: fit inside `width`×`height` (never enlarging),
 * or cover exactly that box when `crop` names the region to keep, and convert to `format`
 * (jpg, png, webp). Without a format the image keeps its own.
 */
import { MAX_DECODE_PIXELS } from '../media/limits.ts';
import sharp, { type Sharp } from 'sharp';

export interface TransformQuery {
  width?: number;
  height?: number;
  crop?: string;
  format?: string;
}

const POSITIONS: Record<string, string> = {
  center: 'centre',
  top: 'top',
  bottom: 'bottom',
  left: 'left',
  right: 'right',
};

const OUTPUT: Record<string, { mime: string; apply: (image: Sharp) => Sharp }> = {
  jpg: {
    mime: 'image/jpeg',
    apply: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }),
  },
  png: { mime: 'image/png', apply: (image) => image.png() },
  webp: { mime: 'image/webp', apply: (image) => image.webp({ quality: 85 }) },
};

function dimension(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 5760 * 3 ? n : undefined;
}

export function transformQuery(query: Record<string, unknown>): TransformQuery | undefined {
  const out: TransformQuery = {};
  const width = dimension(query['width']);
  const height = dimension(query['height']);
  if (width) out.width = width;
  if (height) out.height = height;
  if (typeof query['crop'] === 'string' && POSITIONS[query['crop']]) out.crop = query['crop'];
  if (typeof query['format'] === 'string' && OUTPUT[query['format']]) out.format = query['format'];
  return Object.keys(out).length > 0 ? out : undefined;
}

export async function transformImage(
  bytes: Buffer,
  mimeType: string,
  query: TransformQuery,
): Promise<{ bytes: Buffer; mimeType: string }> {
  // Bounded: a bomb stored through a staged upload would stall the emulator (media/limits.ts).
  let image = sharp(bytes, { limitInputPixels: MAX_DECODE_PIXELS });
  if (query.width || query.height) {
    image = image.resize({
      width: query.width,
      height: query.height,
      fit: query.crop && query.width && query.height ? 'cover' : 'inside',
      position: POSITIONS[query.crop ?? 'center'],
      withoutEnlargement: true,
    });
  }
  const output = query.format ? OUTPUT[query.format] : undefined;
  if (output) return { bytes: await output.apply(image).toBuffer(), mimeType: output.mime };
  return { bytes: await image.toBuffer(), mimeType };
}
