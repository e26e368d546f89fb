/**
 * What a bulk run makes of its products, in one place for the estimate, the confirmation and the
 * run card, so they say the same before the run and after it. Browser-safe (no imports).
 *
 * Every product is exactly one of:
 *  - skipped, no image: the options need an image the product does not have;
 *  - skipped, already made: it carries a result with the same options (unless made again);
 *  - to make: charged `creditsPerProduct` (every option of it together), in target order;
 *  - skipped, over budget: the products to make beyond what the budget covers. Every product of
 *    a run costs the same, so the budget covers the first floor(budget / credits) of them, and
 *    the expansion skips exactly the rest (it classifies a product before reserving its credits).
 */
export interface RunOutcomeInput {
  productCount: number;
  /** Products the options cannot serve (no image to work from). */
  noImage: number;
  /** Products that already carry a result with these options. */
  alreadyDone: number;
  /** Whether `alreadyDone` products are made again. */
  includeDone: boolean;
  /** Options per product: ProductAI requests per product. */
  options: number;
  /** For every option of one product together. */
  creditsPerProduct: number;
  creditBudget: number | null;
  /**
   * One per variant: the results beyond one per product that the products to make
   * add with their sets (a 3-colour product adds 2). `creditsPerProduct` is then per result.
   * With `overBudget` given, the extra of the products made (the run's own count).
   */
  variantExtra?: number;
  /**
   * Products skipped for the budget, when the run has counted them itself (a run of sets, once
   * it has read every product: sets of different sizes make the budget's cut depend on the order).
   */
  overBudget?: number;
}

export interface RunOutcome {
  productCount: number;
  /** Products sent to ProductAI and charged. */
  toMake: number;
  skipped: { noImage: number; alreadyDone: number; overBudget: number; total: number };
  /** toMake x creditsPerProduct (each set's results counted): never above the budget. */
  credits: number;
  /** ProductAI requests: toMake x options, or the sets' results (what the schedule forecasts). */
  requests: number;
}

export function runOutcome(input: RunOutcomeInput): RunOutcome {
  const productCount = Math.max(0, input.productCount);
  const noImage = Math.min(productCount, input.noImage);
  const alreadyDone = input.includeDone ? 0 : Math.min(productCount - noImage, input.alreadyDone);
  const makeable = productCount - noImage - alreadyDone;
  const extra = Math.max(0, input.variantExtra ?? 0);
  const results = makeable + extra;
  const affordableResults =
    input.creditBudget === null || input.creditsPerProduct <= 0
      ? results
      : Math.floor(input.creditBudget / input.creditsPerProduct);
  // Without sets every product costs the same: the budget covers exactly the first products.
  // With sets the estimate assumes the average set size over the budget's share of products.
  const toMake =
    input.overBudget !== undefined
      ? Math.max(0, makeable - input.overBudget)
      : results <= affordableResults
        ? makeable
        : Math.floor((makeable * affordableResults) / results);
  const madeResults =
    input.overBudget !== undefined
      ? toMake + extra
      : toMake === makeable
        ? results
        : Math.min(affordableResults, Math.round((results * toMake) / makeable));
  const overBudget = makeable - toMake;
  return {
    productCount,
    toMake,
    skipped: { noImage, alreadyDone, overBudget, total: noImage + alreadyDone + overBudget },
    credits: madeResults * input.creditsPerProduct,
    requests: madeResults * input.options,
  };
}
