/**
 * Accepting image bytes: JPEG, PNG or WebP by magic number, at most 10MB, and a header that
 * decodes to sane dimensions. Used for downloaded `image_url`s and for uploaded files alike.
 */
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../../../src/productai/catalogue.ts';
import { sniffImageType, type ImageMime } from './sniff.ts';

/** A refused input image; the routes answer 400 with this message and details. */
export class ImageInputError extends Error {
  readonly details: string;

  constructor(message: string, details: string) {
    super(message);
    this.details = details;
  }
}

/**
 * Decoding limit: larger images would let a 10MB file expand to gigabytes of pixels
 * (a decompression bomb), so they are refused like an oversized file.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

export interface InputImage {
  bytes: Buffer;
  mimetype: ImageMime;
  /** Lower-case format name: jpeg, png, webp. */
  format: 'jpeg' | 'png' | 'webp';
  width: number;
  height: number;
}

const FORMAT: Record<ImageMime, InputImage['format']> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** `label` names the input in error details (its URL or file name). */
export async function inspectImage(bytes: Buffer, label: string): Promise<InputImage> {
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new ImageInputError(
      'Image is too large',
      `${label} is larger than the 10MB limit (${MAX_IMAGE_BYTES} bytes)`,
    );
  }
  const mimetype = sniffImageType(bytes);
  if (!mimetype) {
    throw new ImageInputError(
      'Unsupported image type',
      `${label} is not a JPEG, PNG or WebP image (judged from its content)`,
    );
  }
  let width = 0;
  let height = 0;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = metadata.autoOrient?.width ?? metadata.width ?? 0;
    height = metadata.autoOrient?.height ?? metadata.height ?? 0;
  } catch {
    // handled below: an unreadable header means no dimensions
  }
  if (width <= 0 || height <= 0) {
    throw new ImageInputError('Invalid image', `${label} could not be read as an image`);
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw new ImageInputError(
      'Image is too large',
      `${label} is ${width}x${height} pixels; at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted`,
    );
  }
  return { bytes, mimetype, format: FORMAT[mimetype], width, height };
}
