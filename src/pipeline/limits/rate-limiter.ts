/**
 * The ProductAI generation budget, shared by every worker process and every shop: ProductAI
 * allows `limit` generation requests per `windowMs` per client IP (15 per minute), and all the
 * shops this app serves leave from one address.
 *
 * Algorithm: a sliding-window log in one Redis sorted set (member = slot id, score = time in
 * Redis's clock, so processes with skewed clocks agree). `acquire` removes entries older than
 * the window and takes a slot if fewer than `limit` remain; otherwise it says how long until
 * the oldest leaves. A sliding log, unlike fixed windows, never allows 2x`limit` across a
 * window boundary, so it is at least as strict as whatever window the service counts in.
 *
 * Slot timing, the subtle part: the service counts a request when it ARRIVES. The slot is
 * taken right before the request leaves (the submit stage calls `acquire` as its last step
 * before sending) and `settle`, when the answer is back, moves it to the latest moment the
 * request can have arrived: min(answer time, taken + arrivalMarginMs). Otherwise request
 * i+limit, sent exactly one window after request i, could arrive less than a window after a
 * request i that travelled slowly, and be refused. The margin only caps what a pathologically
 * slow answer (a 30 s timeout) costs the slot; it is 5 s by default, so an ordinary answer
 * (40-100 ms against the emulator, a second or two from the real service, which downloads the
 * source images first) always counts from its own time. A 100 ms margin bought a few percent
 * of utilisation in the compressed benchmark but met real 429s (2 in 100 requests): on the
 * loaded test machine a request could reach the emulator's limiter more than 100 ms after its
 * slot was taken.
 *
 * A 429 anyway (another app on the same address, a restart of the service's counters) pauses
 * every submission until the time the service asked for (`pauseFor`), then work resumes by
 * itself: `acquire` answers "wait" until then.
 */
import type { Redis } from '../../platform/redis/connection.ts';
import type { Clock } from '../../platform/clock.ts';
import { redisScript } from '../../platform/redis/lua-script.ts';

export interface RateLimiter {
  /** Takes a slot named `slotId` if one is free: 0, else the ms to wait before trying again. */
  tryAcquire(slotId: string): Promise<number>;
  /** Waits (through the clock) until a slot is taken; call it right before sending. */
  acquire(slotId: string, signal?: AbortSignal): Promise<void>;
  /**
   * The request was answered (or may have arrived): the slot counts from its latest possible
   * arrival, min(now, taken + arrivalMarginMs), under a new name.
   */
  settle(slotId: string): Promise<void>;
  /** The request certainly never left: the slot is free again. */
  release(slotId: string): Promise<void>;
  /** The service answered 429: no slot is given out for `ms`. */
  pauseFor(ms: number): Promise<void>;
  /** Slots in use in the current window (for tests and benchmarks). */
  inUse(): Promise<number>;
}

export interface RateLimiterOptions {
  redis: Redis;
  clock: Clock;
  slotsKey: string;
  pausedUntilKey: string;
  limit: number;
  windowMs: number;
  /** Longest time a request may take from leaving to arriving at the service. */
  arrivalMarginMs: number;
}

const NOW_MS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

// KEYS: slots, pausedUntil. ARGV: limit, windowMs, slotId. Returns 0 or ms to wait.
const ACQUIRE = redisScript(`${NOW_MS}
local pausedUntil = tonumber(redis.call('GET', KEYS[2]) or '0')
if pausedUntil > now then return pausedUntil - now end
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window * 2)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now + 1)
`);

// KEYS: slots. ARGV: slotId, windowMs, arrivalMarginMs. The slot keeps counting from the latest
// possible arrival, under a name of its own, so that the same generation can take a slot later.
const SETTLE = redisScript(`${NOW_MS}
local taken = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not taken then return 0 end
local arrival = math.min(now, tonumber(taken) + tonumber(ARGV[3]))
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], arrival, ARGV[1] .. '@' .. arrival .. '.' .. math.random(1000000))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
return 1
`);

// KEYS: pausedUntil. ARGV: ms. Never shortens a longer pause already set.
const PAUSE = redisScript(`${NOW_MS}
local untilMs = now + tonumber(ARGV[1])
if tonumber(redis.call('GET', KEYS[1]) or '0') < untilMs then
  redis.call('SET', KEYS[1], untilMs, 'PX', tonumber(ARGV[1]))
end
return untilMs
`);

const COUNT = redisScript(`${NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
return redis.call('ZCARD', KEYS[1])
`);

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { redis, clock, slotsKey, pausedUntilKey, limit, windowMs, arrivalMarginMs } = options;
  if (!(limit > 0) || !(windowMs > 0))
    throw new Error('The rate limit needs a positive count and window');

  const tryAcquire = async (slotId: string) =>
    Number(await ACQUIRE(redis, [slotsKey, pausedUntilKey], [limit, windowMs, slotId]));

  return {
    tryAcquire,
    async acquire(slotId, signal) {
      for (;;) {
        signal?.throwIfAborted();
        const wait = await tryAcquire(slotId);
        if (wait === 0) return;
        await clock.sleep(wait, signal);
      }
    },
    async settle(slotId) {
      await SETTLE(redis, [slotsKey], [slotId, windowMs, arrivalMarginMs]);
    },
    async release(slotId) {
      await redis.zrem(slotsKey, slotId);
    },
    async pauseFor(ms) {
      await PAUSE(redis, [pausedUntilKey], [Math.max(1, Math.ceil(ms))]);
    },
    async inUse() {
      return Number(await COUNT(redis, [slotsKey], [windowMs]));
    },
  };
}
