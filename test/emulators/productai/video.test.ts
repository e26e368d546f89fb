/**
 * POST /v1/api/generate-video: per-second prices, every rule, and real MP4 outputs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROKE,
  download,
  expectAcceptedAt,
  expectApiErrorAt,
  KEY,
  probeVideo,
  startApi,
  type Api,
} from './support/emulator.ts';
import { productImage, startImageHost, type HostedImages } from '../../support/product-images.ts';

let api: Api;
let host: HostedImages;
let image: string;
let portrait: string;
beforeAll(async () => {
  [api, host] = await Promise.all([startApi(), startImageHost()]);
  image = host.serve('/product.png', await productImage('png', 400, 400));
  portrait = host.serve('/portrait.png', await productImage('png', 300, 400));
  await api.control('POST', '/accounts', { key: BROKE, credits: 0 });
});
afterAll(async () => {
  await Promise.all([api.close(), host.close()]);
});

const images = (n: number) => Array.from({ length: n }, () => image);

const expectAccepted = (body: Record<string, unknown>) =>
  expectAcceptedAt(api, '/v1/api/generate-video', body);
const expectRefused = (body: Record<string, unknown>, message: RegExp) =>
  expectApiErrorAt(api, '/v1/api/generate-video', body, message);

describe('prices: credits per second x duration, charged at submission', () => {
  // Prices are read off the balance right after submission. The job is made to fail (and its
  // refund comes only after a long job duration) so that no 4k video is rendered for nothing.
  let pricing: Api;
  beforeAll(async () => {
    pricing = await startApi({ jobMs: 600_000 });
  });
  afterAll(() => pricing.close());

  async function charged(body: Record<string, unknown>): Promise<number> {
    await pricing.control('POST', '/faults', { failNextJob: 1 });
    const before = await pricing.credits(KEY);
    const response = await pricing.post('/v1/api/generate-video', body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return before - (await pricing.credits(KEY));
  }

  it.each([
    ['480p', 3],
    ['720p', 7],
    ['1080p', 15],
    ['4k', 60],
  ])('seedance %s costs %i credits per second', async (resolution, rate) => {
    expect(await charged({ model: 'seedance', prompt: 'x', resolution, duration: 4 })).toBe(
      rate * 4,
    );
    expect(await charged({ model: 'seedance', prompt: 'x', resolution, duration: 15 })).toBe(
      rate * 15,
    );
  });

  it('seedance duration auto is billed as 5 seconds: 35 credits at 720p, 75 at 1080p', async () => {
    expect(
      await charged({ model: 'seedance', prompt: 'x', duration: 'auto', resolution: '720p' }),
    ).toBe(35);
    expect(
      await charged({ model: 'seedance', prompt: 'x', duration: 'auto', resolution: '1080p' }),
    ).toBe(75);
    expect(
      await charged({ model: 'seedance', prompt: 'x', duration: 'auto', resolution: '480p' }),
    ).toBe(15);
    expect(
      await charged({ model: 'seedance', prompt: 'x', duration: 'auto', resolution: '4k' }),
    ).toBe(300);
  });

  it('seedance defaults to 720p and auto duration: 35 credits', async () => {
    expect(await charged({ model: 'seedance', prompt: 'x' })).toBe(35);
  });

  it('gemini-omni costs 3 credits per second', async () => {
    expect(
      await charged({ model: 'gemini-omni', prompt: 'x', image_url: image, duration: 3 }),
    ).toBe(9);
    expect(
      await charged({ model: 'gemini-omni', prompt: 'x', image_url: image, duration: 10 }),
    ).toBe(30);
  });

  it('gemini-omni defaults to 8 seconds: 24 credits', async () => {
    expect(await charged({ model: 'gemini-omni', prompt: 'x', image_url: image })).toBe(24);
  });

  it('answers OUT_OF_TOKENS and charges nothing when the balance is one credit short', async () => {
    await pricing.control('POST', '/accounts', { key: 'key-34', credits: 34 });
    const response = await pricing.post(
      '/v1/api/generate-video',
      { model: 'seedance', prompt: 'x' },
      'key-34',
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ name: 'ApiError', message: 'OUT_OF_TOKENS' });
    expect(response.body.details).toContain('costs 35 credits');
    expect(await pricing.credits('key-34')).toBe(34);
  });
});

describe('rules', () => {
  it('requires model and refuses an image model', async () => {
    await expectRefused({ prompt: 'x' }, /model is required/);
    await expectRefused(
      { model: 'nanobanana', prompt: 'x' },
      /model must be one of: seedance, gemini-omni/,
    );
  });

  it('requires prompt', () => expectRefused({ model: 'seedance' }, /prompt is required/));

  it('seedance takes 0 to 9 reference images', async () => {
    await expectAccepted({ model: 'seedance', prompt: 'x' });
    await expectAccepted({ model: 'seedance', prompt: 'x', image_url: images(9) });
    await expectRefused(
      { model: 'seedance', prompt: 'x', image_url: images(10) },
      /at most 9 reference images/,
    );
  });

  it('gemini-omni needs 1 to 9 reference images', async () => {
    await expectRefused({ model: 'gemini-omni', prompt: 'x' }, /image_url is required/);
    await expectAccepted({ model: 'gemini-omni', prompt: 'x', image_url: image });
    await expectAccepted({ model: 'gemini-omni', prompt: 'x', image_url: images(9) });
    await expectRefused(
      { model: 'gemini-omni', prompt: 'x', image_url: images(10) },
      /at most 9 reference images/,
    );
  });

  it('seedance accepts resolutions 480p, 720p, 1080p, 4k only', async () => {
    for (const resolution of ['480p', '720p', '1080p', '4k']) {
      await expectAccepted({ model: 'seedance', prompt: 'x', resolution });
    }
    await expectRefused(
      { model: 'seedance', prompt: 'x', resolution: '2K' },
      /resolution must be one of/,
    );
  });

  it('gemini-omni takes no other resolution than its 720p', async () => {
    await expectAccepted({
      model: 'gemini-omni',
      prompt: 'x',
      image_url: image,
      resolution: '720p',
    });
    await expectRefused(
      { model: 'gemini-omni', prompt: 'x', image_url: image, resolution: '1080p' },
      /resolution/,
    );
  });

  it('seedance accepts aspect ratios auto, 21:9, 16:9, 4:3, 1:1, 3:4, 9:16', async () => {
    for (const aspect_ratio of ['auto', '21:9', '16:9', '4:3', '1:1', '3:4', '9:16']) {
      await expectAccepted({ model: 'seedance', prompt: 'x', aspect_ratio });
    }
    await expectRefused(
      { model: 'seedance', prompt: 'x', aspect_ratio: '5:4' },
      /aspect_ratio must be one of/,
    );
  });

  it('gemini-omni accepts aspect ratios 16:9 and 9:16 only', async () => {
    for (const aspect_ratio of ['16:9', '9:16']) {
      await expectAccepted({ model: 'gemini-omni', prompt: 'x', image_url: image, aspect_ratio });
    }
    for (const aspect_ratio of ['auto', '1:1']) {
      await expectRefused(
        { model: 'gemini-omni', prompt: 'x', image_url: image, aspect_ratio },
        /aspect_ratio/,
      );
    }
  });

  it('seedance duration is auto or an integer from 4 to 15', async () => {
    for (const duration of ['auto', 4, 15])
      await expectAccepted({ model: 'seedance', prompt: 'x', duration });
    for (const duration of [3, 16, 5.5, 'long']) {
      await expectRefused(
        { model: 'seedance', prompt: 'x', duration },
        /duration must be auto or an integer from 4 to 15/,
      );
    }
  });

  it('gemini-omni duration is an integer from 3 to 10 (no auto)', async () => {
    const base = { model: 'gemini-omni', prompt: 'x', image_url: image };
    for (const duration of [3, 10]) await expectAccepted({ ...base, duration });
    for (const duration of [2, 11, 'auto']) {
      await expectRefused({ ...base, duration }, /duration must be an integer from 3 to 10/);
    }
  });

  it('generate_audio is a boolean, for seedance only', async () => {
    await expectAccepted({ model: 'seedance', prompt: 'x', generate_audio: false });
    await expectRefused(
      { model: 'seedance', prompt: 'x', generate_audio: 'yes' },
      /generate_audio must be a boolean/,
    );
    await expectRefused(
      { model: 'gemini-omni', prompt: 'x', image_url: image, generate_audio: true },
      /generate_audio/,
    );
  });

  it('refuses a prompt marker that points past the reference images', async () => {
    await expectAccepted({
      model: 'seedance',
      prompt: 'turn @Image1 and @Image2',
      image_url: images(2),
    });
    await expectRefused(
      { model: 'seedance', prompt: 'show @Image3', image_url: images(2) },
      /@Image3/,
    );
    await expectAccepted({ model: 'gemini-omni', prompt: '<IMAGE_REF_0> spins', image_url: image });
    await expectRefused(
      { model: 'gemini-omni', prompt: '<IMAGE_REF_1> spins', image_url: image },
      /IMAGE_REF_1/,
    );
  });
});

describe('outputs: real MP4 files', () => {
  async function render(body: Record<string, unknown>) {
    const response = await api.post('/v1/api/generate-video', body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toEqual({ id: expect.any(Number), status: 'RUNNING' });
    const done = await api.settle(response.body.data.id, KEY, 40_000);
    expect(done.status).toBe('COMPLETED');
    const file = await download(done.image_url as string);
    expect(file.type).toBe('video/mp4');
    return probeVideo(file.bytes);
  }

  it('seedance 480p, 4 s, from a square product: H.264 yuv420p, faststart, with a soundtrack', async () => {
    const video = await render({
      model: 'seedance',
      prompt: 'a slow turn of @Image1',
      image_url: image,
      resolution: '480p',
      duration: 4,
      aspect_ratio: '16:9',
    });
    expect(video).toMatchObject({
      codec: 'h264',
      pixelFormat: 'yuv420p',
      width: 854,
      height: 480,
      fps: 24,
      hasAudio: true,
      faststart: true,
    });
    expect(video.seconds).toBeCloseTo(4, 1);
  });

  it('aspect ratio auto follows the first image; generate_audio false leaves out the audio', async () => {
    const video = await render({
      model: 'seedance',
      prompt: 'x',
      image_url: portrait,
      resolution: '480p',
      duration: 4,
      generate_audio: false,
    });
    expect([video.width, video.height, video.hasAudio]).toEqual([480, 640, false]);
  });

  it('text-to-video (no images) with duration auto lasts 5 seconds at 16:9', async () => {
    const video = await render({
      model: 'seedance',
      prompt: 'neon city',
      resolution: '480p',
      duration: 'auto',
    });
    expect([video.width, video.height]).toEqual([854, 480]);
    expect(video.seconds).toBeCloseTo(5, 1);
  });

  it('gemini-omni renders 720p: 9:16 is 720x1280, without audio', async () => {
    const video = await render({
      model: 'gemini-omni',
      prompt: '<IMAGE_REF_0> on a beach',
      image_url: image,
      duration: 3,
      aspect_ratio: '9:16',
    });
    expect([video.width, video.height, video.hasAudio]).toEqual([720, 1280, false]);
    expect(video.seconds).toBeCloseTo(3, 1);
  });

  it('the CDN serves byte ranges of the video (for seeking)', async () => {
    const response = await api.post('/v1/api/generate-video', {
      model: 'seedance',
      prompt: 'x',
      resolution: '480p',
      duration: 4,
    });
    const done = await api.settle(response.body.data.id, KEY, 40_000);
    const ranged = await fetch(done.image_url as string, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
  });
});
