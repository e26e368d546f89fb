/**
 * The web process's liveness (/livez) and readiness (/readyz, and /healthz under its older name):
 * readiness follows Redis, liveness never does. Its own Redis, so that freezing it (CLIENT
 * PAUSE) stalls no other test.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateRedis, type PrivateRedis } from '../../dev/redis-server.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

let redis: PrivateRedis;
let app: TestApp;

beforeAll(async () => {
  redis = await startPrivateRedis();
  app = await startTestApp({ env: { REDIS_URL: redis.url } });
});

afterAll(async () => {
  await app.server.close();
  await redis.stop();
});

async function probe(path: string): Promise<{ status: number; body: unknown }> {
  const response = await app.call(path);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return { status: response.status, body: await response.json() };
}

describe('health endpoints of the web process', () => {
  it('is live and ready while Redis answers', async () => {
    expect(await probe('/livez')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'ok', redis: 'ok' } });
    expect(await probe('/healthz')).toEqual(await probe('/readyz'));
  });

  it('is not ready, but still live, while Redis does not answer', async () => {
    const admin = new Redis(redis.url);
    await admin.client('PAUSE', 2_000, 'ALL'); // thaws by itself
    admin.disconnect();
    expect(await probe('/readyz')).toEqual({
      status: 503,
      body: { status: 'degraded', redis: 'down' },
    });
    expect(await probe('/livez')).toEqual({ status: 200, body: { status: 'ok' } });
  });
});
