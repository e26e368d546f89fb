/**
 * One arm's mean per visitor with an always-valid interval, for the chart of each arm over
 * time: the mSPRT's confidence sequence (msprt.ts) for one mean, θ̂ ± h with V = the arm's
 * variance / visitors and the mixture's τ = tauRelative × the arms' pooled mean (config.ts).
 *
 * Why the confidence sequence rather than a fixed-sample 95 % interval: the chart draws a band
 * on every day and the merchant reads it every day; a sequence's bands hold on all days at once
 * (probability >= 1 - α), so a band that leaves another arm's behind is not the daily reading's
 * noise, as it would be with 28 fixed-sample intervals. Each arm is held to the experiment's α
 * (the decision is the uplift's comparison, held to α / treatments).
 */
import { armMoments, type ArmTotals, type Metric } from './arm-totals.ts';
import type { StatisticsConfig } from './config.ts';
import { confidenceHalfWidth } from './msprt.ts';

export interface ArmEstimate {
  /** The arm's mean per visitor: a rate for the Bernoulli metrics, an amount for revenue. */
  value: number;
  /** Null while the arm has no spread yet (fewer than two visitors, or none converted). */
  interval: { lower: number; upper: number } | null;
}

/** Each arm's estimate on one look (the arms' experiment-to-date totals on one day). */
export function armEstimates(
  arms: readonly ArmTotals[],
  metric: Metric,
  config: Pick<StatisticsConfig, 'alpha' | 'tauRelative'>,
): ArmEstimate[] {
  const moments = arms.map((arm) => armMoments(arm, metric));
  const visitors = moments.reduce((sum, arm) => sum + arm.n, 0);
  const pooledMean =
    visitors > 0 ? moments.reduce((sum, arm) => sum + arm.mean * arm.n, 0) / visitors : 0;
  const tau2 = (config.tauRelative * pooledMean) ** 2;
  return moments.map((arm) => {
    const halfWidth =
      arm.n > 1 ? confidenceHalfWidth(arm.variance / arm.n, tau2, config.alpha) : Infinity;
    if (!Number.isFinite(halfWidth)) return { value: arm.mean, interval: null };
    // A rate stays within 0 and 1, an amount above 0: the normal approximation's tails do not.
    const ceiling = metric === 'revenue' ? Infinity : 1;
    return {
      value: arm.mean,
      interval: {
        lower: Math.max(0, arm.mean - halfWidth),
        upper: Math.min(ceiling, arm.mean + halfWidth),
      },
    };
  });
}
