/**
 * `view`: the run as the app shows it, with its progress counts by state (the generation store's
 * per-run counters) and, while it runs, its forecast.
 */
import type { GenerationState } from '../../../app-api/contract.ts';
import { isTerminal } from '../../generations/generation.ts';
import type { BulkRun } from '../bulk-run.ts';
import type { BulkRuns, BulkRunsDeps } from './types.ts';

export function view(deps: Pick<BulkRunsDeps, 'generations' | 'forecaster'>): BulkRuns['view'] {
  return async (run) => {
    const counts = await deps.generations.countByState(run.shop, { bulkRunId: run.id });
    const active = Object.entries(counts).some(
      ([state, count]) => count > 0 && !isTerminal(state as GenerationState),
    );
    return {
      id: run.id,
      title: run.title,
      target: run.target,
      kind: run.kind,
      params: run.params,
      state: run.state === 'running' && run.expansionDone && !active ? 'completed' : run.state,
      productCount: run.productCount,
      expandedCount: run.expandedCount,
      options: run.options,
      estimatedCredits: run.estimatedCredits,
      creditBudget: run.creditBudget,
      creditsCommitted: run.creditsCommitted,
      skippedForBudget: run.skippedForBudget,
      skippedUnprocessable: run.skippedUnprocessable,
      skippedDone: run.skippedDone,
      includeDone: run.includeDone,
      counts,
      schedule: await scheduleOf(deps, run, counts),
      createdAt: run.createdAt,
      updatedAt: run.updatedAt,
    };
  };
}

/** A running run's forecast: its queued generations and the products not yet expanded. */
async function scheduleOf(
  deps: Pick<BulkRunsDeps, 'forecaster'>,
  run: BulkRun,
  counts: Record<GenerationState, number>,
) {
  if (run.state !== 'running') return null;
  // Products not expanded yet send one request per option each.
  const notExpanded = run.expansionDone
    ? 0
    : Math.max(0, (run.productCount ?? run.expandedCount) - run.expandedCount) * run.options;
  return deps.forecaster.forecast(run.shop, run.kind, counts.queued + notExpanded, counts.queued);
}
