/**
 * `resume`: the generations the run's pause held back go back in line where they were (those the
 * shop paused stay for the shop's resume), and expansion restarts.
 */
import { StaleTransitionError } from '../../../pipeline/index.ts';
import type { BulkRuns, BulkRunsDeps } from './types.ts';
import { waiting } from './waiting.ts';

export function resume(
  deps: Pick<BulkRunsDeps, 'runs' | 'generations' | 'requeue' | 'startExpansion'>,
): BulkRuns['resume'] {
  return async (shop, id) => {
    const run = await deps.runs.setState(shop, id, ['paused'], 'running', 'resume');
    for await (const generation of waiting(deps, run, 'paused')) {
      if (generation.pausedBy !== 'bulk-run') continue;
      try {
        await deps.requeue(shop, generation.id, ['paused'], 'bulk run resumed');
      } catch (error) {
        if (!(error instanceof StaleTransitionError)) throw error;
      }
    }
    await deps.startExpansion(shop, id);
    return run;
  };
}
