import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, connectRedis, type Redis } from '../../../src/platform/redis/connection.ts';
import { systemClock } from '../../../src/platform/clock.ts';
import { appWideKeys } from '../../../src/pipeline/generations/keys.ts';
import { createRateLimiter, type RateLimiter } from '../../../src/pipeline/limits/rate-limiter.ts';
import { testRedisUrl } from '../../support/redis.ts';
import { uniqueNamespace } from '../../support/generations.ts';

let redis: Redis;
beforeAll(async () => {
  redis = await connectRedis(testRedisUrl());
});
afterAll(() => closeRedis(redis));

function limiter(
  limit: number,
  windowMs: number,
  namespace = uniqueNamespace(),
  arrivalMarginMs = 60_000,
): RateLimiter {
  const keys = appWideKeys(namespace);
  return createRateLimiter({
    redis,
    clock: systemClock,
    slotsKey: keys.limiterSlots,
    pausedUntilKey: keys.limiterPausedUntil,
    limit,
    windowMs,
    arrivalMarginMs,
  });
}

describe('shared rate limiter', () => {
  it('gives out `limit` slots per window, then says how long to wait', async () => {
    const l = limiter(3, 10_000);
    expect(await l.tryAcquire('a')).toBe(0);
    expect(await l.tryAcquire('b')).toBe(0);
    expect(await l.tryAcquire('c')).toBe(0);
    const wait = await l.tryAcquire('d');
    expect(wait).toBeGreaterThan(9_000);
    expect(wait).toBeLessThanOrEqual(10_001);
  });

  it('is one budget for every process: two limiters on the same keys share it', async () => {
    const namespace = uniqueNamespace();
    const one = limiter(2, 10_000, namespace);
    const two = limiter(2, 10_000, namespace);
    expect(await one.tryAcquire('a')).toBe(0);
    expect(await two.tryAcquire('b')).toBe(0);
    expect(await one.tryAcquire('c')).toBeGreaterThan(0);
    expect(await two.tryAcquire('d')).toBeGreaterThan(0);
  });

  it('frees a released slot at once', async () => {
    const l = limiter(1, 10_000);
    expect(await l.tryAcquire('a')).toBe(0);
    await l.release('a');
    expect(await l.tryAcquire('b')).toBe(0);
  });

  it('counts a settled slot from its latest possible arrival: the answer, or sent + margin', async () => {
    const l = limiter(1, 300, uniqueNamespace(), 50);
    expect(await l.tryAcquire('gen1')).toBe(0);
    await systemClock.sleep(200);
    await l.settle('gen1');
    // Sent ~200 ms ago, so it arrived within 50 ms of sending: free ~100 ms from now.
    const wait = await l.tryAcquire('gen1');
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(160);
  });

  it('counts a settled slot from the answer, under a new name', async () => {
    const l = limiter(1, 300);
    expect(await l.tryAcquire('gen1')).toBe(0);
    await systemClock.sleep(200);
    await l.settle('gen1');
    // 200 ms after the first acquire; the slot now counts from the settle time.
    const wait = await l.tryAcquire('gen1');
    expect(wait).toBeGreaterThan(200);
    expect(await l.inUse()).toBe(1);
  });

  it('pauses every acquisition for the time a 429 asked for, then resumes by itself', async () => {
    const l = limiter(10, 10_000);
    await l.pauseFor(300);
    const wait = await l.tryAcquire('a');
    expect(wait).toBeGreaterThan(200);
    const started = Date.now();
    await l.acquire('a');
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  it('never grants more than `limit` within any window under concurrent demand', async () => {
    const l = limiter(5, 400);
    const granted: number[] = [];
    await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        await l.acquire(`s${i}`);
        granted.push(Date.now());
      }),
    );
    granted.sort((a, b) => a - b);
    for (let i = 5; i < granted.length; i += 1) {
      expect(granted[i]! - granted[i - 5]!).toBeGreaterThanOrEqual(395);
    }
  });
});
