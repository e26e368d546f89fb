import type { BulkRunView, GenerationState } from '../shared/contract.ts';
import { STATE_INFO } from './generation-states.ts';
import { isTerminalState } from '../shared/generation-states.ts';

export interface BulkProgress {
  /** Products whose generation has finished (terminal or waiting for review). */
  done: number;
  /** Products in the run, or the ones expanded so far while the count is unknown. */
  total: number;
  percent: number;
}

export function bulkProgress(run: BulkRunView): BulkProgress {
  let done = 0;
  for (const [state, count] of Object.entries(run.counts) as [GenerationState, number][]) {
    if (isTerminalState(state) || state === 'in_review') done += count;
  }
  done += run.skippedForBudget;
  const total = Math.max(run.productCount ?? run.expandedCount, done);
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

/** Non-zero counts in the order states happen, for "12 published · 3 generating". */
export function countsInOrder(counts: BulkRunView['counts']): [GenerationState, number][] {
  return (Object.keys(STATE_INFO) as GenerationState[])
    .map((state): [GenerationState, number] => [state, counts[state] ?? 0])
    .filter(([, count]) => count > 0);
}
