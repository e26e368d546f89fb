/**
 * An experiment's analysis from the event store's counters: each day's experiment-to-date totals
 * of the goal's metric per arm (the looks), through `analyseExperiment` with the experiment's own
 * minimum and maximum durations. The same function serves the daily look (complete days only)
 * and the merchant's view (today so far included).
 */
import type { ArmResult, ArmMetrics } from './counters.ts';
import type { ExperimentDayView, ExperimentGoal } from '../../app-api/experiments.ts';
import { armEstimates } from './statistics/arm-interval.ts';
import { DEFAULT_STATISTICS } from './statistics/config.ts';
import type { ArmTotals } from './statistics/arm-totals.ts';
import type { Interval } from './statistics/comparison.ts';
import { analyseExperiment, type ExperimentReport } from './statistics/sequential-analysis.ts';
import type { Experiment } from './experiment.ts';

/** The counters' metric each goal reads (orders and revenue: the ordered visitors' totals). */
const METRIC_OF: Record<ExperimentGoal, keyof ArmMetrics> = {
  add_to_cart: 'added_to_cart',
  orders: 'ordered',
  revenue: 'ordered',
};

export interface Analysis {
  report: ExperimentReport | null;
  /** Each arm's totals of the goal's metric so far, in the arms' order. */
  overall: ArmTotals[];
}

export function analyse(
  experiment: Pick<Experiment, 'goal' | 'minDays' | 'maxDays'>,
  totals: readonly ArmResult[],
): Analysis {
  const metric = METRIC_OF[experiment.goal];
  const overall = totals.map((arm) => arm.overall[metric]);
  const days = totals[0]?.days.length ?? 0;
  if (days === 0) return { report: null, overall };
  const looks = Array.from({ length: days }, (_, day) =>
    totals.map((arm) => arm.days[day]!.totals[metric]),
  );
  const report = analyseExperiment(looks, experiment.goal, {
    ...DEFAULT_STATISTICS,
    minDays: experiment.minDays,
    maxDays: experiment.maxDays,
  });
  return { report, overall };
}

/**
 * The chart's days: each arm's estimate on each complete day (experiment to date, with its
 * interval), the days before `beforeDay` (YYYY-MM-DD: today, or the day the experiment ended,
 * whose figures are partial), the last `maxDays` of them at most.
 */
export function dailyEstimates(
  experiment: Pick<Experiment, 'arms' | 'goal' | 'maxDays'>,
  totals: readonly ArmResult[],
  beforeDay: string,
): ExperimentDayView[] {
  const metric = METRIC_OF[experiment.goal];
  const { first, complete } = chartDays(experiment, totals, beforeDay);
  return Array.from({ length: complete - first }, (_, offset) => {
    const index = first + offset;
    const day = totals[0]!.days[index]!.day;
    const looks = totals.map((arm) => arm.days[index]!.totals[metric]);
    const estimates = armEstimates(looks, experiment.goal, DEFAULT_STATISTICS);
    return {
      day,
      arms: estimates.map((estimate, arm) => ({
        arm: experiment.arms[arm]!.arm,
        visitors: looks[arm]!.visitors,
        ...estimate,
      })),
    };
  });
}

/**
 * The chart's days as indexes into the totals' days: from `first` to before `complete` (the
 * complete days). Their number is what the list says (`completeDays`), without the estimates.
 */
export function chartDays(
  experiment: Pick<Experiment, 'maxDays'>,
  totals: readonly ArmResult[],
  beforeDay: string,
): { first: number; complete: number } {
  const complete = (totals[0]?.days ?? []).filter((entry) => entry.day < beforeDay).length;
  return { first: Math.max(0, complete - experiment.maxDays), complete };
}

/**
 * A relative uplift in percent, or null while it is not a number yet (no visitors, or a
 * control without conversions: its interval is unbounded).
 */
export function upliftPercent(
  relative: Interval,
): { estimate: number; lower: number; upper: number } | null {
  const { estimate, lower, upper } = relative;
  if (![estimate, lower, upper].every(Number.isFinite)) return null;
  return { estimate: estimate * 100, lower: lower * 100, upper: upper * 100 };
}
