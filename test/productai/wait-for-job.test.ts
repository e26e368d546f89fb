/**
 * waitForJob: against the emulator for real job runs, and against a scripted server for
 * statuses the service might one day send. Poll intervals are injected (milliseconds).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProductAiClient, POLL_CADENCE, type Job } from '../../src/productai/index.ts';
import { startEmulatorWithImages, type ImageHost, type TestEmulator } from './support/emulator.ts';
import { json, startScriptedServer } from './support/scripted-server.ts';

let emulator: TestEmulator;
let images: ImageHost;

beforeAll(async () => {
  const started = await startEmulatorWithImages({
    accounts: { k: 100_000, other: 100 },
    jobMs: 300,
  });
  ({ emulator, images } = started);
  return started.close;
});

describe('waitForJob against the emulator', () => {
  it('resolves with the COMPLETED job and its result URL, reporting each status change', async () => {
    const client = emulator.client('k');
    const { id } = await client.generate({
      model: 'nanobanana',
      prompt: 'studio light',
      image_url: images.image(),
      resolution: '1K',
    });
    const seen: string[] = [];
    const job = await client.waitForJob(id, {
      kind: 'image',
      onStatus: (update) => seen.push(update.status),
    });
    expect(job).toMatchObject({ id, status: 'COMPLETED' });
    expect(job.image_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(seen).toEqual(['RUNNING', 'COMPLETED']);
    const file = await fetch(job.image_url!);
    expect(file.headers.get('content-type')).toBe('image/png');
  });

  it('resolves with the ERROR job when the generation fails', async () => {
    await emulator.faults({ failNextJob: 1 });
    const client = emulator.client('k');
    const { id } = await client.upscale({ image_url: images.image() });
    const job = await client.waitForJob(id, { kind: 'upscale' });
    expect(job).toMatchObject({ id, status: 'ERROR' });
    expect(job.image_url).toBeUndefined();
  });

  it('throws deadline_exceeded when the job outlasts the deadline', async () => {
    const client = emulator.client('k');
    const { id } = await client.generate({ model: 'gpt-2', prompt: 'slow' });
    await expect(client.waitForJob(id, { kind: 'image', deadlineMs: 100 })).rejects.toMatchObject({
      code: 'deadline_exceeded',
      message: expect.stringMatching(/last status RUNNING/),
    });
  });

  it('keeps polling through 500s and completes', async () => {
    const client = emulator.client('k', {
      readRetry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const { id } = await client.generate({ model: 'gpt-2', prompt: 'through errors' });
    await emulator.faults({ serverErrorNext: 3 });
    await expect(client.waitForJob(id, { kind: 'image' })).resolves.toMatchObject({
      status: 'COMPLETED',
    });
  });

  it("throws job_not_found for another account's job at once", async () => {
    const { id } = await emulator.client('k').generate({ model: 'gpt-2', prompt: 'mine' });
    await expect(emulator.client('other').waitForJob(id, { kind: 'image' })).rejects.toMatchObject({
      code: 'job_not_found',
    });
  });

  it('stops when the signal fires', async () => {
    const client = emulator.client('k');
    const { id } = await client.generate({ model: 'gpt-2', prompt: 'cancelled' });
    const controller = new AbortController();
    const waiting = client.waitForJob(id, { kind: 'image', signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'aborted' });
  });
});

describe('waitForJob with statuses the client does not know', () => {
  it('reports them through onStatus and keeps polling', async () => {
    const server = await startScriptedServer();
    const job = (status: string, extra = {}) =>
      json(200, { status: 'OK', data: { id: 9, status, prompt: 'p', ...extra } });
    server.script(
      job('QUEUED'),
      job('QUEUED'),
      job('RUNNING'),
      job('COMPLETED', { image_url: 'https://cdn.test/9.png' }),
    );
    try {
      const client = createProductAiClient({
        apiKey: 'k',
        baseUrl: server.url,
        pollCadence: { image: { firstPollMs: 1, factor: 1, maxIntervalMs: 1, deadlineMs: 5_000 } },
      });
      const seen: Job[] = [];
      const done = await client.waitForJob(9, { kind: 'image', onStatus: (j) => seen.push(j) });
      expect(done.image_url).toBe('https://cdn.test/9.png');
      expect(seen.map((j) => [j.status, j.statusKnown])).toEqual([
        ['QUEUED', false],
        ['RUNNING', true],
        ['COMPLETED', true],
      ]);
      expect(server.requests).toHaveLength(4);
    } finally {
      await server.close();
    }
  });
});

/** A client of `baseUrl` on simulated time: each sleep is recorded and moves the clock on. */
function clientOnSimulatedTime(baseUrl: string) {
  const time = { now: 0, waits: [] as number[] };
  const client = createProductAiClient({
    apiKey: 'k',
    baseUrl,
    now: () => time.now,
    sleep: async (ms) => {
      time.waits.push(ms);
      time.now += ms;
    },
  });
  return { client, time };
}

describe('poll cadence', () => {
  it('follows the spec: 2-5 s for images and upscales, 10-20 s for video', () => {
    for (const kind of ['image', 'upscale'] as const) {
      expect(POLL_CADENCE[kind].firstPollMs).toBeGreaterThanOrEqual(2_000);
      expect(POLL_CADENCE[kind].maxIntervalMs).toBeLessThanOrEqual(5_000);
    }
    expect(POLL_CADENCE.video.firstPollMs).toBeGreaterThanOrEqual(10_000);
    expect(POLL_CADENCE.video.maxIntervalMs).toBeLessThanOrEqual(20_000);
  });

  it('backs off from 2 s to 5 s between image polls and stops at the deadline', async () => {
    const server = await startScriptedServer();
    server.script(json(200, { status: 'OK', data: { id: 3, status: 'RUNNING' } }));
    const { client, time } = clientOnSimulatedTime(server.url);
    try {
      await expect(
        client.waitForJob(3, { kind: 'image', deadlineMs: 30_000 }),
      ).rejects.toMatchObject({
        code: 'deadline_exceeded',
      });
      expect(time.waits.slice(0, 5)).toEqual([2_000, 2_500, 3_125, 3_906.25, 4_882.8125]);
      expect(time.waits.slice(5).every((ms) => ms <= 5_000)).toBe(true);
      expect(time.waits.reduce((sum, ms) => sum + ms, 0)).toBe(30_000);
      expect(time.now).toBe(30_000);
    } finally {
      await server.close();
    }
  });

  it('waits what a 429 asks before the next poll', async () => {
    const server = await startScriptedServer();
    server.script(
      (_req, res) => {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
        res.end(JSON.stringify({ error: 'Too many requests, retry after 30 seconds' }));
      },
      json(200, { status: 'OK', data: { id: 4, status: 'COMPLETED', image_url: 'https://x/y' } }),
    );
    const { client, time } = clientOnSimulatedTime(server.url);
    try {
      await expect(client.waitForJob(4, { kind: 'image' })).resolves.toMatchObject({
        status: 'COMPLETED',
      });
      expect(time.waits).toEqual([2_000, 30_000]);
    } finally {
      await server.close();
    }
  });
});
