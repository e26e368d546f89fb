/**
 * Work started by a request but finished after its response (e.g. a webhook's handler, which
 * Shopify wants acknowledged within 5 s). Tracked so that a graceful shutdown waits for it
 * instead of cutting it off, and so that a failure is logged rather than lost silently.
 */
import type { Logger } from './logger.ts';

export interface BackgroundWork {
  /** Starts `task` now, off the caller's path. */
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once every started task has settled, or after `timeoutMs` (returns the count left). */
  drain(timeoutMs: number): Promise<number>;
  readonly pending: number;
}

export function createBackgroundWork(logger: Logger): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const promise = Promise.resolve()
        .then(task)
        .catch((error: unknown) =>
          logger.error({ err: error, task: name }, 'background task failed'),
        )
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        timer.unref();
      });
      // Tasks may start other tasks while draining: wait until the set stays empty.
      let timedOut = false;
      void timeout.then(() => (timedOut = true));
      while (running.size > 0 && !timedOut)
        await Promise.race([Promise.allSettled(running), timeout]);
      clearTimeout(timer);
      return running.size;
    },
    get pending() {
      return running.size;
    },
  };
}
