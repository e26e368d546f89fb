/**
 * `cancel`: the run's waiting generations, queued or paused, are cancelled (their reserved
 * credits released); work already submitted still lands.
 */
import { holdBack } from '../expand-run.ts';
import type { BulkRuns, BulkRunsDeps } from './types.ts';
import { waiting } from './waiting.ts';

export function cancel(deps: BulkRunsDeps): BulkRuns['cancel'] {
  return async (shop, id) => {
    const run = await deps.runs.setState(shop, id, ['running', 'paused'], 'cancelled', 'cancel');
    for (const state of ['queued', 'paused'] as const) {
      for await (const generation of waiting(deps, run, state)) {
        await holdBack(run, generation, deps);
      }
    }
    return (await deps.runs.get(shop, id)) ?? run;
  };
}
