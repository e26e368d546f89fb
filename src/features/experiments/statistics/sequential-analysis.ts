/**
 * The experiment's report after its latest daily look, from the experiment-to-date totals at
 * the end of every day so far (the looks; arms[0] is the control, then up to three treatments).
 * Each treatment is compared with the control at every look (comparison.ts) and the looks are
 * folded into the always-valid figures: the p-value is the running minimum of the looks'
 * p-values (it never rises: once the evidence crossed, it stays crossed), and the confidence
 * sequences are the running intersections of the looks' intervals (all hold at once with
 * probability >= 1 - α, so their intersection does too). Recomputing from every look keeps the
 * report a pure function of the counters: any process computes the same figures on any day.
 */
import { armMoments, type ArmTotals, type Metric } from './arm-totals.ts';
import { compare, type Interval } from './comparison.ts';
import { MAX_TREATMENTS, type StatisticsConfig } from './config.ts';
import { daysToDecision } from './days-to-decision.ts';
import { decide, type ExperimentStatus } from './decision.ts';

export interface TreatmentReport {
  arm: number;
  /** The α this comparison is held to: the experiment's α / the number of treatments. */
  alpha: number;
  pValue: number;
  absolute: Interval;
  relative: Interval;
  probabilityBetter: number;
  daysToDecision: number | null;
}

export interface ExperimentReport {
  /** Days elapsed: the number of looks. */
  day: number;
  visitors: number[];
  treatments: TreatmentReport[];
  status: ExperimentStatus;
  winner: number | null;
  /** About this many more days to a decision at the current rate; null: none expected. */
  daysToDecision: number | null;
}

function intersect(previous: Interval | null, look: Interval): Interval {
  if (previous === null) return look;
  const lower = Math.max(previous.lower, look.lower);
  const upper = Math.min(previous.upper, look.upper);
  // Empty only when the sequence has already missed the truth (probability <= α): show the
  // latest look's interval rather than none.
  if (lower > upper) return look;
  return { estimate: look.estimate, lower, upper };
}

export function analyseExperiment(
  looks: readonly (readonly ArmTotals[])[],
  metric: Metric,
  config: StatisticsConfig,
): ExperimentReport {
  const last = looks.at(-1);
  if (last === undefined) throw new RangeError('an analysis needs at least one daily look');
  const treatmentCount = last.length - 1;
  if (treatmentCount < 1 || treatmentCount > MAX_TREATMENTS) {
    throw new RangeError(
      `a control and 1 to ${MAX_TREATMENTS} treatments, not ${last.length} arms`,
    );
  }
  const alpha = config.alpha / treatmentCount;
  const day = looks.length;

  const treatments: TreatmentReport[] = [];
  for (let arm = 1; arm <= treatmentCount; arm += 1) {
    let pValue = 1;
    let absolute: Interval | null = null;
    let relative: Interval | null = null;
    let latest = null;
    for (const look of looks) {
      const control = look[0];
      const treatment = look[arm];
      if (control === undefined || treatment === undefined) {
        throw new RangeError('every look needs the same arms');
      }
      latest = compare(
        armMoments(control, metric),
        armMoments(treatment, metric),
        config.tauRelative,
        alpha,
      );
      pValue = Math.min(pValue, latest.pValue);
      absolute = intersect(absolute, latest.absolute);
      relative = intersect(relative, latest.relative);
    }
    if (latest === null || absolute === null || relative === null) continue;
    treatments.push({
      arm,
      alpha,
      pValue,
      absolute,
      relative,
      probabilityBetter: latest.probabilityBetter,
      daysToDecision: daysToDecision({
        control: armMoments(last[0]!, metric),
        treatment: armMoments(last[arm]!, metric),
        difference: latest.difference,
        tau2: latest.tau2,
        pValue,
        alpha,
        day,
        minDays: config.minDays,
        maxDays: config.maxDays,
      }),
    });
  }

  const decision = decide(
    treatments.map((t) => ({
      arm: t.arm,
      pValue: t.pValue,
      alpha: t.alpha,
      estimate: t.absolute.estimate,
    })),
    day,
    config,
  );
  return {
    day,
    visitors: last.map((totals) => totals.visitors),
    treatments,
    ...decision,
    daysToDecision: decision.status === 'running' ? experimentDaysToDecision(treatments) : 0,
  };
}

/**
 * The experiment decides when its first better treatment does, or, when none is ahead of the
 * control, when the last of them is shown worse (the control then wins).
 */
function experimentDaysToDecision(treatments: readonly TreatmentReport[]): number | null {
  const ahead = treatments.filter((t) => t.absolute.estimate > 0);
  const days = (ahead.length > 0 ? ahead : treatments).map((t) => t.daysToDecision);
  const known = days.filter((d): d is number => d !== null);
  if (ahead.length > 0) return known.length > 0 ? Math.min(...known) : null;
  return known.length === days.length && known.length > 0 ? Math.max(...known) : null;
}
