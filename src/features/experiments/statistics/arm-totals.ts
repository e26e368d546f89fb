/**
 * What the statistics read from one arm: the experiment-to-date totals the ingestion keeps per
 * (experiment, arm, metric, day), added over the days so far. The unit is the visitor: every
 * metric is a mean per visitor, so one shape serves all three.
 *  - `visitors`: distinct visitors exposed to the arm (a union over the days' HyperLogLogs, not a
 *    sum of the daily counts, or a visitor coming back on two days counts twice).
 *  - `conversions`: distinct visitors who converted (added to cart, or ordered) at least once:
 *    a Bernoulli outcome per visitor, so conversions <= visitors.
 *  - `sum` / `sumSquares`: for revenue per visitor, the sum of each visitor's (capped) revenue
 *    and of its square; visitors without an order add 0 to both. Two sums per arm are all the
 *    normal approximation needs (mean and variance), and both add up over days in O(1).
 */

export interface ArmTotals {
  visitors: number;
  conversions: number;
  sum?: number;
  sumSquares?: number;
}

/** add_to_cart and orders are Bernoulli per visitor; revenue is continuous per visitor. */
export type Metric = 'add_to_cart' | 'orders' | 'revenue';

export interface ArmMoments {
  n: number;
  mean: number;
  /** The per-visitor variance (not the mean's): the mean's is variance / n. */
  variance: number;
}

export function armMoments(totals: ArmTotals, metric: Metric): ArmMoments {
  const n = totals.visitors;
  if (n <= 0) return { n: 0, mean: 0, variance: 0 };
  if (metric !== 'revenue') {
    if (totals.conversions < 0 || totals.conversions > n) {
      throw new RangeError(`conversions ${totals.conversions} outside 0..${n} visitors`);
    }
    const p = totals.conversions / n;
    return { n, mean: p, variance: p * (1 - p) };
  }
  if (totals.sum === undefined || totals.sumSquares === undefined) {
    throw new RangeError('revenue per visitor needs sum and sumSquares');
  }
  const mean = totals.sum / n;
  // The unbiased sample variance; rounding can make it slightly negative when all values agree.
  const variance = n > 1 ? Math.max(0, (totals.sumSquares - n * mean * mean) / (n - 1)) : 0;
  return { n, mean, variance };
}
