/**
 * When an experiment ends (src/features/experiments/statistics/decision.ts): a winner only after
 * the minimum duration, "no clear winner" at the maximum, and α shared by up to three AI photos.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_STATISTICS } from '../../../../src/features/experiments/statistics/config.ts';
import { analyseExperiment } from '../../../../src/features/experiments/statistics/sequential-analysis.ts';
import { steadyLooks } from './support/looks.ts';

const analyse = (looks: Parameters<typeof analyseExperiment>[0]) =>
  analyseExperiment(looks, 'add_to_cart', DEFAULT_STATISTICS);

describe('the decision rule', () => {
  it('waits for the minimum duration before declaring, then declares on its day', () => {
    const looks = steadyLooks(DEFAULT_STATISTICS.minDays, 2_000, [0.04, 0.08]);
    const early = analyse(looks.slice(0, 5));

    expect(early.treatments[0]!.pValue).toBeLessThan(0.001);
    expect(early.status).toBe('running');
    expect(early.daysToDecision).toBe(DEFAULT_STATISTICS.minDays - 5);
    expect(analyse(looks.slice(0, DEFAULT_STATISTICS.minDays - 1)).status).toBe('running');
    expect(analyse(looks)).toMatchObject({ status: 'winner', winner: 1 });
  });

  it('ends with no clear winner at the maximum duration, not a day before', () => {
    const looks = steadyLooks(DEFAULT_STATISTICS.maxDays, 1_000, [0.04, 0.04]);

    expect(analyse(looks.slice(0, -1))).toMatchObject({ status: 'running', winner: null });
    expect(analyse(looks)).toMatchObject({ status: 'no_clear_winner', winner: null });
  });

  it('keeps the original when the AI photo is significantly worse', () => {
    const report = analyse(steadyLooks(DEFAULT_STATISTICS.minDays, 2_000, [0.06, 0.03]));

    expect(report).toMatchObject({ status: 'winner', winner: 0 });
  });

  it('holds each of three AI photos to α / 3 (Bonferroni), so evidence enough for one is not for three', () => {
    // A steady 15 % lift at 1,000 visitors a day: p just under 0.05 on day 22.
    const lifted = [0.04, 0.046];
    const two = analyse(steadyLooks(22, 1_000, lifted));
    const four = analyse(steadyLooks(22, 1_000, [...lifted, 0.04, 0.04]));

    expect(two.treatments[0]!.pValue).toBeGreaterThan(0.05 / 3);
    expect(two).toMatchObject({ status: 'winner', winner: 1 });
    expect(four.treatments.map((t) => t.alpha)).toEqual([0.05 / 3, 0.05 / 3, 0.05 / 3]);
    expect(four.treatments[0]!.pValue).toBe(two.treatments[0]!.pValue);
    expect(four.status).toBe('running');
  });

  it('declares the better of two significantly better AI photos', () => {
    const report = analyse(steadyLooks(DEFAULT_STATISTICS.minDays, 3_000, [0.04, 0.06, 0.07]));

    expect(report).toMatchObject({ status: 'winner', winner: 2 });
  });

  it('refuses more than three AI photos', () => {
    expect(() => analyse(steadyLooks(1, 100, [0.04, 0.04, 0.04, 0.04, 0.04]))).toThrow(RangeError);
  });
});
