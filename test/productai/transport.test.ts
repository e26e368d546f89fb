/**
 * The transport's failure classification and retries, against real sockets: a scripted server
 * for answers the emulator never gives, a closed port, an unroutable address.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../dev/free-port.ts';
import { createProductAiClient, type ProductAiClientOptions } from '../../src/productai/index.ts';
import { json, startScriptedServer, type ScriptedServer } from './support/scripted-server.ts';
import { startUnacceptingPort } from './support/unaccepting-port.ts';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const job = (status: string) => json(200, { status: 'OK', data: { id: 5, status, prompt: 'p' } });
const image = {
  model: 'nanobanana',
  prompt: 'on marble',
  image_url: 'https://x.test/a.png',
} as const;

function client(options: Partial<ProductAiClientOptions> = {}) {
  return createProductAiClient({ apiKey: 'key', baseUrl: server.url, ...options });
}

describe('retries of reads', () => {
  it('backs off exponentially with jitter between tries, then returns the answer', async () => {
    const delays: number[] = [];
    server.script(json(500, {}), json(503, {}), job('RUNNING'));
    const result = await client({
      readRetry: { attempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 },
      sleep: async (ms) => void delays.push(ms),
      random: () => 0.5,
    }).getJob(5);
    expect(result.status).toBe('RUNNING');
    expect(server.requests).toHaveLength(3);
    // Equal jitter: half the backoff plus random() times the other half (100 → 75, 200 → 150).
    expect(delays).toEqual([75, 150]);
  });

  it('caps the backoff at maxDelayMs', async () => {
    const delays: number[] = [];
    server.script(json(500, {}), json(500, {}), json(500, {}), job('RUNNING'));
    await client({
      readRetry: { attempts: 4, baseDelayMs: 400, maxDelayMs: 500 },
      sleep: async (ms) => void delays.push(ms),
      random: () => 0.999_999,
    }).getJob(5);
    expect(delays.every((delay) => delay <= 500)).toBe(true);
    expect(delays[2]).toBeGreaterThan(499);
  });

  it('leaves a 429 to its caller, which waits what it asks (a minute by the spec)', async () => {
    server.script(json(429, { error: 'Too many requests, retry after 5 seconds' }), job('RUNNING'));
    const error = await client({ readRetry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1 } })
      .getJob(5)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 5_000 });
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a read ProductAI refused for good (400: no such job)', async () => {
    server.script(json(400, { name: 'ApiError', message: 'Job not found' }), job('RUNNING'));
    const error = await client({ readRetry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1 } })
      .getJob(5)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'job_not_found' });
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after the last attempt with the server error', async () => {
    server.script(json(500, { error: 'Internal server error' }));
    const error = await client({
      readRetry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
    })
      .getJob(5)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'server', status: 500, received: 'yes' });
    expect(server.requests).toHaveLength(3);
  });
});

describe('answers off the contract', () => {
  it('keeps a job status the client does not know, flagged', async () => {
    server.script(job('QUEUED'));
    expect(await client().getJob(5)).toEqual({
      id: 5,
      status: 'QUEUED',
      statusKnown: false,
      prompt: 'p',
      image_url: undefined,
    });
  });

  it('tolerates unknown extra fields', async () => {
    server.script(
      json(200, { status: 'OK', data: { id: 5, status: 'RUNNING', eta_seconds: 12 }, trace: 'x' }),
    );
    expect(await client().getJob(5)).toMatchObject({ id: 5, status: 'RUNNING', statusKnown: true });
  });

  it('reports a body that breaks the contract as invalid_response', async () => {
    server.script(json(200, { status: 'OK', data: { id: 'five', status: 'RUNNING' } }));
    const error = await client()
      .getJob(5)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_response', received: 'yes' });
    expect((error as Error).message).toMatch(/data\.id/);
  });
});

describe('network failures', () => {
  it('files a refused connection as not_sent', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const error = await createProductAiClient({ apiKey: 'key', baseUrl: closed })
      .generate(image)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'not_sent', received: 'no' });
  });

  it('files a timeout while still connecting as not_sent', async () => {
    const port = await startUnacceptingPort();
    try {
      const error = await createProductAiClient({
        apiKey: 'key',
        baseUrl: port.url,
        timeoutMs: 300,
      })
        .generate(image)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'not_sent', received: 'no' });
      expect((error as Error).message).toMatch(/timed out/);
    } finally {
      port.close();
    }
  });

  it('files a timeout after the request was sent as maybe_sent', async () => {
    server.script(() => {}); // holds the request, never answers
    const error = await client({ timeoutMs: 300 })
      .generate(image)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'maybe_sent', received: 'maybe' });
    expect(server.requests).toEqual(['POST /v1/api/generate']);
  });

  it('files an answer cut off halfway as maybe_sent', async () => {
    server.script((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"status":"OK",');
      setTimeout(() => res.destroy(), 20);
    });
    const error = await client()
      .generate(image)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'maybe_sent', received: 'maybe' });
  });

  it('without the transport tracking (a custom fetch), files by cause code', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const customFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
    const refused = await createProductAiClient({
      apiKey: 'k',
      baseUrl: closed,
      fetch: customFetch,
    })
      .generate(image)
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'not_sent' });
  });
});

describe('abort signal', () => {
  it('refuses to start a call whose signal already fired', async () => {
    const error = await client()
      .keyCheck({ signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'aborted', received: 'no' });
    expect(server.requests).toHaveLength(0);
  });

  it('aborts a call in flight, saying the service may have it', async () => {
    server.script(() => {}); // never answers
    const controller = new AbortController();
    const pending = client().generate(image, { signal: controller.signal });
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted', received: 'maybe' });
  });

  it('stops the retries of a read when aborted during a backoff', async () => {
    server.script(json(500, {}));
    const controller = new AbortController();
    const pending = client({
      readRetry: { attempts: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 },
    }).getJob(5, { signal: controller.signal });
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    expect(server.requests).toHaveLength(1);
  });
});
