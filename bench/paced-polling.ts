/**
 * How soon after a ProductAI job ends its result is read when no webhook is connected (eager
 * polling, src/pipeline/receive/poll-schedule.ts `pacedDelay`): each poll reads the job's
 * progress and the next one is placed at its expected end, so the result is read soon after it
 * is made instead of anywhere in the polling interval. The test (test/pipeline/receive/
 * paced-polling.test.ts) asserts the polls' count; this prints the figure: from the job's end at
 * the emulator to the generation's `saving` (its result read), p50 and max over the runs, with
 * the interval it is meant to beat. Compressed by default as in the test (a poll a second, jobs
 * of 2.1 s); `--real` uses ProductAI's recommended cadence (2 s) and a 15 s job. Target: p50 well
 * under half the interval.
 *
 *   node bench/paced-polling.ts [runs, default 5] [--real]
 */
import { loadavg } from 'node:os';
import type { Generation } from '../src/pipeline/generations/generation.ts';
import { until } from '../test/support/until.ts';
import { quantile, startBenchPipeline } from './pipeline-support.ts';

const RUNS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 5);
const REAL = process.argv.includes('--real');
const INTERVAL_MS = REAL ? 2_000 : 1_000;
const JOB_MS = REAL ? 15_000 : 2_100;
const LONG = 600_000;

const bench = await startBenchPipeline({
  limit: 1_000,
  windowMs: 60_000,
  arrivalMarginMs: 0,
  jobMs: JOB_MS,
  config: {
    polling: {
      firstPollMs: { photo: LONG, upscale: LONG, video: LONG },
      intervalMs: { photo: LONG, upscale: LONG, video: LONG },
      backoff: 1,
      maxIntervalMs: LONG,
      deadlineMs: { photo: LONG, upscale: LONG, video: LONG },
      eager: {
        intervalMs: { photo: INTERVAL_MS, upscale: INTERVAL_MS, video: INTERVAL_MS },
        forMs: { photo: LONG, upscale: LONG, video: LONG },
      },
    },
  },
});

const lateness: number[] = [];
try {
  for (let run = 1; run <= RUNS; run += 1) {
    const shop = await bench.newShop('paced');
    const { id } = await bench.enqueue(shop, 'interactive', run);
    const saving = await until(
      'the result read',
      async () => {
        const generation: Generation | null = await bench.pipeline.generations.get(shop, id);
        return generation?.transitions.find((t) => t.state === 'saving') && generation;
      },
      { deadlineMs: JOB_MS + 60_000 },
    );
    const job = (await bench.jobs(shop)).find((entry) => entry.id === saving.productAiJobId)!;
    const found = Date.parse(saving.transitions.find((t) => t.state === 'saving')!.at);
    lateness.push(found - job.completedAt!);
    console.log(`run ${run}: result read ${found - job.completedAt!} ms after the job ended`);
  }
} finally {
  await bench.stop();
}
console.log(
  `paced polling (${REAL ? 'real' : 'compressed'} timings: a poll every ${INTERVAL_MS} ms, jobs of ${JOB_MS} ms), ` +
    `load ${loadavg()[0]!.toFixed(1)}: result read after the job's end p50 ${quantile(lateness, 0.5)} ms, ` +
    `max ${Math.max(...lateness)} ms (the interval: ${INTERVAL_MS} ms)`,
);
