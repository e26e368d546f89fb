/**
 * The image adapter is bounded (src/platform/image-limits.ts): it reads an image's size from its
 * header without decoding it, and refuses to decode one that declares more than the largest
 * image ProductAI makes.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageTooLargeError, MAX_DECODE_PIXELS } from '../../src/platform/image-limits.ts';
import { createSharpImageProcessor } from '../../src/platform/images.ts';
import { pngDeclaring } from '../support/declared-png.ts';

const images = createSharpImageProcessor();
const fitAll = { maxSide: 100_000, maxPixels: Number.MAX_SAFE_INTEGER };

describe('the image adapter', () => {
  it("reads a 400-megapixel header's size without decoding it", async () => {
    expect(await images.info(pngDeclaring(20000, 20000))).toEqual({
      width: 20000,
      height: 20000,
      format: 'png',
    });
  });

  it('refuses to decode an image that declares more than 8192 × 8192 pixels', async () => {
    const refusal = images.fitWithin(pngDeclaring(8193, 8192), { maxSide: 1536, maxPixels: 1e6 });
    await expect(refusal).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(refusal).rejects.toThrow(
      'The image is 8193×8192 pixels (67.1 megapixels); at most 67.1 megapixels are accepted.',
    );
    expect(8192 * 8192).toBe(MAX_DECODE_PIXELS);
  });

  it('decodes and scales down an image within the limit', async () => {
    const photo = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    const fitted = await images.fitWithin(photo, { maxSide: 1536, maxPixels: 1536 * 1536 });
    expect(fitted).toMatchObject({ width: 1536, height: 1024, format: 'jpeg', resized: true });
    expect((await images.fitWithin(photo, fitAll)).resized).toBe(false);
  });
});
