/**
 * POST /v1/api/generate: prices, every validation rule with its 400 ApiError body, credits,
 * the job lifecycle and ownership. Literal values come from the spec's tables.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROKE,
  download,
  expectAcceptedAt,
  expectApiErrorAt,
  KEY,
  OTHER_KEY,
  startApi,
  type Api,
} from './support/emulator.ts';
import { productImage, startImageHost, type HostedImages } from '../../support/product-images.ts';

let api: Api;
let host: HostedImages;
let image: string;
beforeAll(async () => {
  [api, host] = await Promise.all([startApi(), startImageHost()]);
  image = host.serve('/product.png', await productImage('png'));
  await api.control('POST', '/accounts', { key: BROKE, credits: 0 });
});
afterAll(async () => {
  await Promise.all([api.close(), host.close()]);
});

const images = (n: number) => Array.from({ length: n }, () => image);

/** The spec's image model table: credits and reference-image limits. */
const MODELS = [
  ['nanobanana2', 5, 5],
  ['nanobananapro', 8, 5],
  ['nanobanana', 3, 5],
  ['seedream-5-pro', 8, 10],
  ['seedream-5-lite', 3, 10],
  ['seedream', 3, 5],
  ['kontext-pro', 2, 1],
  ['kontext-max', 3, 1],
  ['gpt-2', 10, 5],
  ['gpt-1.5', 10, 5],
  ['gpt-high', 8, 1],
  ['gpt-medium', 3, 1],
  ['gpt-low', 2, 1],
] as const;
const EXTENDED = ['nanobanana2', 'nanobananapro', 'nanobanana'];
const resolutionFor = (model: string) => (EXTENDED.includes(model) ? { resolution: '1K' } : {});

const expectAccepted = (body: Record<string, unknown>) =>
  expectAcceptedAt(api, '/v1/api/generate', body);
const expectApiError = (body: Record<string, unknown>, message: RegExp) =>
  expectApiErrorAt(api, '/v1/api/generate', body, message);

describe('credits per image model', () => {
  it.each(MODELS)('%s costs %i credits, charged at submission', async (model, credits) => {
    const before = await api.credits(KEY);
    const response = await api.post('/v1/api/generate', {
      model,
      prompt: 'studio shot',
      image_url: image,
      ...resolutionFor(model),
    });
    expect(response.status).toBe(200);
    expect(await api.credits(KEY)).toBe(before - credits);
  });

  it('answers 400 OUT_OF_TOKENS and charges nothing when the balance is short', async () => {
    await api.control('POST', '/accounts', { key: 'key-poor', credits: 7 });
    const response = await api.post(
      '/v1/api/generate',
      { model: 'nanobananapro', prompt: 'studio', image_url: image, resolution: '1K' },
      'key-poor',
    );
    expect(response.status).toBe(400);
    expect(response.body.name).toBe('ApiError');
    expect(response.body.message).toBe('OUT_OF_TOKENS');
    expect(response.body.details).toMatch(/not enough credits/i);
    expect(response.body.details).toContain('costs 8 credits');
    expect(await api.credits('key-poor')).toBe(7);
    expect((await api.control('GET', '/jobs?key=key-poor')).body.jobs).toEqual([]);
  });

  it('accepts a request that costs exactly the whole balance', async () => {
    await api.control('POST', '/accounts', { key: 'key-exact', credits: 8 });
    const response = await api.post(
      '/v1/api/generate',
      { model: 'nanobananapro', prompt: 'studio', image_url: image, resolution: '1K' },
      'key-exact',
    );
    expect(response.status).toBe(200);
    expect(await api.credits('key-exact')).toBe(0);
  });
});

describe('submission and the job', () => {
  it('returns the job id, status RUNNING and the prompt used', async () => {
    const response = await api.post('/v1/api/generate', {
      model: 'gpt-low',
      prompt: 'on a marble table',
      image_url: image,
    });
    expect(response.body).toEqual({
      status: 'OK',
      data: { id: expect.any(Number), status: 'RUNNING', prompt: 'on a marble table' },
    });
    expect(Number.isInteger(response.body.data.id)).toBe(true);
  });

  it('polls RUNNING then COMPLETED with image_url, which only appears once completed', async () => {
    const { body } = await api.post('/v1/api/generate', {
      model: 'gpt-low',
      prompt: 'beach',
      image_url: image,
    });
    const running = await api.get(`/v1/api/job/${body.data.id}`);
    expect(running.body).toEqual({
      status: 'OK',
      data: { id: body.data.id, status: 'RUNNING', prompt: 'beach' },
    });
    const done = await api.settle(body.data.id, KEY);
    expect(done).toEqual({
      id: body.data.id,
      status: 'COMPLETED',
      prompt: 'beach',
      image_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/cdn\/.+\.png$/),
    });
  });

  it("answers 400 ApiError when reading another account's job", async () => {
    const { body } = await api.post('/v1/api/generate', {
      model: 'gpt-low',
      prompt: 'x',
      image_url: image,
    });
    const response = await api.get(`/v1/api/job/${body.data.id}`, OTHER_KEY);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ name: 'ApiError', message: 'Job not found' });
  });

  it.each(['999999999', 'abc'])(
    'answers 400 ApiError for job id %s that does not exist',
    async (id) => {
      const response = await api.get(`/v1/api/job/${id}`);
      expect(response.status).toBe(400);
      expect(response.body.name).toBe('ApiError');
    },
  );
});

