/**
 * What readiness answers (src/platform/health.ts) in the states a real Redis is hard to hold in:
 * draining, and a PING that never returns.
 */
import { describe, expect, it } from 'vitest';
import { checkHealth } from '../../src/platform/health.ts';

const answering = { ping: () => Promise.resolve('PONG') };
const silent = { ping: () => new Promise<string>(() => {}) };

describe('checkHealth', () => {
  it('is not ready while draining, even with Redis answering', async () => {
    expect(await checkHealth('/readyz', { redis: answering, isDraining: () => true })).toEqual({
      status: 503,
      body: { status: 'draining' },
    });
  });

  it('stays live while draining', async () => {
    const answer = await checkHealth('/livez', { redis: answering, isDraining: () => true });
    expect(answer.status).toBe(200);
  });

  it('calls Redis down when its PING does not answer in time', async () => {
    const deps = { redis: silent, isDraining: () => false, redisTimeoutMs: 50 };
    expect(await checkHealth('/readyz', deps)).toEqual({
      status: 503,
      body: { status: 'degraded', redis: 'down' },
    });
  });
});
