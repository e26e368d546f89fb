/**
 * What the merchant reads beside the decision (comparison.ts, days-to-decision.ts): the uplift,
 * the probability the AI photo is better, visitors per arm and the days left.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_STATISTICS } from '../../../../src/features/experiments/statistics/config.ts';
import { analyseExperiment } from '../../../../src/features/experiments/statistics/sequential-analysis.ts';
import { steadyLooks } from './support/looks.ts';

const analyse = (looks: Parameters<typeof analyseExperiment>[0]) =>
  analyseExperiment(looks, 'add_to_cart', DEFAULT_STATISTICS);

describe('the estimates shown', () => {
  it('counts visitors per arm', () => {
    expect(analyse(steadyLooks(3, 700, [0.04, 0.05])).visitors).toEqual([2_100, 2_100]);
  });

  it('shows an uplift shrunk toward none, inside the observed one, against the winner’s curse', () => {
    const { absolute, relative } = analyse(steadyLooks(5, 1_000, [0.04, 0.05])).treatments[0]!;

    expect(relative.estimate).toBeGreaterThan(0.1);
    expect(relative.estimate).toBeLessThan(0.25 - 0.01);
    expect(absolute.estimate).toBeGreaterThan(0);
    expect(absolute.estimate).toBeLessThan(0.01 - 0.0005);
  });

  it('gives the AI photo even odds on equal data, and near certainty on a large lift', () => {
    const even = analyse(steadyLooks(5, 1_000, [0.04, 0.04])).treatments[0]!;
    const ahead = analyse(steadyLooks(5, 1_000, [0.04, 0.05])).treatments[0]!;
    const far = analyse(steadyLooks(14, 2_000, [0.04, 0.06])).treatments[0]!;
    const behind = analyse(steadyLooks(5, 1_000, [0.05, 0.04])).treatments[0]!;

    expect(even.probabilityBetter).toBeCloseTo(0.5, 6);
    expect(ahead.probabilityBetter).toBeGreaterThan(0.9);
    expect(ahead.probabilityBetter).toBeLessThan(0.999);
    expect(far.probabilityBetter).toBeGreaterThan(0.9999);
    expect(behind.probabilityBetter).toBeCloseTo(1 - ahead.probabilityBetter, 2);
  });

  it('projects the day of the decision from the current rate, and the steady data decides on it', () => {
    const lifted = [0.04, 0.046];
    const third = analyse(steadyLooks(3, 1_000, lifted));
    const days = third.daysToDecision!;
    expect(3 + days).toBeGreaterThan(DEFAULT_STATISTICS.minDays);

    expect(analyse(steadyLooks(3 + days - 1, 1_000, lifted)).status).toBe('running');
    expect(analyse(steadyLooks(3 + days, 1_000, lifted))).toMatchObject({ status: 'winner' });
  });

  it('never projects a decision before the minimum duration', () => {
    const looks = steadyLooks(DEFAULT_STATISTICS.minDays, 1_000, [0.04, 0.05]);
    // The steady evidence crosses α before the minimum: on day 10 already.
    expect(analyse(looks.slice(0, 10)).treatments[0]!.pValue).toBeLessThan(0.05);
    const third = analyse(looks.slice(0, 3));

    expect(third.treatments[0]!.pValue).toBeGreaterThan(0.05);
    expect(third.daysToDecision).toBe(DEFAULT_STATISTICS.minDays - 3);
  });

  it('expects no decision when the difference is too small for the traffic', () => {
    expect(analyse(steadyLooks(3, 200, [0.04, 0.041])).daysToDecision).toBeNull();
  });
});
