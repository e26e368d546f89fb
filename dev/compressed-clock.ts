/**
 * The demo's clock for image experiments (dev/experiment-days-process.ts, dev/stack.ts): time
 * from a start instant on, running faster, so an experiment's days pass in seconds. Every process
 * given the same start and day length agrees on the day.
 */
import { systemClock, type Clock } from '../src/platform/clock.ts';

const DAY_MS = 86_400_000;

/** Time from `startMs` on, a day every `dayMs` real milliseconds; sleeps are real. */
export function compressedClock(startMs: number, dayMs: number): Clock {
  const speed = DAY_MS / dayMs;
  return {
    now: () => startMs + (Date.now() - startMs) * speed,
    sleep: systemClock.sleep,
  };
}
