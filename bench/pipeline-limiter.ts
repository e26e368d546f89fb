/**
 * Limiter utilisation: a 500-product bulk run in compressed time, the emulator's limit and the
 * app's scaled together (15 per 5 s instead of 15 per 60 s: 12x faster). Prints how close the
 * run came to the fastest the limit allows, and how many 429s the service answered.
 *
 *   utilisation = window / the mean time from a request to the one `limit` later, as the
 *   service saw them arrive (its own timestamps): the sustained rate over the limit, 1.0 being
 *   the limit exactly, whether requests leave paced (rate-limiter.ts) or in bursts, with no
 *   fence-post bonus for a first burst nor penalty for a partial last one.
 *
 * Target: >= 0.97 and 0 x 429 (bench/at-the-limit.ts holds the limiter to >= 0.99).
 * Run: node bench/pipeline-limiter.ts [N] [windowMs] [arrivalMarginMs]
 */
import { loadavg } from 'node:os';
import { pipelineConfig } from '../src/pipeline/index.ts';
import { RATE_LIMITED_NOTE } from '../src/pipeline/submit/submit-stage.ts';
import { quantile, startBenchPipeline } from './pipeline-support.ts';
import { until } from '../test/support/until.ts';

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
    'the run submitted',
    async () => {
      const counts = await bench.pipeline.generations.countByState(shop, {
        bulkRunId: 'bench-run',
      });
      return counts.queued + counts.submitting + counts.paused === 0;
    },
    { deadlineMs: (N / LIMIT + 5) * WINDOW_MS * 2 },
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
  const sent = (await bench.jobs(shop)).map((job) => job.receivedAt).sort((a, b) => a - b);
  const gaps = sent.slice(LIMIT).map((t, i) => t - sent[i]!);
  const meanGap = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  // Largest number of submissions in any window, as the service's sliding window counts them.
  let peak = 0;
  for (let i = 0, j = 0; i < sent.length; i += 1) {
    while (sent[i]! - sent[j]! >= WINDOW_MS) j += 1;
    peak = Math.max(peak, i - j + 1);
  }
  const spacing = sent.slice(1).map((t, i) => t - sent[i]!);
  console.log(
    JSON.stringify(
      {
        benchmark: 'limiter utilisation over a bulk run (compressed time)',
        products: N,
        limit: `${LIMIT} per ${WINDOW_MS} ms (production: ${LIMIT} per 60000 ms)`,
        arrivalMarginMs: ARRIVAL_MARGIN_MS,
        submitted: sent.length,
        runSeconds: +((sent[sent.length - 1]! - sent[0]!) / 1000).toFixed(1),
        utilisation: +(WINDOW_MS / meanGap).toFixed(3),
        peakInAnyWindow: peak,
        spacingMs: {
          p5: quantile(spacing, 0.05),
          p50: quantile(spacing, 0.5),
          max: Math.max(...spacing),
        },
        slotReuseGapMs: {
          min: Math.min(...gaps),
          p50: quantile(gaps, 0.5),
          max: Math.max(...gaps),
        },
        http429: rateLimited,
        uncertain,
        wallSeconds: +((Date.now() - started) / 1000).toFixed(1),
        loadAverage: loadavg().map((load) => +load.toFixed(2)),
      },
      null,
      2,
    ),
  );
} finally {
  await bench.stop();
}
