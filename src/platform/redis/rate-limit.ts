/**
 * A rate limit shared by every process: each caller (a key the user of the limiter chooses) has
 * a bucket of `burst` requests that refills at `perMinute`, kept in Redis by one script
 * (lua/take-rate-token.lua, GCRA: one number per caller, expiring once the bucket is full), so
 * two web processes behind a load balancer count the same requests.
 *
 * A refusal holds until its retry time whatever any process does meanwhile (a refused request
 * changes nothing, an allowed one only pushes that time further), so each process remembers its
 * refusals and answers the caller's next requests until then without asking Redis: a flood
 * costs one Redis call per retry time and process, not one per request.
 */
import type { Redis } from './connection.ts';
import { luaScript } from './lua-script.ts';

const TAKE = luaScript(new URL('./lua/take-rate-token.lua', import.meta.url), {
  keys: ['bucket'],
  args: ['intervalMs', 'burst'],
});

/** Past this many remembered refusals, the expired ones are dropped. */
const SWEEP_ABOVE = 10_000;

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
  /** Caller key -> until when (performance.now()) it is refused. */
  const refusedUntil = new Map<string, number>();

  function remember(key: string, until: number): void {
    if (refusedUntil.size >= SWEEP_ABOVE) {
      const now = performance.now();
      for (const [other, otherUntil] of refusedUntil)
        if (otherUntil <= now) refusedUntil.delete(other);
    }
    refusedUntil.set(key, until);
  }

  return {
    async take(key) {
      const sent = performance.now();
      const until = refusedUntil.get(key);
      if (until !== undefined) {
        if (until > sent) return { allowed: false, retryAfterMs: Math.ceil(until - sent) };
        refusedUntil.delete(key);
      }
      const [allowed, retryAfterMs] = (await TAKE(
        redis,
        { bucket: key },
        { intervalMs, burst: limit.burst },
      )) as [number, number];
      if (allowed === 1) return { allowed: true };
      // Counted from when the question left: Redis answered later, so this never outlasts it.
      remember(key, sent + retryAfterMs);
      return { allowed: false, retryAfterMs };
    },
  };
}
