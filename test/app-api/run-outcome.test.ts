/**
 * A run's expected outcome: the one computation behind the estimate, the bulk confirmation and
 * the run card, so none of them can say 295 credits under a 150-credit budget, or split the
 * skipped products differently from the finished run.
 */
import { describe, expect, it } from 'vitest';
import { runOutcome, type RunOutcomeInput } from '../../src/app-api/run-outcome.ts';

const run = (input: Partial<RunOutcomeInput>): RunOutcomeInput => ({
  productCount: 64,
  noImage: 0,
  alreadyDone: 0,
  includeDone: false,
  options: 1,
  creditsPerProduct: 5,
  creditBudget: null,
  ...input,
});

describe('a run’s expected outcome', () => {
  it('makes every product with an image when there is no budget', () => {
    expect(runOutcome(run({ noImage: 5 }))).toEqual({
      productCount: 64,
      toMake: 59,
      skipped: { noImage: 5, alreadyDone: 0, overBudget: 0, total: 5 },
      credits: 295,
      requests: 59,
    });
  });

  it('makes only what the budget covers and counts the rest as over budget, apart from those without an image', () => {
    // A merchant's run: 64 products, 5 without an image, 5 credits each, a 150-credit budget.
    const outcome = runOutcome(run({ noImage: 5, creditBudget: 150 }));
    expect(outcome).toMatchObject({ toMake: 30, credits: 150, requests: 30 });
    expect(outcome.skipped).toEqual({ noImage: 5, alreadyDone: 0, overBudget: 29, total: 34 });
  });

  it('never spends above the budget when it does not divide by the price', () => {
    expect(runOutcome(run({ productCount: 10, creditBudget: 14 }))).toMatchObject({
      toMake: 2,
      credits: 10,
      skipped: { overBudget: 8 },
    });
  });

  it('skips products already made with these options, unless they are made again', () => {
    expect(runOutcome(run({ productCount: 10, alreadyDone: 4 }))).toMatchObject({
      toMake: 6,
      skipped: { alreadyDone: 4, total: 4 },
    });
    expect(runOutcome(run({ productCount: 10, alreadyDone: 4, includeDone: true }))).toMatchObject({
      toMake: 10,
      skipped: { alreadyDone: 0, total: 0 },
    });
  });

  it('charges every option of a product together and sends one request per option', () => {
    const outcome = runOutcome(
      run({ productCount: 10, noImage: 1, options: 3, creditsPerProduct: 15, creditBudget: 100 }),
    );
    expect(outcome).toMatchObject({ toMake: 6, credits: 90, requests: 18 });
    expect(outcome.skipped).toMatchObject({ noImage: 1, overBudget: 3 });
  });

  it('counts a run of one per colour per result: a 3-colour product and a plain one are 4 requests', () => {
    const outcome = runOutcome(run({ productCount: 2, creditsPerProduct: 5, variantExtra: 2 }));
    expect(outcome).toMatchObject({ toMake: 2, credits: 20, requests: 4 });
  });

  it('takes the run’s own count of products over budget once it has read them all', () => {
    const outcome = runOutcome(
      run({
        productCount: 2,
        creditsPerProduct: 5,
        creditBudget: 5,
        variantExtra: 0,
        overBudget: 1,
      }),
    );
    expect(outcome).toMatchObject({ toMake: 1, credits: 5, requests: 1 });
    expect(outcome.skipped.overBudget).toBe(1);
  });

  it('accounts for every product exactly once', () => {
    for (const input of [
      run({ noImage: 70 }),
      run({ noImage: 30, alreadyDone: 40 }),
      run({ noImage: 3, alreadyDone: 7, creditBudget: 0 }),
    ]) {
      const outcome = runOutcome(input);
      expect(outcome.toMake + outcome.skipped.total).toBe(outcome.productCount);
      expect(outcome.toMake).toBeGreaterThanOrEqual(0);
    }
  });
});
