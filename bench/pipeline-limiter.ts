/**
 * Limiter utilisation: a 500-product bulk run in compressed time, the emulator's limit and the
 * app's scaled together (15 per 5 s instead of 15 per 60 s: 12x faster). Prints how close the
 * run came to the fastest the limit allows, and how many 429s the service answered.
 *
 *   utilisation = ideal duration / actual duration, first to last job the service created (its
 *   own timestamps), where the ideal is (ceil(N / limit) - 1) windows: the limit's own pace,
 *   a full window after every burst.
 *
 *   sustainedRateOverLimit = submissions per window, over whole bursts, / limit.
 *
 * Target: >= 0.97 and 0 x 429.
 * Run: node bench/pipeline-limiter.ts [N] [windowMs] [arrivalMarginMs]
 */
import { pipelineConfig } from '../src/pipeline/index.ts';
import { RATE_LIMITED_NOTE } from '../src/pipeline/submit/submit-stage.ts';
import { quantile, startBenchPipeline, until } from './pipeline-support.ts';

const N = Number(process.argv[2] ?? 500);
const LIMIT = 15;
const WINDOW_MS = Number(process.argv[3] ?? 5_000);

// The production default (network delivery does not compress with time).
const ARRIVAL_MARGIN_MS = Number(process.argv[4] ?? pipelineConfig().limiter.arrivalMarginMs);
const bench = await startBenchPipeline({
  limit: LIMIT,
  windowMs: WINDOW_MS,
  arrivalMarginMs: ARRIVAL_MARGIN_MS,
});
try {
  const shop = await bench.newShop('bulk');
  for (let i = 0; i < N; i += 1) await bench.enqueue(shop, 'bulk', i);
  const started = Date.now();
  await until(
    async () => {
      const counts = await bench.pipeline.generations.countByState(shop, {
        bulkRunId: 'bench-run',
      });
      return counts.queued + counts.submitting + counts.paused === 0;
    },
    (N / LIMIT + 5) * WINDOW_MS * 2,
  );

  let rateLimited = 0;
  let uncertain = 0;
  for (let cursor: string | null = null; ;) {
    const page = await bench.pipeline.generations.list(shop, {}, { cursor, limit: 200 });
    for (const generation of page.generations) {
      rateLimited += generation.transitions.filter((t) => t.note === RATE_LIMITED_NOTE).length;
      if (generation.transitions.some((t) => t.state === 'uncertain')) uncertain += 1;
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  // Arrival times as the service recorded them: what its limit is measured against.
  const sent = (await bench.jobs(shop)).map((job) => job.createdAt).sort((a, b) => a - b);
  const actual = sent[sent.length - 1]! - sent[0]!;
  const ideal = (Math.ceil(N / LIMIT) - 1) * WINDOW_MS;
  // Largest number of submissions in any window, as the service's sliding window counts them.
  let peak = 0;
  for (let i = 0, j = 0; i < sent.length; i += 1) {
    while (sent[i]! - sent[j]! >= WINDOW_MS) j += 1;
    peak = Math.max(peak, i - j + 1);
  }
  // Sustained rate, over whole bursts only (no fence-post bonus for the first burst nor penalty
  // for a partial last one): the submissions from the first one of the first burst to the first
  // one of the last whole burst, per window, divided by the limit. 1.0 is the limit exactly.
  const whole = Math.floor(sent.length / LIMIT) * LIMIT;
  const span = sent[whole - LIMIT]! - sent[0]!;
  const sustained = (whole - LIMIT) / (span / WINDOW_MS) / LIMIT;
  const gaps = sent.slice(LIMIT).map((t, i) => t - sent[i]!);
  console.log(
    JSON.stringify(
      {
        benchmark: 'limiter utilisation over a bulk run (compressed time)',
        products: N,
        limit: `${LIMIT} per ${WINDOW_MS} ms (production: ${LIMIT} per 60000 ms)`,
        arrivalMarginMs: ARRIVAL_MARGIN_MS,
        submitted: sent.length,
        runSeconds: +(actual / 1000).toFixed(1),
        idealSeconds: +(ideal / 1000).toFixed(1),
        utilisation: +(ideal / actual).toFixed(3),
        sustainedRateOverLimit: +sustained.toFixed(3),
        peakInAnyWindow: peak,
        slotReuseGapMs: {
          min: Math.min(...gaps),
          p50: quantile(gaps, 0.5),
          max: Math.max(...gaps),
        },
        http429: rateLimited,
        uncertain,
        wallSeconds: +((Date.now() - started) / 1000).toFixed(1),
      },
      null,
      2,
    ),
  );
} finally {
  await bench.stop();
}
