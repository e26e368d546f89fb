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

  it('warns, still ready, when Redis uses 80 % of its maxmemory or more', async () => {
    const redis = { ...answering, info: () => memoryInfo(820, 1000) };
    expect(await checkHealth('/readyz', { redis, isDraining: () => false })).toEqual({
      status: 200,
      body: { status: 'ok', redis: 'ok', redisMemoryRatio: 0.82, warnings: ['redis_memory_high'] },
    });
  });

  it('gives the ratio without a warning below 80 %', async () => {
    const redis = { ...answering, info: () => memoryInfo(500, 1000) };
    const answer = await checkHealth('/readyz', { redis, isDraining: () => false });
    expect(answer.body).toEqual({ status: 'ok', redis: 'ok', redisMemoryRatio: 0.5 });
  });
});

/** `INFO memory` as Redis writes it (CRLF lines, a section header). */
function memoryInfo(used: number, max: number): Promise<string> {
  return Promise.resolve(
    `# Memory\r\nused_memory:${used}\r\nused_memory_human:1K\r\nmaxmemory:${max}\r\nmaxmemory_policy:noeviction\r\n`,
  );
}
