/**
 * A rate limit shared by every process: each caller (a key the user of the limiter chooses) has
 * a bucket of `burst` requests that refills at `perMinute`, kept in Redis by one script
 * (lua/take-rate-token.lua, GCRA: one number per caller, expiring once the bucket is full), so
 * two web processes behind a load balancer count the same requests.
 */
import type { Redis } from './connection.ts';
import { luaScript } from './lua-script.ts';

const TAKE = luaScript(new URL('./lua/take-rate-token.lua', import.meta.url), {
  keys: ['bucket'],
  args: ['intervalMs', 'burst'],
});

export interface RateLimit {
  /** Requests allowed at once, from a full bucket. */
  burst: number;
  /** Requests that come back into the bucket per minute. */
  perMinute: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface RateLimiter {
  /** Counts one request of the caller `key` if its bucket allows it. */
  take(key: string): Promise<RateDecision>;
}

export function createRateLimiter(redis: Redis, limit: RateLimit): RateLimiter {
  const intervalMs = 60_000 / limit.perMinute;
  return {
    async take(key) {
      const [allowed, retryAfterMs] = (await TAKE(
        redis,
        { bucket: key },
        { intervalMs, burst: limit.burst },
      )) as [number, number];
      return allowed === 1 ? { allowed: true } : { allowed: false, retryAfterMs };
    },
  };
}
