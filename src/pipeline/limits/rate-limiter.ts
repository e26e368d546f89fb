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
 * Paced (acquire-slot.lua): bulk requests are also spread evenly, one every windowMs / limit
 * (4 s at 15 a minute), and whose turn it is is decided in the same script: an interactive
 * request before any bulk one (a free slot of the log at once: a click never waits for the pace
 * of an idle budget), bulk ones in the order the fair scheduler armed them (`SlotTurn`).
 *
 * Why pace: bulk work that takes every slot the moment it frees fills the window in a burst and
 * then stands still, and a click waits for the next burst (p95 about three quarters of a window
 * under a 50-shop bulk backlog). Paced, a click waits for the next slot at most, at the same
 * throughput: the log, not the pace, sets it (each slot is reused a window after its request
 * arrived). bench/at-the-limit.ts measures both; docs/benchmarks.md has its latest figures.
 *
 * The pace forgives a slot taken up to a quarter interval late (a timer's or a busy process's
 * late wake-up) by keeping its schedule, and a bulk request takes a slot the log frees as it
 * frees, a quarter interval after the last slot at the soonest: held for the pace, the slot
 * would drift later at every turn and be lost for good. Slots freed together (an idle budget,
 * a lull, a released slot, a late waiter) are spread by the pace; a released slot (the request
 * never left) gives its place in the pace back when no later slot was given meanwhile. The
 * cost: bulk work on an idle budget leaves one request per interval (a 10-product run's last
 * request about 35 s after its first, where all ten would leave together); a click and its
 * options still take free slots at once.
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
import { luaScript } from '../../platform/redis/lua-script.ts';
import type { Priority } from '../generations/generation.ts';

/**
 * Whose turn a request is: interactive requests take slots before bulk ones, and bulk ones in
 * the order they were armed (their arming token, a sequence number: fair-scheduler.ts).
 */
export interface SlotTurn {
  priority: Priority;
  arming?: string;
}

export interface RateLimiter {
  /** Takes a slot named `slotId` if its turn has come: 0, else the ms to wait before trying again. */
  tryAcquire(slotId: string, turn: SlotTurn): Promise<number>;
  /** Waits (through the clock) until a slot is taken; call it right before sending. */
  acquire(slotId: string, turn: SlotTurn, signal?: AbortSignal): Promise<void>;
  /**
   * The request was answered (or may have arrived): the slot counts from its latest possible
   * arrival, min(now, taken + arrivalMarginMs), under a new name.
   */
  settle(slotId: string): Promise<void>;
  /** The request certainly never left: the slot is free again (and its place in the pace). */
  release(slotId: string): Promise<void>;
  /**
   * The service answered 429: no slot is given out for `ms`. Answers how long until slots are
   * given out again (ms; a longer pause already set stays), which a refused request's view says
   * as an instant on the caller's clock.
   */
  pauseFor(ms: number): Promise<number>;
  /** Slots in use in the current window (for tests and benchmarks). */
  inUse(): Promise<number>;
}

export interface RateLimiterOptions {
  redis: Redis;
  clock: Clock;
  slotsKey: string;
  pausedUntilKey: string;
  paceKey: string;
  lastSlotKey: string;
  waitingKey: string;
  waitingUntilKey: string;
  limit: number;
  windowMs: number;
  /** Longest time a request may take from leaving to arriving at the service. */
  arrivalMarginMs: number;
}

const ACQUIRE = luaScript(new URL('./lua/acquire-slot.lua', import.meta.url), {
  keys: ['slots', 'pausedUntil', 'pace', 'waiting', 'waitingUntil', 'lastSlot'],
  args: ['limit', 'windowMs', 'slotId', 'priority', 'turn'],
});
const SETTLE = luaScript(new URL('./lua/settle-slot.lua', import.meta.url), {
  keys: ['slots'],
  args: ['slotId', 'windowMs', 'arrivalMarginMs'],
});
const RELEASE = luaScript(new URL('./lua/release-slot.lua', import.meta.url), {
  keys: ['slots', 'pace'],
  args: ['slotId', 'interval'],
});
const PAUSE = luaScript(new URL('./lua/pause-slots.lua', import.meta.url), {
  keys: ['pausedUntil'],
  args: ['ms'],
});
const COUNT = luaScript(new URL('./lua/count-slots.lua', import.meta.url), {
  keys: ['slots'],
  args: ['windowMs'],
});

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { redis, clock, slotsKey, limit, windowMs, arrivalMarginMs } = options;
  const acquireKeys = {
    slots: slotsKey,
    pausedUntil: options.pausedUntilKey,
    pace: options.paceKey,
    waiting: options.waitingKey,
    waitingUntil: options.waitingUntilKey,
    lastSlot: options.lastSlotKey,
  };
  if (!(limit > 0) || !(windowMs > 0))
    throw new Error('The rate limit needs a positive count and window');

  const tryAcquire = async (slotId: string, { priority, arming }: SlotTurn) =>
    Number(
      await ACQUIRE(redis, acquireKeys, {
        limit,
        windowMs,
        slotId,
        priority,
        turn: arming ?? '',
      }),
    );

  return {
    tryAcquire,
    async acquire(slotId, turn, signal) {
      for (;;) {
        signal?.throwIfAborted();
        const wait = await tryAcquire(slotId, turn);
        if (wait === 0) return;
        await clock.sleep(wait, signal);
      }
    },
    async settle(slotId) {
      await SETTLE(redis, { slots: slotsKey }, { slotId, windowMs, arrivalMarginMs });
    },
    async release(slotId) {
      await RELEASE(
        redis,
        { slots: slotsKey, pace: options.paceKey },
        { slotId, interval: windowMs / limit },
      );
    },
    async pauseFor(ms) {
      return Number(
        await PAUSE(
          redis,
          { pausedUntil: options.pausedUntilKey },
          { ms: Math.max(1, Math.ceil(ms)) },
        ),
      );
    },
    async inUse() {
      return Number(await COUNT(redis, { slots: slotsKey }, { windowMs }));
    },
  };
}
