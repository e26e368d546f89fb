/**
 * Interactive submit latency under a bulk backlog, in compressed time (15 per 3 s instead of
 * 15 per minute): shop A's 300-product run saturates the shared limit; meanwhile 20 other shops
 * click once each, at random moments. For each click: the time until its request left, and how
 * many of A's requests left in between.
 *
 * Target: within one limiter slot at p95: only a bulk request taking its slot at that instant
 * goes first (the click is armed beside the bulk generation waiting for its slot, and the paced
 * limiter gives it the next slot before that generation: rate-limiter.ts), so a click waits for
 * the next paced slot, never for the backlog (20 windows here) nor for the next burst.
 * The full picture, utilisation and fairness across 50 shops included: bench/at-the-limit.ts.
 * Run: node bench/pipeline-fairness.ts [clicks]
 */
import { quantile, startBenchPipeline } from './pipeline-support.ts';
import { until } from '../test/support/until.ts';

const LIMIT = 15;
const WINDOW_MS = 3_000;
const BACKLOG = 300;
const CLICKS = Number(process.argv[2] ?? 20);

const bench = await startBenchPipeline({
  limit: LIMIT,
  windowMs: WINDOW_MS,
  arrivalMarginMs: 1_000,
});
try {
  const a = await bench.newShop('bulk');
  const bulk = [];
  for (let i = 0; i < BACKLOG; i += 1) bulk.push(await bench.enqueue(a, 'bulk', i));
  // Two windows in, the run saturates the limit and most of its backlog is still waiting.
  await new Promise((resolve) => setTimeout(resolve, 2 * WINDOW_MS));

  const clicks: { shop: string; id: string; at: number }[] = [];
  for (let i = 0; i < CLICKS; i += 1) {
    const shop = await bench.newShop(`click${i}`);
    await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1_000));
    const at = Date.now();
    const generation = await bench.enqueue(shop, 'interactive', 10_000 + i);
    clicks.push({ shop, id: generation.id, at });
  }
  const sentAt = async (shop: string, id: string) => {
    const generation = await bench.pipeline.generations.get(shop, id);
    return generation?.submittedAt ? Date.parse(generation.submittedAt) : null;
  };
  await until(
    'every click sent',
    async () => {
      for (const click of clicks) if ((await sentAt(click.shop, click.id)) === null) return false;
      return true;
    },
    { deadlineMs: 10 * WINDOW_MS },
  );

  const aSent: number[] = [];
  for (const item of bulk) {
    const at = await sentAt(a, item.id);
    if (at !== null) aSent.push(at);
  }
  const latencies: number[] = [];
  const ahead: number[] = [];
  for (const click of clicks) {
    const sent = (await sentAt(click.shop, click.id))!;
    latencies.push(sent - click.at);
    ahead.push(aSent.filter((t) => t > click.at && t < sent).length);
  }
  const backlogLeft =
    BACKLOG - aSent.filter((t) => t <= Math.max(...clicks.map((c) => c.at))).length;
  console.log(
    JSON.stringify(
      {
        benchmark: 'interactive submit latency under a bulk backlog (compressed time)',
        limit: `${LIMIT} per ${WINDOW_MS} ms (production: ${LIMIT} per 60000 ms)`,
        backlog: `${BACKLOG} bulk items of one shop (${backlogLeft} still waiting at the last click)`,
        clicks: CLICKS,
        latencyMs: {
          p50: quantile(latencies, 0.5),
          p95: quantile(latencies, 0.95),
          max: Math.max(...latencies),
        },
        latencyInWindows: { p95: +(quantile(latencies, 0.95) / WINDOW_MS).toFixed(2) },
        bulkRequestsAheadOfAClick: {
          p50: quantile(ahead, 0.5),
          p95: quantile(ahead, 0.95),
          max: Math.max(...ahead),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await bench.stop();
}
