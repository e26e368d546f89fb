import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { closeRedis, connectRedis } from '../../src/platform/redis/connection.ts';
import { createRateLimiter } from '../../src/platform/redis/rate-limit.ts';
import { testRedisUrl } from '../support/redis.ts';

const redis = await connectRedis(testRedisUrl());
afterAll(() => closeRedis(redis));

const newKey = () => `test:rate-limit:${randomUUID()}`;

async function takeMany(limiter: ReturnType<typeof createRateLimiter>, key: string, n: number) {
  const decisions = [];
  for (let i = 0; i < n; i += 1) decisions.push(await limiter.take(key));
  return decisions;
}

describe('the shared rate limiter', () => {
  it('allows a full bucket at once, then refuses with the time until one request is back', async () => {
    const limiter = createRateLimiter(redis, { burst: 5, perMinute: 60 });
    const started = Date.now();
    const decisions = await takeMany(limiter, newKey(), 6);
    const took = Date.now() - started;
    expect(decisions.slice(0, 5).every((decision) => decision.allowed)).toBe(true);
    // One request comes back every second, counted from the first take (the six takes
    // themselves take time on a loaded machine).
    expect(decisions[5]).toEqual({ allowed: false, retryAfterMs: expect.any(Number) });
    const { retryAfterMs } = decisions[5] as { retryAfterMs: number };
    expect(retryAfterMs).toBeGreaterThan(1_000 - took - 10);
    expect(retryAfterMs).toBeLessThanOrEqual(1_000);
  });

  it('counts each caller on its own', async () => {
    const limiter = createRateLimiter(redis, { burst: 2, perMinute: 1 });
    const flooder = newKey();
    await takeMany(limiter, flooder, 3);
    expect(await limiter.take(flooder)).toMatchObject({ allowed: false });
    expect(await limiter.take(newKey())).toEqual({ allowed: true });
  });

  it('is shared by every limiter on the same Redis (two processes count together)', async () => {
    const other = await connectRedis(testRedisUrl());
    try {
      const limit = { burst: 3, perMinute: 1 };
      const here = createRateLimiter(redis, limit);
      const there = createRateLimiter(other, limit);
      const key = newKey();
      expect(await here.take(key)).toEqual({ allowed: true });
      expect(await there.take(key)).toEqual({ allowed: true });
      expect(await here.take(key)).toEqual({ allowed: true });
      expect(await there.take(key)).toMatchObject({ allowed: false });
    } finally {
      await closeRedis(other);
    }
  });

  it('changes nothing when it refuses, so a flood does not push the caller further back', async () => {
    const limiter = createRateLimiter(redis, { burst: 1, perMinute: 1 });
    const key = newKey();
    await limiter.take(key);
    const before = await redis.get(key);
    await takeMany(limiter, key, 20);
    expect(await redis.get(key)).toBe(before);
  });

  it('remembers a refusal until its retry time, without asking Redis again', async () => {
    const limiter = createRateLimiter(redis, { burst: 1, perMinute: 1 });
    const key = newKey();
    await limiter.take(key);
    expect(await limiter.take(key)).toMatchObject({ allowed: false });
    // Redis would now allow it (the caller's count is gone); this process still knows better.
    await redis.del(key);
    expect(await limiter.take(key)).toMatchObject({ allowed: false });
    expect(await createRateLimiter(redis, { burst: 1, perMinute: 1 }).take(key)).toEqual({
      allowed: true,
    });
  });

  it('gives a request back after its interval', async () => {
    // One request every 50 ms.
    const limiter = createRateLimiter(redis, { burst: 1, perMinute: 1_200 });
    const key = newKey();
    expect(await limiter.take(key)).toEqual({ allowed: true });
    const refused = await limiter.take(key);
    expect(refused).toEqual({ allowed: false, retryAfterMs: expect.any(Number) });
    await sleep((refused as { retryAfterMs: number }).retryAfterMs + 5);
    expect(await limiter.take(key)).toEqual({ allowed: true });
  });

  it('keeps a caller only until its bucket is full again', async () => {
    const limiter = createRateLimiter(redis, { burst: 10, perMinute: 600 });
    const key = newKey();
    await takeMany(limiter, key, 4);
    // Four requests take 4 × 100 ms to come back.
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(300);
    expect(ttl).toBeLessThanOrEqual(400);
  });
});
