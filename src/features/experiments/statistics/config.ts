/**
 * The statistics' parameters and their defaults.
 *
 * τ, the mixing distribution's spread, is given relative to the metric: τ = tauRelative × the
 * arms' pooled mean, so one number serves a 1 % and a 10 % base rate and revenue alike (the
 * pooled mean is the same estimate under "no difference" in both arms, and the simulation
 * measures the false-winner rate with it). Any τ keeps the error rate; τ only decides which
 * effects are found soonest. The confidence half-width h(V) is narrowest, relative to the
 * standard error sqrt(V), when τ²/V = 2 ln(1/α) + ln(1 + τ²/V), about 8 at α = 5 %; there
 * h ≈ 1.07 τ. Asking that the lift we mean to find, 15 % relative, be found with 80 % power
 * (θ = h + 0.84 sqrt(V)) at that point gives τ ≈ 0.73 θ, so tauRelative = 0.1 (≈ 0.73 × 15 %,
 * rounded down for the smaller lifts an image can make); the simulation checks it.
 */

export interface StatisticsConfig {
  alpha: number;
  /** No winner is declared before this many days (weekday and weekend shoppers both seen). */
  minDays: number;
  /** At this many days without a winner the experiment ends with "no clear winner". */
  maxDays: number;
  tauRelative: number;
}

export const DEFAULT_STATISTICS: StatisticsConfig = {
  alpha: 0.05,
  minDays: 7,
  maxDays: 28,
  tauRelative: 0.1,
};

/** A control and up to three AI photos. */
export const MAX_TREATMENTS = 3;
