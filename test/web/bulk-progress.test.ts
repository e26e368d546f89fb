/**
 * The run card's progress (web/frontend/src/lib/bulk-progress.ts): results made against the
 * products to make, with the skipped products apart (counted as progress, they started a run at
 * 53%).
 */
import { describe, expect, it } from 'vitest';
import {
  GenerationState,
  type BulkRunView,
  type GenerationState as State,
} from '../../src/app-api/contract.ts';
import { runOutcome } from '../../src/app-api/run-outcome.ts';
import { bulkProgress } from '../../web/frontend/src/lib/bulk-progress.ts';

/** A merchant's run: 64 products, 5 without an image, a budget that covers 30 of them. */
function run(
  counts: Partial<Record<State, number>>,
  state: BulkRunView['state'] = 'running',
  options = 1,
) {
  const outcome = runOutcome({
    productCount: 64,
    noImage: 5,
    alreadyDone: 0,
    includeDone: false,
    options,
    creditsPerProduct: 5,
    creditBudget: 150,
  });
  return {
    state,
    options,
    outcome,
    campaign: null,
    counts: {
      ...Object.fromEntries(GenerationState.options.map((name) => [name, 0])),
      ...counts,
    },
  } as unknown as BulkRunView;
}

describe('a bulk run’s progress', () => {
  it('starts at 0% with every product to make still to go, whatever it skips', () => {
    const progress = bulkProgress(run({ queued: 30 }));
    expect(progress).toMatchObject({ percent: 0, made: 0, toMake: 30, toGo: 30 });
    expect(progress.skipped).toEqual({ noImage: 5, alreadyDone: 0, budget: 29, total: 34 });
  });

  it('counts the results made against the products to make', () => {
    expect(bulkProgress(run({ published: 12, in_review: 3, queued: 15 }))).toMatchObject({
      made: 15,
      percent: 50,
      toGo: 15,
    });
  });

  it('reaches 100% when every product to make is made', () => {
    expect(bulkProgress(run({ published: 28, failed: 2 }, 'completed'))).toMatchObject({
      made: 30,
      percent: 100,
      toGo: 0,
    });
  });

  it('says how many a cancelled run will not make', () => {
    expect(bulkProgress(run({ published: 7 }, 'cancelled'))).toMatchObject({
      made: 7,
      cancelled: 23,
      toGo: 0,
    });
  });

  it('counts a product with options as made only once all its options are', () => {
    // 30 products x 2 results: 29 products fully in review, the last one's second still queued.
    expect(bulkProgress(run({ in_review: 59, queued: 1 }, 'running', 2))).toMatchObject({
      made: 29,
      toGo: 1,
      waitingForReview: false,
    });
  });

  it('counts photos for a run of one per colour: a 3-colour product and a plain one are 4 to make', () => {
    const outcome = runOutcome({
      productCount: 2,
      noImage: 0,
      alreadyDone: 0,
      includeDone: false,
      options: 1,
      creditsPerProduct: 5,
      creditBudget: null,
      variantExtra: 2,
    });
    const sets = { option: null, products: 1, results: 3, single: 1 };
    const view = { ...run({ published: 3, queued: 1 }), outcome, variantSets: sets };
    expect(bulkProgress(view)).toMatchObject({ toMake: 4, made: 3, toGo: 1, percent: 75 });
  });
});
