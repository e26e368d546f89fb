/**
 * A wake-up that many waits can share (the dispatcher's and the turn feeder's idle waits):
 * `notify` ends them all at once; each also ends after its own time, or when `signal` aborts.
 * A notice that comes while nobody waits (the loop is busy taking work) is kept for the next
 * wait, which then ends at once: work put in the moment between the loop's last look and its
 * wait would otherwise wait for the next periodic look.
 */
import type { Clock } from '../../platform/clock.ts';

export interface WakeSignal {
  notify(): void;
  wait(ms: number, clock: Clock, signal: AbortSignal): Promise<void>;
}

export function createWakeSignal(): WakeSignal {
  let waiters: (() => void)[] = [];
  let missed = false;
  return {
    notify() {
      const current = waiters;
      waiters = [];
      missed = current.length === 0;
      for (const wake of current) wake();
    },
    wait(ms: number, clock: Clock, signal: AbortSignal): Promise<void> {
      if (missed) {
        missed = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const controller = new AbortController();
        const done = () => {
          controller.abort();
          resolve();
        };
        waiters.push(done);
        clock.sleep(ms, AbortSignal.any([signal, controller.signal])).then(done, done);
      });
    },
  };
}