describe('validation: 400 ApiError, nothing charged', () => {
  it('requires model', () =>
    expectApiError({ prompt: 'x', image_url: image }, /model is required/));

  it('refuses an unknown model', () =>
    expectApiError({ model: 'dall-e', prompt: 'x', image_url: image }, /model must be one of/));

  it('refuses a video model on the image endpoint', () =>
    expectApiError({ model: 'seedance', prompt: 'x', image_url: image }, /model must be one of/));

  it('requires prompt', () =>
    expectApiError({ model: 'gpt-low', image_url: image }, /prompt is required/));

  it('refuses an empty prompt', () =>
    expectApiError({ model: 'gpt-low', prompt: '  ', image_url: image }, /prompt is required/));

  it('refuses a prompt that is not a string', () =>
    expectApiError({ model: 'gpt-low', prompt: 5, image_url: image }, /prompt must be a string/));

  it.each(MODELS.filter(([m]) => m !== 'gpt-2' && m !== 'gpt-1.5'))(
    '%s requires image_url',
    async (model) => {
      await expectApiError(
        { model, prompt: 'x', ...resolutionFor(model) },
        /image_url is required/,
      );
    },
  );

  it.each(['gpt-2', 'gpt-1.5'])('%s works without image_url (text-to-image)', async (model) => {
    const response = await api.post('/v1/api/generate', { model, prompt: 'a sunset podium' });
    expect(response.status).toBe(200);
    const done = await api.settle(response.body.data.id, KEY);
    expect(done.status).toBe('COMPLETED');
  });

  it('refuses an image_url that is not a URL', () =>
    expectApiError({ model: 'gpt-low', prompt: 'x', image_url: 'not a url' }, /http\(s\) URL/));

  it('refuses an image_url of another type', () =>
    expectApiError({ model: 'gpt-low', prompt: 'x', image_url: 42 }, /URL or an array of URLs/));

  it('refuses a non-http scheme', () =>
    expectApiError(
      { model: 'gpt-low', prompt: 'x', image_url: 'ftp://example.com/a.png' },
      /http\(s\) URL/,
    ));

  it.each(MODELS.filter(([, , max]) => max > 1))(
    '%s accepts its limit of reference images and refuses one more',
    async (model, _credits, max) => {
      await expectAccepted({ model, prompt: 'x', image_url: images(max), ...resolutionFor(model) });
      const body = await expectApiError(
        { model, prompt: 'x', image_url: images(max + 1), ...resolutionFor(model) },
        new RegExp(`at most ${max} reference images`),
      );
      expect(body.details).toContain('image_url');
    },
  );

  it.each(MODELS.filter(([, , max]) => max === 1))(
    'single-image model %s takes an array but uses only the first URL',
    async (model) => {
      const missing = `${host.url}/missing.png`;
      const response = await api.post('/v1/api/generate', {
        model,
        prompt: 'x',
        image_url: [image, missing],
      });
      expect(response.status).toBe(200);
    },
  );

  it.each(MODELS.map(([m]) => m))('%s accepts SQUARE, LANDSCAPE and PORTRAIT', async (model) => {
    for (const aspect_ratio of ['SQUARE', 'LANDSCAPE', 'PORTRAIT']) {
      await expectAccepted({
        model,
        prompt: 'x',
        image_url: image,
        aspect_ratio,
        ...resolutionFor(model),
      });
    }
  });

  it.each(MODELS.map(([m]) => m).filter((m) => EXTENDED.includes(m)))(
    '%s also accepts 1:1, 4:3, 3:4, 5:4, 4:5, 16:9, 9:16 and resolution 1K, 2K, 4K',
    async (model) => {
      for (const aspect_ratio of ['1:1', '4:3', '3:4', '5:4', '4:5', '16:9', '9:16']) {
        await expectAccepted({ model, prompt: 'x', image_url: image, aspect_ratio });
      }
      for (const resolution of ['1K', '2K', '4K']) {
        await expectAccepted({ model, prompt: 'x', image_url: image, resolution });
      }
      await expectApiError(
        { model, prompt: 'x', image_url: image, resolution: '8K' },
        /resolution must be one of/,
      );
    },
  );

  it.each(MODELS.map(([m]) => m).filter((m) => !EXTENDED.includes(m)))(
    '%s refuses ratio aspect ratios and the resolution field',
    async (model) => {
      const base = { model, prompt: 'x', image_url: image };
      await expectApiError({ ...base, aspect_ratio: '16:9' }, /aspect_ratio must be one of/);
      await expectApiError({ ...base, resolution: '2K' }, /resolution is only accepted by models/);
    },
  );

  it('refuses an unknown aspect ratio for every model', () =>
    expectApiError(
      { model: 'nanobanana', prompt: 'x', image_url: image, aspect_ratio: 'WIDE' },
      /aspect_ratio/,
    ));

  it('accepts output_format png and jpg, refuses others', async () => {
    for (const output_format of ['png', 'jpg']) {
      await expectAccepted({ model: 'gpt-low', prompt: 'x', image_url: image, output_format });
    }
    await expectApiError(
      { model: 'gpt-low', prompt: 'x', image_url: image, output_format: 'webp' },
      /output_format/,
    );
  });

  it('refuses a body that is not JSON', async () => {
    const response = await fetch(`${api.url}/v1/api/generate`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: '{"model":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      name: 'ApiError',
      message: 'Invalid request body',
    });
  });

  it('refuses a body sent without Content-Type: application/json', async () => {
    const response = await fetch(`${api.url}/v1/api/generate`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'text/plain' },
      body: JSON.stringify({ model: 'gpt-2', prompt: 'x' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { details: string }).details).toMatch(/application\/json/);
  });

  it('refuses a JSON body that is not an object', () =>
    expectApiError([] as unknown as Record<string, unknown>, /JSON object/));
});

