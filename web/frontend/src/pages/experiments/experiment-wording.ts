/**
 * An experiment in the merchant's words: its arms' names, its decision (or how far it is from
 * one), and its figures (uplift with its interval, probability better) as the page writes them.
 */
import { formatNumber, formatTime } from '../../lib/format.ts';
import { locale, t } from '../../i18n/index.ts';
import type { ExperimentDayView, ExperimentView } from '../../shared/contract.ts';

type Arm = ExperimentView['arms'][number];
type ArmDay = ExperimentDayView['arms'][number];

const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'always' });
const share = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
const amount = new Intl.NumberFormat(locale, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
// The event store's days are UTC days.
const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Original", "AI photo", "AI photo 2" (numbered when the experiment has more than one). */
export function armName(arm: Arm, experiment: ExperimentView): string {
  if (arm.arm === 'control') return t('experiments.arm.original');
  const aiArms = experiment.arms.length - 1;
  return aiArms === 1
    ? t('experiments.arm.ai')
    : t('experiments.arm.aiNumbered', { number: arm.arm.slice(2) });
}

/** "+4.2 %": relative uplift, in percent already. */
export function formatUplift(value: number): string {
  return t('experiments.percentPoints', { value: percent.format(value) });
}

/** "+4.2 % (−1 % to +9.5 %)". */
export function formatUpliftInterval(uplift: NonNullable<Arm['uplift']>): string {
  return t('experiments.upliftInterval', {
    estimate: formatUplift(uplift.estimate),
    lower: formatUplift(uplift.lower),
    upper: formatUplift(uplift.upper),
  });
}

/** A probability (0 to 1) as "73 %". */
export function formatProbability(value: number): string {
  return share.format(value);
}

/** Converting visitors per visitor: "4.1 %"; none before the first visitor. */
export function formatRate(arm: Arm): string {
  return arm.visitors > 0 ? rate.format(arm.conversions / arm.visitors) : '–';
}

/** "Nov 28" for a YYYY-MM-DD day of the experiment (UTC). */
export function formatExperimentDay(key: string): string {
  return day.format(new Date(`${key}T00:00:00Z`));
}

const DAY_MS = 86_400_000;

/**
 * The caption of the figures by day: what each day's row counts to, the end of its day. The
 * event store counts UTC days (src/features/experiments/counters.ts: a running experiment's
 * counters are laid out by them, so they stay), so a day ends at midnight UTC; the merchant
 * reads that boundary on the shop's clock, as every time the app shows ("days end at 9:00 AM,
 * store time" in Tokyo). At the end of the latest day shown (or of today, none yet): where the
 * shop's zone changes its clocks during the experiment, the latest boundary is the one in force.
 */
export function daysCaption(
  goal: ExperimentView['goal'],
  lastDay: string | undefined,
  now: number = Date.now(),
): string {
  const end = lastDay
    ? Date.parse(`${lastDay}T00:00:00Z`) + DAY_MS
    : Math.ceil(now / DAY_MS) * DAY_MS;
  return t('experiments.days.caption', {
    metric: t(`experiments.metric.${goal}`),
    time: formatTime(new Date(end).toISOString()),
  });
}

/** The goal's mean per visitor: a rate ("4.1 %"), or revenue per visitor ("1.25"). */
export function formatGoalValue(goal: ExperimentView['goal'], value: number): string {
  return goal === 'revenue' ? amount.format(value) : rate.format(value);
}

/** "4.1 % (3.2 % to 5 %)": an arm's value on a day with its interval, when it has one. */
export function formatArmDay(goal: ExperimentView['goal'], arm: ArmDay): string {
  const value = formatGoalValue(goal, arm.value);
  if (!arm.interval) return value;
  return t('experiments.upliftInterval', {
    estimate: value,
    lower: formatGoalValue(goal, arm.interval.lower),
    upper: formatGoalValue(goal, arm.interval.upper),
  });
}

/** The options it was started with, in a line: goal, durations, its end, the losers' place. */
export function summary(experiment: ExperimentView): string {
  return t('experiments.summary.line', {
    goal: t(`experiments.metric.${experiment.goal}`),
    minDays: formatNumber(experiment.minDays),
    maxDays: formatNumber(experiment.maxDays),
    end: t(`experiments.summary.end.${experiment.endAction}`),
    losers: t(`experiments.losers.${experiment.losers}`),
  });
}

/** The winner of an end decided with "ask", while the merchant has not kept it; else null. */
export function winnerToKeep(experiment: ExperimentView): Arm | null {
  if (experiment.why !== 'decided' || experiment.kept !== null) return null;
  return experiment.arms.find((arm) => arm.arm === experiment.winner) ?? null;
}

/** The decision, or where the experiment stands, in one sentence. */
export function decision(experiment: ExperimentView): string {
  const winner = experiment.arms.find((arm) => arm.arm === experiment.winner);
  const winnerName = winner ? armName(winner, experiment) : '';
  switch (experiment.why) {
    case 'decided':
      if (!winner) return t('experiments.decision.noClearWinner');
      if (winner.arm === 'control') {
        return t(
          experiment.kept
            ? 'experiments.decision.originalWins'
            : 'experiments.decision.originalWinsAsk',
        );
      }
      return experiment.kept
        ? t('experiments.decision.aiWinsKept', { name: winnerName })
        : t('experiments.decision.aiWinsAsk', { name: winnerName });
    case 'no_clear_winner':
      return t('experiments.decision.noClearWinner');
    case 'stopped_keep_ai':
      return t('experiments.decision.stoppedKeepAi', { name: winnerName });
    case 'stopped_keep_original':
      return t('experiments.decision.stoppedKeepOriginal');
    case 'ended_by_campaign':
      return t('experiments.decision.endedByCampaign');
    case 'ended_by_undo':
      return t('experiments.decision.endedByUndo');
    case null:
      break;
  }
  if (experiment.arms.every((arm) => arm.visitors === 0))
    return t('experiments.decision.noVisitors');
  if (experiment.daysToDecision === null) {
    return t('experiments.decision.noneExpected', { count: experiment.maxDays });
  }
  return t('experiments.decision.daysLeft', {
    count: experiment.daysToDecision,
    days: formatNumber(experiment.daysToDecision),
  });
}

/** Why the server refused to start an experiment (409), in the merchant's words. */
const START_REFUSALS = {
  held_by_campaign: 'experiments.refused.heldByCampaign',
  product_in_experiment: 'experiments.refused.productInExperiment',
  experiments_at_cap: 'experiments.refused.atCap',
  not_published: 'experiments.refused.notPublished',
  no_original: 'experiments.refused.noOriginal',
  image_not_ready: 'experiments.refused.imageNotReady',
} as const;

/** The refusal's plain words, or null for a code this page does not know (the server's text). */
export function startRefusal(code: string): string | null {
  return code in START_REFUSALS ? t(START_REFUSALS[code as keyof typeof START_REFUSALS]) : null;
}
