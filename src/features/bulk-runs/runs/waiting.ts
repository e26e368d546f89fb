/** `waiting`: a run's generations that wait in one state, read by pause, resume and cancel. */
import type { Generation } from '../../../pipeline/index.ts';
import type { BulkRun } from '../bulk-run.ts';
import type { BulkRunsDeps } from './types.ts';

const BATCH = 200;

/** The run's waiting generations in `state` (the window: a few dozen at most). */
export async function* waiting(
  deps: Pick<BulkRunsDeps, 'generations'>,
  run: BulkRun,
  state: 'queued' | 'paused',
): AsyncGenerator<Generation> {
  for (let after: string | undefined; ;) {
    const ids = await deps.generations.idsInState(run.shop, state, BATCH, after);
    for (const id of ids) {
      const generation = await deps.generations.get(run.shop, id);
      if (generation?.bulkRunId === run.id) yield generation;
    }
    if (ids.length < BATCH) return;
    after = ids[ids.length - 1];
  }
}
