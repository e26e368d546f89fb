/**
 * The shop style's image is bounded against image bombs
 * (docs/operations.md, Bounded inputs): its size is read from its header
 * before anything decodes it, and an image of more than 25 megapixels is refused with a 413 that
 * names the limit, at once, whatever its pixels would cost to decode.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, SettingsView } from '../../src/app-api/contract.ts';
import { startTestApp } from '../support/app.ts';
import { pngDeclaring } from '../support/declared-png.ts';

const app = await startTestApp({ webhookWorker: false });

async function putStyleImage(bytes: Buffer, type: string) {
  const response = await app.call('/api/settings/style/reference', {
    shop: app.newShop(),
    method: 'PUT',
    headers: { 'content-type': type },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as SettingsView & ApiErrorBody };
}

describe('PUT /api/settings/style/reference', () => {
  it('refuses a PNG declaring 16383 × 16383 pixels with a 413 naming the 25-megapixel limit', async () => {
    const { status, body } = await putStyleImage(pngDeclaring(16383, 16383), 'image/png');
    expect(status).toBe(413);
    expect(body).toMatchObject({
      error: 'style_image_too_large',
      message: 'The style image is 16383×16383 pixels; it must be at most 25 megapixels.',
      fields: { image: 'Choose an image of at most 25 megapixels.' },
    });
  });

  it('refuses an image one pixel row over 25 megapixels', async () => {
    expect((await putStyleImage(pngDeclaring(5000, 5001), 'image/png')).status).toBe(413);
  });

  it('keeps a 24-megapixel camera photo, scaled down', async () => {
    const photo = await sharp({
      create: { width: 6000, height: 4000, channels: 3, background: '#708090' },
    })
      .jpeg()
      .toBuffer();
    const { status, body } = await putStyleImage(photo, 'image/jpeg');
    expect(status).toBe(200);
    expect(body.style.reference).toMatchObject({ source: 'upload' });
  });
});
