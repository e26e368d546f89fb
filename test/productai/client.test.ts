/**
 * The current interface (/v1/api) of the client against the ProductAI emulator as a real
 * server: every call's happy path and each typed error the spec defines.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { estimateCredits, type ProductAiError } from '../../src/productai/index.ts';
import {
  startEmulatorWithImages,
  startTestEmulator,
  type ImageHost,
  type TestEmulator,
} from './support/emulator.ts';

let emulator: TestEmulator;
let images: ImageHost;

beforeAll(async () => {
  const started = await startEmulatorWithImages({
    accounts: {
      rich: 100_000,
      poor: 4,
      other: 1_000,
      uploader: 100,
      'uploader-blob': 100,
      'uploader-burst': 100,
      revoked: 100,
    },
    jobMs: 200,
  });
  ({ emulator, images } = started);
  return started.close;
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as ProductAiError,
  );

describe('keyCheck', () => {
  it('resolves for a valid key', async () => {
    await expect(emulator.client('rich').keyCheck()).resolves.toBeUndefined();
  });

  it('is missing_key (401) when no key is sent', async () => {
    const error = await failure(emulator.client('').keyCheck());
    expect(error).toMatchObject({ code: 'missing_key', status: 401, received: 'yes' });
    expect(error.message).toMatch(/API key is required/);
  });

  it('is invalid_key (403) for a key the service does not know', async () => {
    const error = await failure(emulator.client('nobody').keyCheck());
    expect(error).toMatchObject({ code: 'invalid_key', status: 403 });
    expect(error.message).toMatch(/Invalid or inactive API key/);
  });

  it('is invalid_key (403) once the key is deactivated', async () => {
    await emulator.client('revoked').keyCheck();
    await emulator.patchAccount('revoked', { active: false });
    await expect(emulator.client('revoked').keyCheck()).rejects.toMatchObject({
      code: 'invalid_key',
    });
  });
});

describe('generate', () => {
  it('starts an image job and charges its credits at submission', async () => {
    const before = (await emulator.account('rich')).credits;
    const job = await emulator.client('rich').generate({
      model: 'nanobanana2',
      prompt: 'on a marble table',
      image_url: [images.image(1), images.image(2)],
      aspect_ratio: '4:5',
      resolution: '1K',
      output_format: 'jpg',
    });
    expect(job).toMatchObject({
      status: 'RUNNING',
      statusKnown: true,
      prompt: 'on a marble table',
    });
    expect(Number.isInteger(job.id)).toBe(true);
    expect((await emulator.account('rich')).credits).toBe(before - 5);
  });

  it('runs text-to-image on gpt-2 without image_url', async () => {
    const job = await emulator.client('rich').generate({ model: 'gpt-2', prompt: 'a teapot' });
    expect(job.status).toBe('RUNNING');
  });

  it('refuses a request the catalogue rejects before sending it', async () => {
    const jobsBefore = (await emulator.jobs('rich')).length;
    const error = await failure(
      emulator.client('rich').generate({
        model: 'nanobanana',
        prompt: 'x',
        image_url: [1, 2, 3, 4, 5, 6].map((n) => images.image(n)),
      }),
    );
    expect(error).toMatchObject({ code: 'validation', received: 'no', status: undefined });
    expect(error.problems).toEqual([
      {
        field: 'image_url',
        message: 'model nanobanana accepts at most 5 reference images (got 6)',
      },
    ]);
    expect((await emulator.jobs('rich')).length).toBe(jobsBefore);
  });

  it('is validation (400 ApiError, message and details) when the service refuses an input', async () => {
    const error = await failure(
      emulator
        .client('rich')
        .generate({ model: 'kontext-pro', prompt: 'x', image_url: images.notAnImage }),
    );
    expect(error).toMatchObject({ code: 'validation', status: 400, received: 'yes' });
    expect(error.message).toBe('Unsupported image type');
    expect(error.details).toMatch(/not a JPEG, PNG or WebP/);
  });

  it('is out_of_credits (400 OUT_OF_TOKENS) and charges nothing', async () => {
    const error = await failure(
      emulator
        .client('poor')
        .generate({ model: 'nanobanana2', prompt: 'x', image_url: images.image() }),
    );
    expect(error).toMatchObject({ code: 'out_of_credits', status: 400, received: 'yes' });
    expect(error.details).toMatch(/credits/);
    expect((await emulator.account('poor')).credits).toBe(4);
  });

  it('is server (5xx) and is not retried: a 500 may come after the job was created', async () => {
    const jobsBefore = (await emulator.jobs('rich')).length;
    await emulator.faults({ serverErrorNext: 1 });
    const error = await failure(
      emulator
        .client('rich')
        .generate({ model: 'gpt-low', prompt: 'x', image_url: images.image() }),
    );
    expect(error).toMatchObject({ code: 'server', status: 500, received: 'yes' });
    // A retry would have gone through (the fault answers one request) and created a job.
    expect((await emulator.jobs('rich')).length).toBe(jobsBefore);
  });

  it('is maybe_sent when the answer does not come before the timeout, and is not retried', async () => {
    const jobsBefore = (await emulator.jobs('rich')).length;
    await emulator.faults({ hangNext: 1 });
    const error = await failure(
      emulator
        .client('rich', { timeoutMs: 500 })
        .generate({ model: 'gpt-low', prompt: 'held', image_url: images.image() }),
    );
    expect(error).toMatchObject({ code: 'maybe_sent', received: 'maybe' });
    // The service did the work: exactly one job exists, which is why a blind retry is wrong.
    await expect.poll(async () => (await emulator.jobs('rich')).length).toBe(jobsBefore + 1);
  });

  it('is aborted when the caller aborts a call in flight', async () => {
    const jobsBefore = (await emulator.jobs('rich')).length;
    await emulator.faults({ hangNext: 1 });
    const controller = new AbortController();
    const pending = emulator
      .client('rich')
      .generate(
        { model: 'gpt-low', prompt: 'aborted', image_url: images.image() },
        { signal: controller.signal },
      );
    // The held request has done its work (the job exists) by the time the caller gives up.
    await expect.poll(async () => (await emulator.jobs('rich')).length).toBe(jobsBefore + 1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted', received: 'maybe' });
  });
});

describe('generateVideo', () => {
  it('starts a seedance video billed per second (auto = 5 s at 720p = 35 credits)', async () => {
    const before = (await emulator.account('rich')).credits;
    const job = await emulator.client('rich').generateVideo({
      model: 'seedance',
      prompt: '@Image1 turns slowly',
      image_url: images.image(),
    });
    expect(job.status).toBe('RUNNING');
    expect((await emulator.account('rich')).credits).toBe(before - 35);
  });

  it('starts a gemini-omni video (8 s by default at 3 credits per second)', async () => {
    const before = (await emulator.account('rich')).credits;
    const request = {
      model: 'gemini-omni',
      prompt: '<IMAGE_REF_0> on a beach',
      image_url: [images.image()],
      duration: 4,
    } as const;
    await emulator.client('rich').generateVideo(request);
    expect((await emulator.account('rich')).credits).toBe(before - 12);
    expect(estimateCredits('video', request)).toBe(12);
  });

  it('refuses gemini-omni without an image before sending', async () => {
    await expect(
      emulator.client('rich').generateVideo({ model: 'gemini-omni', prompt: 'x' }),
    ).rejects.toMatchObject({ code: 'validation', received: 'no' });
  });
});

describe('upscale', () => {
  it('starts an upscale job for 20 credits', async () => {
    const before = (await emulator.account('rich')).credits;
    const job = await emulator.client('rich').upscale({ image_url: images.image() });
    expect(job.status).toBe('RUNNING');
    expect(typeof job.prompt).toBe('string');
    expect((await emulator.account('rich')).credits).toBe(before - 20);
  });
});

describe('uploadAsset', () => {
  it('uploads bytes as multipart and returns a hosted URL that generate accepts', async () => {
    const client = emulator.client('uploader');
    const asset = await client.uploadAsset({ file: images.png, filename: 'product.png' });
    expect(asset).toMatchObject({ mimetype: 'image/png' });
    expect(asset.image_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const job = await client.generate({
      model: 'kontext-pro',
      prompt: 'x',
      image_url: asset.image_url,
    });
    expect(job.status).toBe('RUNNING');
  });

  it('uploads a Blob', async () => {
    const asset = await emulator
      .client('uploader-blob')
      .uploadAsset({ file: new Blob([new Uint8Array(images.png)]), filename: 'blob.png' });
    expect(asset.mimetype).toBe('image/png');
  });

  it('is rate_limited on a second upload within the second, with a wait under a second', async () => {
    const client = emulator.client('uploader-burst');
    await client.uploadAsset({ file: images.png, filename: 'first.png' });
    const error = await failure(client.uploadAsset({ file: images.png, filename: 'second.png' }));
    expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(error.retryAfterMs).toBeLessThanOrEqual(1_000);
  });

  it('refuses an upload without a file name before sending', async () => {
    await expect(
      emulator.client('uploader').uploadAsset({ file: images.png, filename: '' }),
    ).rejects.toMatchObject({ code: 'validation', received: 'no' });
  });
});

describe('getJob', () => {
  let jobId: number;
  beforeEach(async () => {
    jobId = (await emulator.client('rich').generate({ model: 'gpt-2', prompt: 'a vase' })).id;
  });

  it('reads the job', async () => {
    const job = await emulator.client('rich').getJob(jobId);
    expect(job).toMatchObject({ id: jobId, prompt: 'a vase', statusKnown: true });
  });

  it('is job_not_found for an id that does not exist', async () => {
    await expect(emulator.client('rich').getJob(999_999_999)).rejects.toMatchObject({
      code: 'job_not_found',
      status: 400,
    });
  });

  it("is job_not_found for another account's job", async () => {
    await expect(emulator.client('other').getJob(jobId)).rejects.toMatchObject({
      code: 'job_not_found',
    });
  });

  it('refuses an id that is not a positive integer before sending', async () => {
    await expect(emulator.client('rich').getJob(1.5)).rejects.toMatchObject({
      code: 'validation',
      received: 'no',
    });
  });

  it('retries 500s on reads and returns the job', async () => {
    await emulator.faults({ serverErrorNext: 2 });
    const job = await emulator
      .client('rich', { readRetry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 10 } })
      .getJob(jobId);
    expect(job.id).toBe(jobId);
  });

  it('gives up with server after the last retry', async () => {
    await emulator.faults({ serverErrorNext: 2 });
    await expect(
      emulator
        .client('rich', { readRetry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 10 } })
        .getJob(jobId),
    ).rejects.toMatchObject({ code: 'server', status: 500 });
  });

  it('retries a read that timed out (hung) and returns the job', async () => {
    await emulator.faults({ hangNext: 1 });
    const job = await emulator.client('rich', { timeoutMs: 300 }).getJob(jobId);
    expect(job.id).toBe(jobId);
  });
});

describe('the 429 rate limit on generation', () => {
  let limited: TestEmulator;
  beforeAll(async () => {
    limited = await startTestEmulator({
      accounts: { k: 1_000 },
      jobMs: 60_000,
      rateLimitPerMin: 2,
      rateLimitWindowMs: 60_000,
    });
  });
  afterAll(() => limited.close());

  it('is rate_limited with the wait the service asks for (at most the minute)', async () => {
    const client = limited.client('k');
    await client.generate({ model: 'gpt-2', prompt: 'one' });
    await client.generate({ model: 'gpt-2', prompt: 'two' });
    const error = await failure(client.generate({ model: 'gpt-2', prompt: 'three' }));
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, received: 'yes' });
    expect(error.message).toMatch(/Too many generation requests/);
    expect(error.retryAfterMs).toBeGreaterThan(50_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
  });
});
