/**
 * What a bulk run has done, in the merchant's categories: published, waiting for review, failed,
 * skipped (no image to work from, already made with the same options, beyond the budget),
 * cancelled, and still to go. "Done" is only what was handled (made, failed or skipped): a
 * cancelled run's bar shows how far it got, not 100%.
 */
import type { BulkRunView, GenerationState } from '../shared/contract.ts';
import { isTerminalState } from '../shared/generation-states.ts';

export interface BulkProgress {
  /** Products in the run, or the ones expanded so far while the count is unknown. */
  total: number;
  published: number;
  inReview: number;
  /** Failed after being sent (products skipped for want of an image are in `skipped`). */
  failed: number;
  skipped: { noImage: number; alreadyDone: number; budget: number; total: number };
  cancelled: number;
  /** Products not handled yet: waiting, in progress, or not yet read from the target. */
  toGo: number;
  /** Published, in review, failed or skipped. */
  handled: number;
  percent: number;
  /** The run only waits for the merchant to review results. */
  waitingForReview: boolean;
  /** The run's own status, as its badge says it. */
  status: 'running' | 'review' | 'paused' | 'cancelled' | 'completed';
}

export function bulkProgress(run: BulkRunView): BulkProgress {
  const count = (state: GenerationState) => run.counts[state] ?? 0;
  const skipped = {
    noImage: run.skippedUnprocessable,
    alreadyDone: run.skippedDone,
    budget: run.skippedForBudget,
    total: run.skippedUnprocessable + run.skippedDone + run.skippedForBudget,
  };
  // A run with options makes `run.options` generations per product (a product refused for want
  // of an image makes one, counted in skippedUnprocessable): generation counts become products.
  const products = (generations: number) => Math.round(generations / run.options);
  const failedGenerations = Math.max(0, count('failed') - run.skippedUnprocessable);
  const failed = products(failedGenerations);
  let openGenerations = 0;
  for (const [state, n] of Object.entries(run.counts) as [GenerationState, number][]) {
    if (!isTerminalState(state) && state !== 'in_review') openGenerations += n;
  }
  const open = products(openGenerations);
  // Results published: one per product (the chosen option, when there are several).
  const published = count('published');
  const inReview = products(count('in_review'));
  const cancelled = products(count('cancelled'));
  // Discarded results (rejected, undone, or the options not chosen) were handled too.
  const handled =
    products(published + count('discarded') + count('in_review') + failedGenerations) +
    skipped.total;
  const total = Math.max(run.productCount ?? run.expandedCount, handled + cancelled + open);
  const notExpanded = run.state === 'cancelled' ? 0 : total - handled - cancelled - open;
  const toGo = Math.max(0, open + notExpanded);
  const waitingForReview = run.state === 'running' && toGo === 0 && inReview > 0;
  return {
    total,
    published,
    inReview,
    failed,
    skipped,
    cancelled: run.state === 'cancelled' ? total - handled - open : cancelled,
    toGo,
    handled,
    percent: total === 0 ? 0 : Math.round((handled / total) * 100),
    waitingForReview,
    status: waitingForReview ? 'review' : run.state,
  };
}
