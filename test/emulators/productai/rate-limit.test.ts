/**
 * The generation rate limit: 15 requests per minute per client IP on generate and
 * generate-video (configurable), 429 with the spec's body; other endpoints are not limited.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../src/platform/clock.ts';
import { KEY, startApi, type Api } from './support/emulator.ts';

let api: Api | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** An invalid generation (missing prompt): cheap, no job, but it counts against the limit. */
const attempt = (target: Api, path = '/v1/api/generate') => target.post(path, { model: 'gpt-2' });

/** The same request sent from another loopback address, i.e. another client IP. */
function attemptFrom(localAddress: string, target: Api): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ model: 'gpt-2' });
    const req = request(`${target.url}/v1/api/generate`, {
      method: 'POST',
      localAddress,
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    });
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('generation rate limit', () => {
  it('by default allows 15 requests a minute per IP; the 16th is 429 asking to retry after a minute', async () => {
    const clock = createManualClock();
    api = await startApi({ rateLimitPerMin: undefined, clock });
    for (let i = 0; i < 15; i++) expect((await attempt(api)).status).toBe(400);
    const refused = await attempt(api);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'Too many generation requests from this IP, please try again after a minute.',
    });
    expect(refused.headers.get('retry-after')).toBe('60');
    clock.advance(59_999);
    expect((await attempt(api)).status).toBe(429);
    clock.advance(1);
    expect((await attempt(api)).status).toBe(400);
  });

  it('counts generate and generate-video together', async () => {
    api = await startApi({ rateLimitPerMin: 2, clock: createManualClock() });
    expect((await attempt(api, '/v1/api/generate')).status).toBe(400);
    expect((await attempt(api, '/v1/api/generate-video')).status).toBe(400);
    expect((await attempt(api, '/v1/api/generate-video')).status).toBe(429);
    expect((await attempt(api, '/v1/api/generate')).status).toBe(429);
  });

  it('limits each client IP separately', async () => {
    api = await startApi({ rateLimitPerMin: 1, clock: createManualClock() });
    expect(await attemptFrom('127.0.0.1', api)).toBe(400);
    expect(await attemptFrom('127.0.0.1', api)).toBe(429);
    expect(await attemptFrom('127.0.0.3', api)).toBe(400);
  });

  it('does not limit upscale, job reads, key-check or the earlier interface', async () => {
    api = await startApi({ rateLimitPerMin: 1, clock: createManualClock() });
    await attempt(api);
    expect((await attempt(api)).status).toBe(429);
    for (let i = 0; i < 5; i++) {
      expect((await api.post('/v1/api/upscale', {})).status).toBe(400);
      expect((await api.get('/v1/api/job/1')).status).toBe(400);
      expect((await api.get('/v1/api/key-check')).status).toBe(200);
      expect((await api.bearer('GET', '/v1/jobs', KEY)).status).toBe(200);
    }
  });

  it('charges nothing for a refused request', async () => {
    api = await startApi({ rateLimitPerMin: 1, clock: createManualClock() });
    await attempt(api);
    const before = await api.credits(KEY);
    const refused = await api.post('/v1/api/generate', { model: 'gpt-2', prompt: 'x' });
    expect(refused.status).toBe(429);
    expect(await api.credits(KEY)).toBe(before);
  });

  it('takes its count and window from the options; the 429 names the window', async () => {
    const clock = createManualClock();
    api = await startApi({ rateLimitPerMin: 3, rateLimitWindowMs: 5000, clock });
    for (let i = 0; i < 3; i++) expect((await attempt(api)).status).toBe(400);
    const refused = await attempt(api);
    expect(refused.body.error).toBe(
      'Too many generation requests from this IP, please try again after 5 seconds.',
    );
    expect(refused.headers.get('retry-after')).toBe('5');
    clock.advance(5000);
    expect((await attempt(api)).status).toBe(400);
  });

  it('is off with a limit of 0', async () => {
    api = await startApi({ rateLimitPerMin: 0 });
    for (let i = 0; i < 40; i++) expect((await attempt(api)).status).toBe(400);
  });
});
