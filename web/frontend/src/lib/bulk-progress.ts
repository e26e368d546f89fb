/**
 * What a bulk run has done, in the merchant's categories: published, waiting for review, failed,
 * skipped (no image to work from, already made with the same options, beyond the budget),
 * cancelled, and still to go. The products to make and the skipped ones are the run's outcome
 * (src/app-api/run-outcome.ts), the figures its estimate showed; the bar counts the results made
 * against the products to make, so it starts at 0% (skipped products are not progress), and a
 * cancelled run's bar shows how far it got, not 100%.
 */
import type { BulkRunView, GenerationState } from '../shared/contract.ts';
import { isTerminalState } from '../shared/generation-states.ts';

export interface BulkProgress {
  /** Products in the run. */
  total: number;
  /** Products the run makes (within its budget; photos for a run of sets): what the bar counts against. */
  toMake: number;
  published: number;
  inReview: number;
  /** Failed after being sent. */
  failed: number;
  skipped: { noImage: number; alreadyDone: number; budget: number; total: number };
  cancelled: number;
  /** Products to make not made yet: waiting, in progress, or not yet read from the target. */
  toGo: number;
  /** Products made: published, in review, failed or discarded. */
  made: number;
  percent: number;
  /** The run only waits for the merchant to review results. */
  waitingForReview: boolean;
  /** The run's own status, as its badge says it. */
  status: 'running' | 'review' | 'paused' | 'cancelled' | 'completed';
}

export function bulkProgress(run: BulkRunView): BulkProgress {
  const count = (state: GenerationState) => run.counts[state] ?? 0;
  // A run of one photo per colour counts photos, each its own generation: a product
  // makes as many as its colours, so the bar counts the run's results against its requests.
  const outcome = run.variantSets ? { ...run.outcome, toMake: run.outcome.requests } : run.outcome;
  const skipped = {
    noImage: outcome.skipped.noImage,
    alreadyDone: outcome.skipped.alreadyDone,
    budget: outcome.skipped.overBudget,
    total: outcome.skipped.total,
  };
  // A run with options makes `run.options` generations per product: counts become products.
  // A product is made once all its options are (rounded down) and open while any one is (up):
  // rounded to the nearest, a product with one of two options made read as made, and the run
  // said "nothing still being made" while its last option was (paced submissions leave a product half made for a while).
  const products = (generations: number) => Math.round(generations / run.options);
  const productsMade = (generations: number) => Math.floor(generations / run.options);
  let openGenerations = 0;
  for (const [state, n] of Object.entries(run.counts) as [GenerationState, number][]) {
    if (!isTerminalState(state) && state !== 'in_review') openGenerations += n;
  }
  const open = Math.ceil(openGenerations / run.options);
  // Results published: one per product (the chosen option, when there are several).
  const published = count('published');
  const inReview = products(count('in_review'));
  const failed = products(count('failed'));
  // Discarded results (rejected, undone, or the options not chosen) were made too.
  const made = Math.min(
    outcome.toMake,
    productsMade(published + count('discarded') + count('in_review') + count('failed')),
  );
  const cancelled =
    run.state === 'cancelled'
      ? Math.max(0, outcome.toMake - made - open)
      : products(count('cancelled'));
  const toGo = run.state === 'cancelled' ? open : Math.max(0, outcome.toMake - made - cancelled);
  const waitingForReview = run.state === 'running' && toGo === 0 && inReview > 0;
  return {
    total: outcome.productCount,
    toMake: outcome.toMake,
    published,
    inReview,
    failed,
    skipped,
    cancelled,
    toGo,
    made,
    percent: outcome.toMake === 0 ? 0 : Math.round((made / outcome.toMake) * 100),
    waitingForReview,
    status: waitingForReview ? 'review' : run.state,
  };
}
