/**
 * POST /v1/api/upscale (20 credits, a genuinely larger image) and POST /v1/api/upload-asset
 * (multipart `file`, hosted URL usable in generate, 1 upload per second per account).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, KEY, OTHER_KEY, startApi, type Api, type Json } from './support/emulator.ts';
import {
  pngOfSize,
  productImage,
  startImageHost,
  type HostedImages,
} from '../../support/product-images.ts';
import { createManualClock } from '../../../src/platform/clock.ts';

let api: Api;
let host: HostedImages;
const clock = createManualClock();
beforeAll(async () => {
  [api, host] = await Promise.all([startApi({ clock }), startImageHost()]);
});
afterAll(async () => {
  await Promise.all([api.close(), host.close()]);
});

describe('upscale', () => {
  it('costs 20 credits, charged at submission, and answers id, status and a fixed prompt', async () => {
    const url = host.serve('/small.png', await productImage('png', 200, 300));
    const before = await api.credits(KEY);
    const response = await api.post('/v1/api/upscale', { image_url: url });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'OK',
      data: {
        id: expect.any(Number),
        status: 'RUNNING',
        prompt: 'Upscale image with the precision upscaler',
      },
    });
    expect(await api.credits(KEY)).toBe(before - 20);
  });

  it('doubles both sides, keeping a PNG a PNG', async () => {
    const url = host.serve('/small2.png', await productImage('png', 200, 300));
    const { body } = await api.post('/v1/api/upscale', { image_url: url });
    const done = await api.settle(body.data.id, KEY);
    expect(done.status).toBe('COMPLETED');
    const meta = await sharp((await download(done.image_url as string)).bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 600]);
  });

  it('upscales a JPEG into a JPEG', async () => {
    const url = host.serve('/small.jpg', await productImage('jpeg', 120, 80), 'image/jpeg');
    const { body } = await api.post('/v1/api/upscale', { image_url: url });
    const done = await api.settle(body.data.id, KEY);
    const meta = await sharp((await download(done.image_url as string)).bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 240, 160]);
  });

  it("accepts a completed generation's image_url", async () => {
    const generated = await api.post('/v1/api/generate', { model: 'gpt-2', prompt: 'studio' });
    const result = await api.settle(generated.body.data.id, KEY);
    const { body } = await api.post('/v1/api/upscale', { image_url: result.image_url });
    const done = await api.settle(body.data.id, KEY);
    const meta = await sharp((await download(done.image_url as string)).bytes).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 2048]);
  });

  it('requires image_url as a single URL', async () => {
    for (const body of [{}, { image_url: ['http://a/b.png'] }, { image_url: 'nope' }]) {
      const response = await api.post('/v1/api/upscale', body);
      expect(response.status).toBe(400);
      expect(response.body.name).toBe('ApiError');
      expect(response.body.message).toMatch(/image_url/);
    }
  });

  it('refuses non-image bytes and unreachable URLs, charging nothing', async () => {
    const before = await api.credits(KEY);
    const text = host.serve('/text.png', Buffer.from('hello'), 'image/png');
    expect((await api.post('/v1/api/upscale', { image_url: text })).body.message).toBe(
      'Unsupported image type',
    );
    expect(
      (await api.post('/v1/api/upscale', { image_url: `${host.url}/gone.png` })).body.message,
    ).toBe('image_url is not reachable');
    expect(await api.credits(KEY)).toBe(before);
  });

  it('answers OUT_OF_TOKENS with 19 credits', async () => {
    await api.control('POST', '/accounts', { key: 'key-19', credits: 19 });
    const url = host.serve('/small3.png', await productImage('png', 50, 50));
    const response = await api.post('/v1/api/upscale', { image_url: url }, 'key-19');
    expect(response.body).toMatchObject({ name: 'ApiError', message: 'OUT_OF_TOKENS' });
    expect(await api.credits('key-19')).toBe(19);
  });

  it('refuses an image whose double would exceed 16384 px per side', async () => {
    const wide = await sharp({
      create: { width: 8200, height: 10, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const response = await api.post('/v1/api/upscale', {
      image_url: host.serve('/wide.png', wide),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Image is too large to upscale');
  });
});

async function upload(bytes: Buffer, filename = 'product.png', key = KEY, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), filename);
  const response = await fetch(`${api.url}/v1/api/upload-asset`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: form,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Json,
  };
}

describe('upload-asset', () => {
  it('returns id, a hosted image_url and the mimetype detected from the bytes', async () => {
    const jpeg = await productImage('jpeg');
    const response = await upload(jpeg, 'photo.png', OTHER_KEY);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'OK',
      data: {
        id: expect.any(Number),
        image_url: expect.stringMatching(/\/cdn\/.+\.jpg$/),
        mimetype: 'image/jpeg',
      },
    });
    const hosted = await download(response.body.data.image_url);
    expect(hosted.status).toBe(200);
    expect(hosted.type).toBe('image/jpeg');
    expect(hosted.bytes.equals(jpeg)).toBe(true);
  });

  it('its image_url is accepted by generate', async () => {
    const uploaded = await upload(await productImage('webp'), 'p.webp');
    expect(uploaded.body.data.mimetype).toBe('image/webp');
    const generated = await api.post('/v1/api/generate', {
      model: 'kontext-pro',
      prompt: 'marble',
      image_url: uploaded.body.data.image_url,
    });
    expect(generated.status).toBe(200);
    expect((await api.settle(generated.body.data.id, KEY)).status).toBe('COMPLETED');
  });

  it('allows 1 upload per second per account: the second within a second is 429', async () => {
    await api.control('POST', '/accounts', { key: 'key-uploader', credits: 0 });
    await api.control('POST', '/accounts', { key: 'key-uploader-2', credits: 0 });
    const png = await productImage('png');
    expect((await upload(png, 'a.png', 'key-uploader')).status).toBe(200);
    const second = await upload(png, 'b.png', 'key-uploader');
    expect(second.status).toBe(429);
    expect(second.body).toEqual({
      error: expect.stringMatching(/too many upload requests.*after a second/i),
    });
    expect(second.headers.get('retry-after')).toBe('1');
    // Another account is not affected, and a second later the first may upload again.
    expect((await upload(png, 'c.png', 'key-uploader-2')).status).toBe(200);
    clock.advance(999);
    expect((await upload(png, 'd.png', 'key-uploader')).status).toBe(429);
    clock.advance(1);
    expect((await upload(png, 'e.png', 'key-uploader')).status).toBe(200);
  });

  it('requires the multipart field "file"', async () => {
    await api.control('POST', '/accounts', { key: 'key-u3', credits: 0 });
    const response = await upload(await productImage('png'), 'a.png', 'key-u3', 'image');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ name: 'ApiError', message: 'file is required' });
  });

  it('refuses a JSON body', async () => {
    await api.control('POST', '/accounts', { key: 'key-u4', credits: 0 });
    const response = await api.post('/v1/api/upload-asset', { file: 'x' }, 'key-u4');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('file is required');
  });

  it('refuses bytes that are not JPEG, PNG or WebP whatever the file name', async () => {
    await api.control('POST', '/accounts', { key: 'key-u5', credits: 0 });
    const response = await upload(Buffer.from('%PDF-1.4 not an image'), 'product.png', 'key-u5');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ name: 'ApiError', message: 'Unsupported image type' });
  });

  it('accepts exactly 10MB and refuses one byte more', async () => {
    await api.control('POST', '/accounts', { key: 'key-u6', credits: 0 });
    await api.control('POST', '/accounts', { key: 'key-u7', credits: 0 });
    expect((await upload(await pngOfSize(10 * 1024 * 1024), 'a.png', 'key-u6')).status).toBe(200);
    const over = await upload(await pngOfSize(10 * 1024 * 1024 + 1), 'b.png', 'key-u7');
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ name: 'ApiError', message: 'Image is too large' });
  });
});

describe('hosted URLs', () => {
  it('use publicUrl as their base, and generate still accepts them (with loopback fetching off)', async () => {
    const hosted = await startApi({
      publicUrl: 'https://cdn.productai.test',
      allowLoopbackFetch: false,
    });
    try {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await productImage('png'))]), 'p.png');
      const uploaded = await fetch(`${hosted.url}/v1/api/upload-asset`, {
        method: 'POST',
        headers: { 'x-api-key': KEY },
        body: form,
      });
      const { data } = (await uploaded.json()) as { data: { image_url: string } };
      expect(data.image_url).toMatch(/^https:\/\/cdn\.productai\.test\/cdn\/.+\.png$/);
      const generated = await hosted.post('/v1/api/generate', {
        model: 'gpt-low',
        prompt: 'x',
        image_url: data.image_url,
      });
      expect(generated.status).toBe(200);
      const done = await hosted.settle(generated.body.data.id, KEY);
      expect(done.image_url).toMatch(/^https:\/\/cdn\.productai\.test\/cdn\//);
    } finally {
      await hosted.close();
    }
  });
});
