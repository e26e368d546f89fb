/**
 * Seeded simulation of image experiments read every day for 28 days by the statistics of
 * src/features/experiments/statistics: how often an A/A experiment (no true difference)
 * declares a winner (goal <= 5 %), how often a true 15 % relative lift at a 4 % base rate is
 * found (goal >= 80 %) at several daily traffic levels, and the bias of the uplift shown at the
 * end (decision day, or day 28), in percentage points of relative uplift (goal within ±1):
 * a +15 % lift estimated at +16 % on average is +1 point.
 *
 * The traffic is scenarios.ts's; the day's events reach the statistics only through
 * totalsFromEvents (the seam bench/experiments/simulate-store.ts replaces by the real event
 * store). A PRNG seeded from the command line makes every figure reproducible.
 * With up to three AI photos (4 arms), the 4-arm scenarios (A/A/A/A, and +15 % on one AI photo
 * of three, Bonferroni's α / 3 each) run alone with `4` as the third argument.
 * Run: node bench/experiments/simulate.ts [seed] [experiments per headline scenario] [arms]
 */
import { execSync } from 'node:child_process';
import { DEFAULT_STATISTICS } from '../../src/features/experiments/statistics/config.ts';
import { seeded } from '../../emulators/productai/seeded-random.ts';
import {
  BASE_RATE,
  BIAS_NOTE,
  DAYS,
  GOALS,
  inMemorySeam,
  LIFT,
  type Outcome,
  type Scenario,
  simulateExperiment,
  STATED_DAILY_PER_ARM,
  summarise,
  TABLE_HEADER,
  tableRow,
} from './scenarios.ts';

const SEED = Number(process.argv[2] ?? 33);
const HEADLINE_EXPERIMENTS = Number(process.argv[3] ?? 2_000);
/** Only the scenarios with this many arms (all when not given). */
const ONLY_ARMS = process.argv[4] ? Number(process.argv[4]) : null;

async function run(scenario: Scenario, seed: number) {
  const started = performance.now();
  const random = seeded(seed);
  const outcomes: Outcome[] = [];
  for (let i = 0; i < scenario.experiments; i += 1)
    outcomes.push(...(await simulateExperiment(random, scenario, [inMemorySeam(scenario)])));
  return { row: summarise(scenario, outcomes), seconds: (performance.now() - started) / 1000 };
}

const lifted = BASE_RATE * (1 + LIFT);
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
    experiments: ONLY_ARMS === 4 ? HEADLINE_EXPERIMENTS : HEADLINE_EXPERIMENTS / 4,
  },
  {
    name: 'A/A revenue',
    metric: 'revenue',
    rates: [BASE_RATE, BASE_RATE],
    trueRelative: 0,
    dailyPerArm: STATED_DAILY_PER_ARM,
    experiments: HEADLINE_EXPERIMENTS / 4,
  },
  // Last, so the seeds of the scenarios above stay theirs. One AI photo of three lifts: each is tested at α / 3, so power falls from the 2-arm figure.
  ...[STATED_DAILY_PER_ARM, 1_500, 1_750, 2_500].map((dailyPerArm) => ({
    name: '+15 % on 1 of 3 (Bonferroni)',
    metric: 'add_to_cart' as const,
    rates: [BASE_RATE, BASE_RATE, BASE_RATE, lifted],
    trueRelative: LIFT,
    liftedArm: 3,
    dailyPerArm,
    experiments:
      dailyPerArm === STATED_DAILY_PER_ARM ? HEADLINE_EXPERIMENTS : HEADLINE_EXPERIMENTS / 4,
  })),
];

const started = performance.now();
console.log(
  `seed ${SEED}; α ${DEFAULT_STATISTICS.alpha}, τ = ${DEFAULT_STATISTICS.tauRelative} × pooled mean, minimum ${DEFAULT_STATISTICS.minDays} days, maximum ${DAYS}, looked at daily`,
);
console.log(`load before: ${execSync('uptime').toString().trim()}`);
console.log('');
console.log(TABLE_HEADER);
for (const [index, scenario] of scenarios.entries()) {
  if (ONLY_ARMS !== null && scenario.rates.length !== ONLY_ARMS) continue;
  const { row, seconds } = await run(scenario, SEED * 1_000 + index);
  console.log(tableRow(scenario, row, seconds));
}
console.log('');
console.log(GOALS);
console.log(BIAS_NOTE);
console.log(
  `run time ${((performance.now() - started) / 1000).toFixed(1)} s; load after: ${execSync('uptime').toString().trim()}`,
);
