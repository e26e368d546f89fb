/**
 * Seeded simulation of image experiments read every day for 28 days by the statistics of
 * src/features/experiments/statistics: how often an A/A experiment (no true difference)
 * declares a winner (goal <= 5 %), how often a true 15 % relative lift at a 4 % base rate is
 * found (goal >= 80 %) at several daily traffic levels, and the bias of the uplift shown at the
 * end (decision day, or day 28), in percentage points of relative uplift (goal within ±1):
 * a +15 % lift estimated at +16 % on average is +1 point.
 *
 * Traffic: each day `dailyPerArm × arms` new visitors, each assigned to an arm uniformly at random
 * (so the arms' sizes vary as a real split does), converting with its arm's true rate; revenue
 * amounts are log-normal. The day's events reach the statistics only through totalsFromEvents
 * (the seam the real ingestion's counters replace). A PRNG (mulberry32) seeded from the command
 * line makes every figure reproducible.
 * Run: node bench/experiments/simulate.ts [seed] [experiments per headline scenario]
 */
import { execSync } from 'node:child_process';
import type { ArmTotals, Metric } from '../../src/features/experiments/statistics/arm-totals.ts';
import { DEFAULT_STATISTICS } from '../../src/features/experiments/statistics/config.ts';
import { analyseExperiment } from '../../src/features/experiments/statistics/sequential-analysis.ts';
import { seeded } from '../../emulators/productai/seeded-random.ts';
import { type ExperimentEvent, totalsFromEvents } from './totals-from-events.ts';

const SEED = Number(process.argv[2] ?? 33);
const HEADLINE_EXPERIMENTS = Number(process.argv[3] ?? 2_000);
const DAYS = DEFAULT_STATISTICS.maxDays;
const BASE_RATE = 0.04;
const LIFT = 0.15;
const AVERAGE_ORDER = 60;

interface Scenario {
  name: string;
  metric: Metric;
  /** The arms' true conversion rates, the control first. */
  rates: number[];
  /** The treatments' true relative uplift of the mean per visitor (the same for each). */
  trueRelative: number;
  dailyPerArm: number;
  experiments: number;
}

interface Outcome {
  winner: number | null;
  day: number;
  relativeEstimate: number;
}

/** A standard normal draw (Box-Muller), for the log-normal order amounts. */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function* dayEvents(
  random: () => number,
  scenario: Scenario,
  firstVisitor: number,
): Generator<ExperimentEvent> {
  const arms = scenario.rates.length;
  const visitors = scenario.dailyPerArm * arms;
  for (let visitor = firstVisitor; visitor < firstVisitor + visitors; visitor += 1) {
    const arm = Math.floor(random() * arms);
    yield { kind: 'exposure', arm, visitor };
    if (random() < scenario.rates[arm]!) {
      // Log-normal with a coefficient of variation of about 0.8, mean AVERAGE_ORDER.
      const amount =
        scenario.metric === 'revenue'
          ? AVERAGE_ORDER * Math.exp(0.7 * gaussian(random) - 0.245)
          : 0;
      yield { kind: 'conversion', arm, visitor, amount };
    }
  }
}

function simulateExperiment(random: () => number, scenario: Scenario): Outcome {
  const empty: ArmTotals[] = scenario.rates.map(() => ({ visitors: 0, conversions: 0 }));
  const looks: ArmTotals[][] = [];
  for (let day = 1; day <= DAYS; day += 1) {
    const events = dayEvents(
      random,
      scenario,
      (day - 1) * scenario.dailyPerArm * scenario.rates.length,
    );
    looks.push(totalsFromEvents(looks.at(-1) ?? empty, events));
    const report = analyseExperiment(looks, scenario.metric, DEFAULT_STATISTICS);
    if (report.status !== 'running') {
      const best =
        report.treatments.find((t) => t.arm === (report.winner ?? 1)) ?? report.treatments[0]!;
      return { winner: report.winner, day, relativeEstimate: best.relative.estimate };
    }
  }
  throw new Error('the maximum duration always ends an experiment');
}

interface Row {
  scenario: Scenario;
  declared: number;
  correct: number;
  medianDay: number | null;
  biasAll: number;
  biasDeclared: number | null;
  seconds: number;
}

