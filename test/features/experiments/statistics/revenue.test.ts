/**
 * Revenue per visitor (arm-totals.ts): a continuous metric read from each arm's sum and sum of
 * squares of visitors' revenue, whose spread, not a Bernoulli rate's, sets the evidence.
 */
import { describe, expect, it } from 'vitest';
import type { ArmTotals } from '../../../../src/features/experiments/statistics/arm-totals.ts';
import { DEFAULT_STATISTICS } from '../../../../src/features/experiments/statistics/config.ts';
import { analyseExperiment } from '../../../../src/features/experiments/statistics/sequential-analysis.ts';

/** Daily looks where every day adds `perDay` visitors with the given mean and standard deviation. */
function revenueLooks(days: number, perDay: number, arms: { mean: number; sd: number }[]) {
  return Array.from({ length: days }, (_, day): ArmTotals[] =>
    arms.map(({ mean, sd }) => {
      const visitors = perDay * (day + 1);
      // sumSquares = n (sd² + mean²) for a sample of n with that mean and (population) sd.
      return {
        visitors,
        conversions: 0,
        sum: visitors * mean,
        sumSquares: visitors * (sd * sd + mean * mean),
      };
    }),
  );
}

const analyse = (looks: ArmTotals[][]) => analyseExperiment(looks, 'revenue', DEFAULT_STATISTICS);

describe('revenue per visitor', () => {
  it('declares a higher revenue per visitor, with the uplift of the means', () => {
    const report = analyse(
      revenueLooks(14, 2_000, [
        { mean: 2.4, sd: 15 },
        { mean: 3.0, sd: 15 },
      ]),
    );

    expect(report).toMatchObject({ status: 'winner', winner: 1 });
    const { relative } = report.treatments[0]!;
    expect(relative.lower).toBeLessThan(0.25);
    expect(relative.upper).toBeGreaterThan(0.25);
  });

  it('reads the spread from sumSquares: the same means with a wider spread are less conclusive', () => {
    const means = (sd: number) => [
      { mean: 2.4, sd },
      { mean: 3.0, sd },
    ];
    const narrow = analyse(revenueLooks(14, 2_000, means(15))).treatments[0]!;
    const wide = analyse(revenueLooks(14, 2_000, means(40))).treatments[0]!;

    expect(wide.pValue).toBeGreaterThan(0.05);
    expect(narrow.pValue).toBeLessThan(0.05);
    expect(wide.absolute.upper - wide.absolute.lower).toBeGreaterThan(
      2 * (narrow.absolute.upper - narrow.absolute.lower),
    );
  });

  it('refuses revenue totals without sum and sumSquares', () => {
    const looks = [
      [
        { visitors: 100, conversions: 4 },
        { visitors: 100, conversions: 5 },
      ],
    ];
    expect(() => analyse(looks)).toThrow(/sum and sumSquares/);
  });
});
