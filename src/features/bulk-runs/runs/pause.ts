/**
 * `pause`: the run stops expanding and its queued generations wait as `paused`; the run expires
 * once paused `expiry.pausedMs` (runs/expire.ts), scheduled in the same step as the pause.
 */
import { holdBack } from '../expand-run.ts';
import type { BulkRuns, BulkRunsDeps } from './types.ts';
import { waiting } from './waiting.ts';

export function pause(deps: BulkRunsDeps): BulkRuns['pause'] {
  return async (shop, id) => {
    const run = await deps.runs.pause(shop, id, deps.clock.now() + deps.expiry.pausedMs);
    for await (const generation of waiting(deps, run, 'queued')) {
      await holdBack(run, generation, deps);
    }
    return run;
  };
}
