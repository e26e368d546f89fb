/**
 * Image inputs: fetched by URL, at most 10MB, JPEG/PNG/WebP judged from the bytes (not the name
 * or the Content-Type header); unreachable or refused inputs are 400 ApiError, nothing charged.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY, startApi, type Api } from './support/emulator.ts';
import {
  pngOfSize,
  productImage,
  startImageHost,
  truncatedPng,
  type HostedImages,
} from '../../support/product-images.ts';

const TEN_MB = 10 * 1024 * 1024;

let api: Api;
let host: HostedImages;
beforeAll(async () => {
  [api, host] = await Promise.all([startApi(), startImageHost()]);
});
afterAll(async () => {
  await Promise.all([api.close(), host.close()]);
});

async function submit(image_url: string | string[], target = api) {
  const before = await target.credits(KEY);
  const response = await target.post('/v1/api/generate', {
    model: 'gpt-low',
    prompt: 'studio',
    image_url,
  });
  return { ...response, charged: before - (await target.credits(KEY)) };
}

async function expectRefused(image_url: string | string[], message: string, target = api) {
  const response = await submit(image_url, target);
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ name: 'ApiError', message });
  expect(typeof response.body.details).toBe('string');
  expect(response.charged).toBe(0);
  return response.body as { details: string };
}

describe('accepted types, from the bytes', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('accepts a %s image', async (format) => {
    const url = host.serve(`/ok.${format}`, await productImage(format), `image/${format}`);
    const response = await submit(url);
    expect(response.status).toBe(200);
    expect(response.charged).toBe(2);
  });

  it('accepts an image served with a misleading name and Content-Type', async () => {
    const url = host.serve('/document.pdf', await productImage('jpeg'), 'application/pdf');
    expect((await submit(url)).status).toBe(200);
  });

  it('refuses text bytes named .png and served as image/png', async () => {
    const url = host.serve('/fake.png', Buffer.from('<html>not an image</html>'), 'image/png');
    await expectRefused(url, 'Unsupported image type');
  });

  it('refuses a GIF (a real image, but not JPEG, PNG or WebP)', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    await expectRefused(host.serve('/anim.gif', gif, 'image/gif'), 'Unsupported image type');
  });

  it('refuses bytes that start like a PNG but have no readable header', async () => {
    const bytes = Buffer.concat([(await productImage('png')).subarray(0, 8), Buffer.alloc(64)]);
    await expectRefused(host.serve('/broken.png', bytes), 'Invalid image');
  });

  it('accepts an image whose header reads but whose data is cut off; the job then ends in ERROR', async () => {
    const response = await submit(host.serve('/truncated.png', await truncatedPng()));
    expect(response.status).toBe(200);
    const done = await api.settle(response.body.data.id, KEY);
    expect(done.status).toBe('ERROR');
    expect(done).not.toHaveProperty('image_url');
  });
});

describe('size limit: 10MB', () => {
  it('accepts an image of exactly 10MB (10485760 bytes)', async () => {
    const url = host.serve('/exact.png', await pngOfSize(TEN_MB));
    expect((await submit(url)).status).toBe(200);
  });

  it('refuses an image one byte over 10MB', async () => {
    const url = host.serve('/big.png', await pngOfSize(TEN_MB + 1));
    const body = await expectRefused(url, 'Image is too large');
    expect(body.details).toContain('10MB');
  });

  it('refuses an oversized download that declares no length (checked while streaming)', async () => {
    const bytes = await pngOfSize(TEN_MB + 1);
    const url = host.handle('/chunked.png', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(bytes.subarray(0, 1024));
      res.end(bytes.subarray(1024));
    });
    await expectRefused(url, 'Image is too large');
  });
});

describe('reachability', () => {
  it('refuses a URL that answers 404', async () => {
    const body = await expectRefused(`${host.url}/nothing.png`, 'image_url is not reachable');
    expect(body.details).toContain('HTTP 404');
  });

  it('refuses a URL whose server refuses connections', async () => {
    await expectRefused('http://127.0.0.1:1/product.png', 'image_url is not reachable');
  });

  it('refuses a host name that does not resolve', async () => {
    await expectRefused('http://no-such-host.invalid/product.png', 'image_url is not reachable');
  });

  it('fails the whole request when any one of several images is unreachable', async () => {
    const ok = host.serve('/one.png', await productImage('png'));
    const response = await api.post('/v1/api/generate', {
      model: 'nanobanana',
      prompt: 'x',
      image_url: [ok, `${host.url}/missing.png`],
      resolution: '1K',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('image_url is not reachable');
  });

  it('follows redirects', async () => {
    const target = host.serve('/final.png', await productImage('png'));
    const url = host.handle('/moved.png', (_req, res) =>
      res.writeHead(302, { location: target }).end(),
    );
    expect((await submit(url)).status).toBe(200);
  });

  it.each([
    'http://10.0.0.1/a.png',
    'http://192.168.1.10/a.png',
    'http://169.254.169.254/latest',
    'http://[fc00::1]/a.png',
  ])('never fetches a private address (%s)', async (url) => {
    const body = await expectRefused(url, 'image_url is not reachable');
    expect(body.details).toMatch(/private network address/);
  });

  it('refuses a redirect to a private address', async () => {
    const url = host.handle('/sneaky.png', (_req, res) =>
      res.writeHead(302, { location: 'http://10.1.2.3/internal.png' }).end(),
    );
    await expectRefused(url, 'image_url is not reachable');
  });

  it('refuses loopback URLs when allowLoopbackFetch is false', async () => {
    const strict = await startApi({ allowLoopbackFetch: false });
    try {
      const url = host.serve('/local.png', await productImage('png'));
      await expectRefused(url, 'image_url is not reachable', strict);
      await expectRefused(
        url.replace('127.0.0.1', 'localhost'),
        'image_url is not reachable',
        strict,
      );
    } finally {
      await strict.close();
    }
  });
});
