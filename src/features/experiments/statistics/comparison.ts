/**
 * One treatment against the control at one look (one day's experiment-to-date totals): the
 * uplift, absolute and relative, with this look's mSPRT p-value and confidence interval, and the
 * probability that the treatment is better. sequential-analysis.ts turns the looks into the
 * always-valid figures (running minimum, intersection).
 *
 * The relative uplift r = μt / μc - 1 is tested with the same mSPRT on its delta-method
 * linearisation, Var(r̂) ≈ Vt / μc² + μt² Vc / μc⁴ (Vt, Vc: each arm's mean's variance), with
 * τ scaled by 1 / μc: its interval accounts for the control's noise, which dividing the
 * absolute interval by μ̂c would ignore.
 *
 * The probability the treatment is better is the posterior P(θ > 0) under the model the test
 * already assumes: θ̂ ~ N(θ, V) with the prior θ ~ N(0, τ²), so θ | data ~ N(θ̂ τ²/(τ²+V),
 * V τ²/(τ²+V)). Why not a Beta posterior per arm: it fits the Bernoulli metrics only, where
 * revenue per visitor needs the normal model anyway; one model keeps the three metrics and the
 * test telling the same story (a 97 % "better" never sits beside a p-value of 0.6 because the
 * two disagree about the prior).
 */
import type { ArmMoments } from './arm-totals.ts';
import { confidenceHalfWidth, lookPValue } from './msprt.ts';
import { normalCdf } from './normal.ts';

export interface Interval {
  estimate: number;
  lower: number;
  upper: number;
}

export interface Comparison {
  absolute: Interval;
  relative: Interval;
  pValue: number;
  probabilityBetter: number;
  /** The test's inputs, kept for the projection of days to a decision. */
  variance: number;
  tau2: number;
}

export function compare(
  control: ArmMoments,
  treatment: ArmMoments,
  tauRelative: number,
  alpha: number,
): Comparison {
  const informative = control.n > 1 && treatment.n > 1;
  const difference = treatment.mean - control.mean;
  const variance = informative
    ? treatment.variance / treatment.n + control.variance / control.n
    : 0;
  const pooledMean = informative
    ? (control.mean * control.n + treatment.mean * treatment.n) / (control.n + treatment.n)
    : 0;
  const tau2 = (tauRelative * pooledMean) ** 2;
  const halfWidth = confidenceHalfWidth(variance, tau2, alpha);

  const relative = control.mean > 0 ? treatment.mean / control.mean - 1 : 0;
  const relativeVariance =
    control.mean > 0
      ? variance === 0
        ? 0
        : treatment.variance / treatment.n / control.mean ** 2 +
          (treatment.mean ** 2 * control.variance) / control.n / control.mean ** 4
      : 0;
  const relativeHalfWidth = confidenceHalfWidth(
    relativeVariance,
    control.mean > 0 ? tau2 / control.mean ** 2 : 0,
    alpha,
  );

  const posteriorMean = variance > 0 && tau2 > 0 ? (difference * tau2) / (tau2 + variance) : 0;
  const posteriorSd =
    variance > 0 && tau2 > 0 ? Math.sqrt((variance * tau2) / (tau2 + variance)) : 0;
  const probabilityBetter = posteriorSd > 0 ? normalCdf(posteriorMean / posteriorSd) : 0.5;

  return {
    absolute: {
      estimate: difference,
      lower: difference - halfWidth,
      upper: difference + halfWidth,
    },
    relative: {
      estimate: relative,
      lower: relative - relativeHalfWidth,
      upper: relative + relativeHalfWidth,
    },
    pValue: lookPValue(difference, variance, tau2),
    probabilityBetter,
    variance,
    tau2,
  };
}
