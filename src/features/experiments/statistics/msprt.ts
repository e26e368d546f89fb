/**
 * The mixture sequential probability ratio test (mSPRT) of Johari, Koomen, Pekelis and Walsh,
 * "Always valid inference: continuous monitoring of A/B tests" (Operations Research, 2022), the
 * method behind Optimizely's stats engine. Why this one: merchants read the result every day, and
 * a fixed-horizon test read daily declares a false winner far more often than its α (about 20 %
 * over 28 looks at α = 5 %). The mSPRT's likelihood ratio is a nonnegative martingale under "no
 * difference", so by Ville's inequality P(it ever reaches 1/α) <= α: the p-value 1/Λ (kept as a
 * running minimum) and the confidence sequence below are valid at every look, however many.
 *
 * The model: the difference of the arms' means θ̂ is normal with variance V (the sum of each arm's
 * variance / visitors: the normal approximation, per visitor, of a Bernoulli or a continuous
 * metric), and the alternative mixes θ ~ N(0, τ²). The ratio of the mixture's likelihood to the
 * null's then has the closed form
 *     Λ = sqrt(V / (V + τ²)) · exp(τ² θ̂² / (2 V (V + τ²))),
 * and inverting Λ < 1/α around any θ0 gives the confidence sequence θ̂ ± h with
 *     h² = V (V + τ²) / τ² · (2 ln(1/α) + ln((V + τ²) / V)).
 * How τ is chosen: see config.ts.
 */

/** ln Λ, in logs so that large samples do not overflow. */
export function logMixtureLikelihoodRatio(
  difference: number,
  variance: number,
  tau2: number,
): number {
  if (!(variance > 0) || !(tau2 > 0)) return 0;
  const total = variance + tau2;
  return (
    0.5 * Math.log(variance / total) + (tau2 * difference * difference) / (2 * variance * total)
  );
}

/** This look's p-value, min(1, 1/Λ); the always-valid one is its running minimum over looks. */
export function lookPValue(difference: number, variance: number, tau2: number): number {
  return Math.min(1, Math.exp(-logMixtureLikelihoodRatio(difference, variance, tau2)));
}

/** The confidence sequence's half-width at level 1 - α (Infinity while nothing is known). */
export function confidenceHalfWidth(variance: number, tau2: number, alpha: number): number {
  if (!(variance > 0) || !(tau2 > 0)) return Infinity;
  const total = variance + tau2;
  return Math.sqrt(
    ((variance * total) / tau2) * (2 * Math.log(1 / alpha) + Math.log(total / variance)),
  );
}