describe('outputs', () => {
  async function generated(body: Record<string, unknown>) {
    const { body: submitted } = await api.post('/v1/api/generate', body);
    const done = await api.settle(submitted.data.id, KEY);
    expect(done.status).toBe('COMPLETED');
    const file = await download(done.image_url as string);
    expect(file.status).toBe(200);
    return { ...file, meta: await sharp(file.bytes).metadata() };
  }

  it.each([
    ['1K', 1024],
    ['2K', 2048],
    ['4K', 4096],
  ])('resolution %s renders a long side of %i px', async (resolution, long) => {
    const { meta } = await generated({
      model: 'nanobanana',
      prompt: 'x',
      image_url: image,
      resolution,
    });
    expect([meta.width, meta.height]).toEqual([long, long]);
  });

  it('defaults to a SQUARE 2K PNG for the nanobanana models', async () => {
    const { meta, type } = await generated({ model: 'nanobanana2', prompt: 'x', image_url: image });
    expect([meta.format, meta.width, meta.height, type]).toEqual(['png', 2048, 2048, 'image/png']);
  });

  it.each([
    ['16:9', 1024, 576],
    ['9:16', 576, 1024],
    ['4:3', 1024, 768],
    ['4:5', 819, 1024],
    ['LANDSCAPE', 1024, 683],
    ['PORTRAIT', 683, 1024],
  ])('aspect ratio %s at 1K is %ix%i', async (aspect_ratio, width, height) => {
    const { meta } = await generated({
      model: 'nanobanana',
      prompt: 'x',
      image_url: image,
      aspect_ratio,
      resolution: '1K',
    });
    expect([meta.width, meta.height]).toEqual([width, height]);
  });

  it('models without resolution render at 1K', async () => {
    const { meta } = await generated({ model: 'kontext-pro', prompt: 'x', image_url: image });
    expect([meta.width, meta.height]).toEqual([1024, 1024]);
  });

  it('output_format jpg gives a JPEG file', async () => {
    const { meta, type } = await generated({
      model: 'gpt-low',
      prompt: 'x',
      image_url: image,
      output_format: 'jpg',
    });
    expect(meta.format).toBe('jpeg');
    expect(type).toBe('image/jpeg');
  });

  it('puts the product in the picture: the result holds its red', async () => {
    const { bytes } = await generated({
      model: 'gpt-low',
      prompt: 'on white marble',
      image_url: image,
    });
    const { data } = await sharp(bytes)
      .resize(64, 64, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let i = 0; i < data.length; i += 3)
      if (data[i]! > 150 && data[i + 1]! < 90 && data[i + 2]! < 90) red++;
    expect(red).toBeGreaterThan(50);
  });

  it('follows the prompt: different moods give different backdrops', async () => {
    const corner = async (prompt: string) => {
      const { bytes } = await generated({ model: 'gpt-low', prompt, image_url: image });
      const { data } = await sharp(bytes)
        .extract({ left: 0, top: 0, width: 8, height: 8 })
        .stats()
        .then((s) => ({ data: s.channels.map((c) => c.mean) }));
      return data;
    };
    const night = await corner('dark night city');
    const beach = await corner('bright summer beach');
    expect(night.reduce((a, b) => a + b)).toBeLessThan(beach.reduce((a, b) => a + b));
  });
});
