/**
 * Time as an adapter: token expiry, throttle waits and backoff read the clock and sleep through
 * it, so tests can move time forward instead of waiting for it.
 */
import { setTimeout as delay } from 'node:timers/promises';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it is aborted first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    if (ms <= 0) return signal?.throwIfAborted();
    await delay(ms, undefined, { signal });
  },
};

/** A clock whose `now()` is shifted by a settable offset: real sleeps, simulated later times. */
export interface OffsetClock extends Clock {
  advance(ms: number): void;
}

export function createOffsetClock(base: Clock = systemClock): OffsetClock {
  let offset = 0;
  return {
    now: () => base.now() + offset,
    sleep: (ms, signal) => base.sleep(ms, signal),
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** A clock that stands still until advanced (expiry, refill and rate windows); sleeps are real. */
export function createManualClock(start = Date.now()): OffsetClock {
  return createOffsetClock({ now: () => start, sleep: systemClock.sleep });
}