function run(scenario: Scenario, seed: number): Row {
  const started = performance.now();
  const random = seeded(seed);
  const outcomes: Outcome[] = [];
  for (let i = 0; i < scenario.experiments; i += 1)
    outcomes.push(simulateExperiment(random, scenario));
  const declared = outcomes.filter((o) => o.winner !== null);
  // With a true lift the right winner is a treatment; with none, any winner is false.
  const correct = scenario.trueRelative > 0 ? declared.filter((o) => o.winner !== 0).length : 0;
  const days = declared.map((o) => o.day).sort((a, b) => a - b);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const points = (o: Outcome) => 100 * (o.relativeEstimate - scenario.trueRelative);
  return {
    scenario,
    declared: declared.length / outcomes.length,
    correct: correct / outcomes.length,
    medianDay: days.length > 0 ? days[Math.floor(days.length / 2)]! : null,
    biasAll: mean(outcomes.map(points)),
    biasDeclared: declared.length > 0 ? mean(declared.map(points)) : null,
    seconds: (performance.now() - started) / 1000,
  };
}

const lifted = BASE_RATE * (1 + LIFT);
/** The traffic at which the goals are stated: 35,000 visitors per arm over the 28 days. */
const STATED_DAILY_PER_ARM = 1_250;
const scenarios: Scenario[] = [
  {
    name: 'A/A',
    metric: 'add_to_cart',
    rates: [BASE_RATE, BASE_RATE],
    trueRelative: 0,
    dailyPerArm: STATED_DAILY_PER_ARM,
    experiments: HEADLINE_EXPERIMENTS,
  },
  ...[750, 1_000, STATED_DAILY_PER_ARM, 1_500].map((dailyPerArm) => ({
    name: '+15 %',
    metric: 'add_to_cart' as const,
    rates: [BASE_RATE, lifted],
    trueRelative: LIFT,
    dailyPerArm,
    experiments:
      dailyPerArm === STATED_DAILY_PER_ARM ? HEADLINE_EXPERIMENTS : HEADLINE_EXPERIMENTS / 4,
  })),
  {
    name: 'A/A/A/A (Bonferroni)',
    metric: 'add_to_cart',
    rates: [BASE_RATE, BASE_RATE, BASE_RATE, BASE_RATE],
    trueRelative: 0,
    dailyPerArm: STATED_DAILY_PER_ARM,
    experiments: HEADLINE_EXPERIMENTS / 4,
  },
  {
    name: 'A/A revenue',
    metric: 'revenue',
    rates: [BASE_RATE, BASE_RATE],
    trueRelative: 0,
    dailyPerArm: STATED_DAILY_PER_ARM,
    experiments: HEADLINE_EXPERIMENTS / 4,
  },
];

const started = performance.now();
console.log(
  `seed ${SEED}; α ${DEFAULT_STATISTICS.alpha}, τ = ${DEFAULT_STATISTICS.tauRelative} × pooled mean, minimum ${DEFAULT_STATISTICS.minDays} days, maximum ${DAYS}, looked at daily`,
);
console.log(`load before: ${execSync('uptime').toString().trim()}`);
console.log('');
console.log(
  '| scenario | metric | arms | visitors/arm/day | visitors/arm at 28 d | experiments | winner declared | right winner | median decision day | bias, all (pp) | bias, declared (pp) | s |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const signed = (x: number | null) => (x === null ? '-' : `${x >= 0 ? '+' : ''}${x.toFixed(2)}`);
scenarios.forEach((scenario, index) => {
  const row = run(scenario, SEED * 1_000 + index);
  console.log(
    `| ${scenario.name} | ${scenario.metric} | ${scenario.rates.length} | ${scenario.dailyPerArm} | ${scenario.dailyPerArm * DAYS} | ${scenario.experiments} | ${pct(row.declared)} | ${scenario.trueRelative > 0 ? pct(row.correct) : '-'} | ${row.medianDay ?? '-'} | ${signed(row.biasAll)} | ${signed(row.biasDeclared)} | ${row.seconds.toFixed(1)} |`,
  );
});
console.log('');
console.log(
  `goals: A/A winner declared <= 5 %; +15 % right winner >= 80 % at ${STATED_DAILY_PER_ARM}/arm/day; bias within ±1 point`,
);
console.log(
  `bias: mean of (relative uplift shown, the posterior mean, on the decision day or day 28 - the true relative uplift), in percentage points; "declared": over the experiments that declared only`,
);
console.log(
  `run time ${((performance.now() - started) / 1000).toFixed(1)} s; load after: ${execSync('uptime').toString().trim()}`,
);
