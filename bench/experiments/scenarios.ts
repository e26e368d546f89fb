/**
 * The simulated experiments shared by bench/experiments/simulate.ts (totals in memory) and
 * bench/experiments/simulate-store.ts (totals through the real event store): the traffic, one
 * experiment's daily looks through one or more seams (each turning a day's events into the arms'
 * totals), and the table of outcomes.
 *
 * Traffic: each day `dailyPerArm × arms` new visitors, each assigned to an arm uniformly at random
 * (so the arms' sizes vary as a real split does), converting with its arm's true rate; revenue
 * amounts are log-normal. A PRNG (mulberry32, seeded by the caller) makes every figure
 * reproducible.
 */
import type { ArmTotals, Metric } from '../../src/features/experiments/statistics/arm-totals.ts';
import { DEFAULT_STATISTICS } from '../../src/features/experiments/statistics/config.ts';
import { analyseExperiment } from '../../src/features/experiments/statistics/sequential-analysis.ts';
import { type ExperimentEvent, totalsFromEvents } from './totals-from-events.ts';

export const DAYS = DEFAULT_STATISTICS.maxDays;
export const BASE_RATE = 0.04;
export const LIFT = 0.15;
const AVERAGE_ORDER = 60;
/** The traffic at which the goals are stated: 35,000 visitors per arm over the 28 days. */
export const STATED_DAILY_PER_ARM = 1_250;

export interface Scenario {
  name: string;
  metric: Metric;
  /** The arms' true conversion rates, the control first. */
  rates: number[];
  /**
   * The true relative uplift of the mean per visitor: of every treatment, or of `liftedArm` alone
   * when given (the others then as the control).
   */
  trueRelative: number;
  /** The one lifted arm (its index in `rates`), when only one is: the right winner. */
  liftedArm?: number;
  dailyPerArm: number;
  experiments: number;
}

export interface Outcome {
  winner: number | null;
  day: number;
  relativeEstimate: number;
}

/**
 * Turns one day's events into the arms' experiment-to-date totals as of the day's end; `day`
 * counts from 1. Each experiment gets seams of its own (they keep its totals so far).
 */
export type Seam = (events: readonly ExperimentEvent[], day: number) => Promise<ArmTotals[]>;

/** The seam in memory: the events folded into the totals as the ingestion must count them. */
export function inMemorySeam(scenario: Scenario): Seam {
  let totals: ArmTotals[] = scenario.rates.map(() => ({ visitors: 0, conversions: 0 }));
  return async (events) => (totals = totalsFromEvents(totals, events));
}

/** A standard normal draw (Box-Muller), for the log-normal order amounts. */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function dayEvents(random: () => number, scenario: Scenario, firstVisitor: number) {
  const events: ExperimentEvent[] = [];
  const arms = scenario.rates.length;
  const visitors = scenario.dailyPerArm * arms;
  for (let visitor = firstVisitor; visitor < firstVisitor + visitors; visitor += 1) {
    const arm = Math.floor(random() * arms);
    events.push({ kind: 'exposure', arm, visitor });
    if (random() < scenario.rates[arm]!) {
      // Log-normal with a coefficient of variation of about 0.8, mean AVERAGE_ORDER.
      const amount =
        scenario.metric === 'revenue'
          ? AVERAGE_ORDER * Math.exp(0.7 * gaussian(random) - 0.245)
          : 0;
      events.push({ kind: 'conversion', arm, visitor, amount });
    }
  }
  return events;
}

/**
 * The experiment's outcome after its latest look, or null while it runs. The uplift read is the
 * winner's (the first AI photo's without one), or with one lifted arm always that arm's: the
 * bias is of the lift that is there.
 */
function decided(looks: ArmTotals[][], scenario: Scenario): Outcome | null {
  const report = analyseExperiment(looks, scenario.metric, DEFAULT_STATISTICS);
  if (report.status === 'running') return null;
  const read = scenario.liftedArm ?? report.winner ?? 1;
  const best = report.treatments.find((t) => t.arm === read) ?? report.treatments[0]!;
  return { winner: report.winner, day: looks.length, relativeEstimate: best.relative.estimate };
}

/**
 * One experiment, looked at daily until every seam's totals have ended it: each seam sees the
 * same events (so seams are compared experiment by experiment), and the draws go on while any
 * seam's experiment runs. With one seam, the draws stop on its decision day.
 */
export async function simulateExperiment(
  random: () => number,
  scenario: Scenario,
  seams: readonly Seam[],
): Promise<Outcome[]> {
  const looks: ArmTotals[][][] = seams.map(() => []);
  const outcomes: (Outcome | null)[] = seams.map(() => null);
  for (let day = 1; day <= DAYS && outcomes.includes(null); day += 1) {
    const firstVisitor = (day - 1) * scenario.dailyPerArm * scenario.rates.length;
    const events = dayEvents(random, scenario, firstVisitor);
    for (const [index, seam] of seams.entries()) {
      if (outcomes[index] !== null) continue;
      looks[index]!.push(await seam(events, day));
      outcomes[index] = decided(looks[index]!, scenario);
    }
  }
  if (outcomes.includes(null)) throw new Error('the maximum duration always ends an experiment');
  return outcomes as Outcome[];
}

export interface Row {
  declared: number;
  correct: number;
  medianDay: number | null;
  biasAll: number;
  biasDeclared: number | null;
}

export function summarise(scenario: Scenario, outcomes: readonly Outcome[]): Row {
  const declared = outcomes.filter((o) => o.winner !== null);
  // With a true lift the right winner is the lifted arm (any treatment when all are lifted);
  // with none, any winner is false.
  const right = (o: Outcome) =>
    scenario.liftedArm === undefined ? o.winner !== 0 : o.winner === scenario.liftedArm;
  const correct = scenario.trueRelative > 0 ? declared.filter(right).length : 0;
  const days = declared.map((o) => o.day).sort((a, b) => a - b);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const points = (o: Outcome) => 100 * (o.relativeEstimate - scenario.trueRelative);
  return {
    declared: declared.length / outcomes.length,
    correct: correct / outcomes.length,
    medianDay: days.length > 0 ? days[Math.floor(days.length / 2)]! : null,
    biasAll: mean(outcomes.map(points)),
    biasDeclared: declared.length > 0 ? mean(declared.map(points)) : null,
  };
}

export const TABLE_HEADER = [
  '| scenario | metric | arms | visitors/arm/day | visitors/arm at 28 d | experiments | winner declared | right winner | median decision day | bias, all (pp) | bias, declared (pp) | s |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
].join('\n');

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const signed = (x: number | null) => (x === null ? '-' : `${x >= 0 ? '+' : ''}${x.toFixed(2)}`);

export function tableRow(scenario: Scenario, row: Row, seconds: number, name = scenario.name) {
  return `| ${name} | ${scenario.metric} | ${scenario.rates.length} | ${scenario.dailyPerArm} | ${scenario.dailyPerArm * DAYS} | ${scenario.experiments} | ${pct(row.declared)} | ${scenario.trueRelative > 0 ? pct(row.correct) : '-'} | ${row.medianDay ?? '-'} | ${signed(row.biasAll)} | ${signed(row.biasDeclared)} | ${seconds.toFixed(1)} |`;
}

export const GOALS = `goals: A/A winner declared <= 5 %; +15 % right winner >= 80 % at ${STATED_DAILY_PER_ARM}/arm/day; bias within ±1 point`;
export const BIAS_NOTE = `bias: mean of (relative uplift shown, the posterior mean, on the decision day or day 28 - the true relative uplift), in percentage points; "declared": over the experiments that declared only`;
