/**
 * An app process (argv[2]: `web` or `worker`) run exactly as web/server/main.ts or
 * web/worker/main.ts runs it, except that its image experiments run on a compressed clock: a
 * day every EXPERIMENT_DAY_MS real milliseconds from EXPERIMENT_CLOCK_START (ms since the epoch,
 * the same in both processes, so the intake and the daily looks agree on the day). The demo's
 * (dev/stack.ts `experimentDayMs`): an experiment decides in about a minute. Production's
 * entries never read these variables; the rest of the app keeps real time.
 */
import { runWebProcess } from '../web/server/main.ts';
import { runWorkerProcess } from '../web/worker/main.ts';
import { compressedClock } from './compressed-clock.ts';

/** How often the worker looks for due experiments: well within a compressed day. */
const RECONCILE_MS = 250;

const clock = compressedClock(
  Number(process.env.EXPERIMENT_CLOCK_START),
  Number(process.env.EXPERIMENT_DAY_MS),
);
const overrides = { experiments: { clock, reconcileMs: RECONCILE_MS } };
if (process.argv[2] === 'web') runWebProcess(overrides);
else runWorkerProcess(overrides);
