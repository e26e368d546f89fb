/**
 * The simulation of bench/experiments/simulate.ts through the real ingestion: each simulated day's
 * events go as storefront batches through the event store (`record`: the Lua script, counters and
 * HyperLogLogs) on a private redis-server this script starts, and the statistics read the store's
 * `totals` back each day (totals-through-store.ts). Every experiment also runs through the
 * in-memory seam on the very same events, so the two are compared experiment by experiment (the
 * in-memory rows are simulate.ts's figures on these draws: the draws go on until both have
 * decided, so they are not simulate.ts's own for the same seed).
 *
 * A batch in RESEND_EVERY is sent twice, as a beacon's retry: the store must count it once.
 * Fewer experiments than simulate.ts (each visitor is a Lua call): the headline A/A and +15 %
 * at the stated traffic by default. Also prints the run time and Redis memory per experiment
 * (used_memory grown by the experiment, at its end: counters, HyperLogLogs and the visitors' cap
 * states); Redis is flushed between experiments.
 * Run: node bench/experiments/simulate-store.ts [seed=33] [experiments per scenario=200]
 *        [visitors/arm/day=1250]
 */
import { execSync } from 'node:child_process';
import { DEFAULT_STATISTICS } from '../../src/features/experiments/statistics/config.ts';
import { createExperimentEventStore } from '../../src/features/experiments/event-store.ts';
import { closeRedis, connectRedis, type Redis } from '../../src/platform/redis/connection.ts';
import { seeded } from '../../emulators/productai/seeded-random.ts';
import { startPrivateRedis } from '../../dev/redis-server.ts';
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
import { storeSeam } from './totals-through-store.ts';

const SEED = Number(process.argv[2] ?? 33);
const EXPERIMENTS = Number(process.argv[3] ?? 200);
const DAILY_PER_ARM = Number(process.argv[4] ?? STATED_DAILY_PER_ARM);

/** A batch in 10 sent twice (a beacon's retry), as bench/experiments/ingest.ts sends them. */
const RESEND_EVERY = 10;

const scenarios: Scenario[] = [
  {
    name: 'A/A',
    metric: 'add_to_cart',
    rates: [BASE_RATE, BASE_RATE],
    trueRelative: 0,
    dailyPerArm: DAILY_PER_ARM,
    experiments: EXPERIMENTS,
  },
  {
    name: '+15 %',
    metric: 'add_to_cart',
    rates: [BASE_RATE, BASE_RATE * (1 + LIFT)],
    trueRelative: LIFT,
    dailyPerArm: DAILY_PER_ARM,
    experiments: EXPERIMENTS,
  },
];

async function usedMemory(redis: Redis): Promise<number> {
  const info = await redis.info('memory');
  return Number(/used_memory:(\d+)/.exec(info)![1]);
}

async function run(redis: Redis, scenario: Scenario, seed: number) {
  const store = createExperimentEventStore(redis);
  const random = seeded(seed);
  const memory: Outcome[] = [];
  const through: Outcome[] = [];
  let bytes = 0;
  let sameWinner = 0;
  let sameDay = 0;
  let estimateGap = 0;
  const started = performance.now();
  for (let i = 0; i < scenario.experiments; i += 1) {
    await redis.flushdb();
    const before = await usedMemory(redis);
    const experiment = {
      shop: 'simulated.myshopify.com',
      id: `exp-${i}`,
      arms: 2,
      resendEvery: RESEND_EVERY,
    };
    const seams = [
      inMemorySeam(scenario),
      await storeSeam(store, { ...experiment, metric: scenario.metric }, DAYS),
    ];
    const [inMemory, inStore] = await simulateExperiment(random, scenario, seams);
    bytes += (await usedMemory(redis)) - before;
    memory.push(inMemory!);
    through.push(inStore!);
    if (inMemory!.winner === inStore!.winner) sameWinner += 1;
    if (inMemory!.day === inStore!.day) {
      sameDay += 1;
      estimateGap += Math.abs(inMemory!.relativeEstimate - inStore!.relativeEstimate);
    }
  }
  return {
    memory: summarise(scenario, memory),
    through: summarise(scenario, through),
    seconds: (performance.now() - started) / 1000,
    bytesPerExperiment: bytes / scenario.experiments,
    sameWinner,
    sameDay,
    /** The mean gap of the uplift shown (pp), over the experiments ended on the same day. */
    estimateGapPoints: (100 * estimateGap) / sameDay,
  };
}

const server = await startPrivateRedis();
const redis = await connectRedis(server.url);
try {
  const started = performance.now();
  console.log(
    `seed ${SEED}; α ${DEFAULT_STATISTICS.alpha}, τ = ${DEFAULT_STATISTICS.tauRelative} × pooled mean, minimum ${DEFAULT_STATISTICS.minDays} days, maximum ${DAYS}, looked at daily`,
  );
  console.log(`load before: ${execSync('uptime').toString().trim()}`);
  console.log('');
  console.log(TABLE_HEADER);
  const notes: string[] = [];
  for (const [index, scenario] of scenarios.entries()) {
    const result = await run(redis, scenario, SEED * 1_000 + index);
    // Both rows took the one run's time: the in-memory part of it is a small share.
    console.log(tableRow(scenario, result.memory, result.seconds, `${scenario.name} in memory`));
    console.log(
      tableRow(scenario, result.through, result.seconds, `${scenario.name} through the store`),
    );
    notes.push(
      `${scenario.name}: same winner (or none) in ${result.sameWinner} and same last day in ${result.sameDay} of ${scenario.experiments} experiments, uplift shown ${result.estimateGapPoints.toFixed(2)} pp apart on average (when ended on the same day); Redis memory per experiment at its end ${(result.bytesPerExperiment / 1_048_576).toFixed(1)} MB; ${((1000 * result.seconds) / scenario.experiments).toFixed(0)} ms per experiment`,
    );
  }
  console.log('');
  for (const note of notes) console.log(note);
  console.log(GOALS);
  console.log(BIAS_NOTE);
  console.log(
    `run time ${((performance.now() - started) / 1000).toFixed(1)} s; load after: ${execSync('uptime').toString().trim()}`,
  );
} finally {
  await closeRedis(redis);
  await server.stop();
}
