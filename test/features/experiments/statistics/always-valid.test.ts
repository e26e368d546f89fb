/**
 * The statistics stay honest when read every day: the mSPRT's p-value and confidence sequence
 * are valid at every look (src/features/experiments/statistics/msprt.ts).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_STATISTICS } from '../../../../src/features/experiments/statistics/config.ts';
import { normalCdf } from '../../../../src/features/experiments/statistics/normal.ts';
import { analyseExperiment } from '../../../../src/features/experiments/statistics/sequential-analysis.ts';
import { randomLooks, seeded, steadyLooks } from './support/looks.ts';

const analyse = (looks: Parameters<typeof analyseExperiment>[0]) =>
  analyseExperiment(looks, 'add_to_cart', DEFAULT_STATISTICS);

/** The fixed-horizon two-sided z-test a daily reader would be fooled by. */
function fixedHorizonP(
  control: { visitors: number; conversions: number },
  treatment: typeof control,
) {
  const pc = control.conversions / control.visitors;
  const pt = treatment.conversions / treatment.visitors;
  const se = Math.sqrt((pc * (1 - pc)) / control.visitors + (pt * (1 - pt)) / treatment.visitors);
  return 2 * (1 - normalCdf(Math.abs(pt - pc) / se));
}

describe('an always-valid test read daily', () => {
  it('does not call a small-sample difference significant that a fixed-horizon test would', () => {
    const look = [
      { visitors: 2_000, conversions: 80 },
      { visitors: 2_000, conversions: 107 },
    ];
    expect(fixedHorizonP(look[0]!, look[1]!)).toBeLessThan(0.05);

    const report = analyse([look]);

    expect(report.treatments[0]!.pValue).toBeGreaterThanOrEqual(0.05);
  });

  it('declares a false winner in at most α of A/A experiments read every day for 28 days', () => {
    const random = seeded(101);
    let falseWinners = 0;
    let fooledDaily = 0;
    const experiments = 400;
    for (let i = 0; i < experiments; i += 1) {
      const looks = randomLooks(random, 28, 300, [0.04, 0.04]);
      if (analyse(looks).winner !== null) falseWinners += 1;
      if (looks.some((look) => fixedHorizonP(look[0]!, look[1]!) < 0.05)) fooledDaily += 1;
    }
    // The same data read daily with a fixed-horizon test: the trap this method avoids.
    expect(fooledDaily / experiments).toBeGreaterThan(0.1);
    expect(falseWinners / experiments).toBeLessThanOrEqual(0.05);
  });

  it('declares a big true difference', () => {
    const report = analyse(steadyLooks(14, 2_000, [0.04, 0.08]));

    expect(report.status).toBe('winner');
    expect(report.winner).toBe(1);
    expect(report.treatments[0]!.pValue).toBeLessThan(0.001);
  });

  it('keeps the smallest p-value seen: it never rises when later days regress', () => {
    const strong = steadyLooks(3, 2_000, [0.04, 0.06]);
    const regressed = [
      { visitors: 20_000, conversions: 800 },
      { visitors: 20_000, conversions: 800 },
    ];
    const looks = [...strong, regressed];
    const pValues = looks.map((_, day) => analyse(looks.slice(0, day + 1)).treatments[0]!.pValue);

    for (let day = 1; day < pValues.length; day += 1) {
      expect(pValues[day]).toBeLessThanOrEqual(pValues[day - 1]!);
    }
    expect(pValues.at(-1)).toBeLessThan(0.001);
  });

  it('covers the true uplift with its confidence sequences at every look in >= 95 % of a seeded batch', () => {
    const random = seeded(202);
    const control = 0.04;
    const treatment = 0.046;
    const experiments = 300;
    let absoluteMisses = 0;
    let relativeMisses = 0;
    for (let i = 0; i < experiments; i += 1) {
      const looks = randomLooks(random, 28, 1_000, [control, treatment]);
      // The day-28 sequences are the intersections of every look's interval: covering the
      // truth there is covering it on every day.
      const { absolute, relative } = analyse(looks).treatments[0]!;
      if (!(absolute.lower <= treatment - control && treatment - control <= absolute.upper)) {
        absoluteMisses += 1;
      }
      const lift = treatment / control - 1;
      if (!(relative.lower <= lift && lift <= relative.upper)) relativeMisses += 1;
    }
    expect(absoluteMisses / experiments).toBeLessThanOrEqual(0.05);
    expect(relativeMisses / experiments).toBeLessThanOrEqual(0.05);
  });

  it('never widens its confidence sequence: each day it lies within the previous day’s', () => {
    const looks = randomLooks(seeded(303), 28, 500, [0.04, 0.05]);
    const sequence = looks.map((_, day) => analyse(looks.slice(0, day + 1)).treatments[0]!);

    for (let day = 1; day < sequence.length; day += 1) {
      for (const scale of ['absolute', 'relative'] as const) {
        expect(sequence[day]![scale].lower).toBeGreaterThanOrEqual(sequence[day - 1]![scale].lower);
        expect(sequence[day]![scale].upper).toBeLessThanOrEqual(sequence[day - 1]![scale].upper);
      }
    }
  });
});
