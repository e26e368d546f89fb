/**
 * The safety net under a scheduler's delayed jobs (campaign phases, experiments' looks): a pass
 * that queues whatever its store says is due, run when the worker starts (whatever came due
 * while no worker was up) and every `everyMs` after, a failed pass logged and tried again at the
 * next. Stopping waits for the pass under way.
 */
import type { Logger } from '../logger.ts';

export interface ReconcileLoop {
  stop(): Promise<void>;
}

export function startReconcileLoop(options: {
  pass: () => Promise<unknown>;
  everyMs: number;
  logger: Logger;
  /** What the log says failed ("campaign reconciliation"). */
  name: string;
}): ReconcileLoop {
  const { pass, everyMs, logger, name } = options;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = pass().catch((error: unknown) => logger.warn({ err: error }, `${name} failed`));
  };
  tick();
  const timer = setInterval(() => {
    if (!stopped) tick();
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
