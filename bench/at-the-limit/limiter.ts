/**
 * The limiter section of bench/at-the-limit.ts: the shared limit with a 50-shop bulk
 * backlog and clicks from 5 other shops, in compressed time (15 per 5 s instead of 15 per 60 s,
 * the emulator's limit and the app's scaled together; one app process with its workers, real
 * Redis, the ProductAI emulator in its own process, results published at once).
 *
 * 50 shops queue 8 bulk items each (400, about 27 windows of work); after 2 windows, 60 clicks
 * arrive one at a time, 1-2 s apart, each from the next of 5 click shops. Printed:
 *
 *   utilisation   window ÷ the mean time from a request to the one `limit` later, as the service
 *                 saw them arrive (its own timestamps), over the whole run: the sustained rate
 *                 over the limit, 1.0 being the limit exactly, whether requests leave in bursts
 *                 or paced (no fence-post bonus for a first burst)
 *   at a minute   the same, had each slot's reuse lost the same time beyond the window in
 *                 production's minute: what the app loses per slot (its request's way there and
 *                 its answer back, which count the slot from the answer) does not compress with
 *                 time, so a 5 s window magnifies it twelvefold
 *   peak          most requests the service saw in any window (its limit: 15)
 *   429s          refusals the submit stage recorded
 *   click wait    click → its request leaving (the generation's submittedAt), p50/p95/max, in
 *                 windows (goal: p95 ≤ 0.1)
 *   fairness      the bulk submissions in their order while every shop has some waiting, cut
 *                 in blocks of 50 (one round of the ring): the fewest and most any one shop
 *                 had in a block (goal: 1 and 1)
 *   slot spacing  time between consecutive requests at the service, p5/p50/max
 */
import { loadavg } from 'node:os';
import { pipelineConfig } from '../../src/pipeline/index.ts';
import { RATE_LIMITED_NOTE } from '../../src/pipeline/submit/submit-stage.ts';
import type { Generation } from '../../src/pipeline/generations/generation.ts';
import { quantile, startBenchPipeline, type BenchPipeline } from '../pipeline-support.ts';
import { until } from '../../test/support/until.ts';

const LIMIT = 15;
const WINDOW_MS = 5_000;
const BULK_SHOPS = 50;
const BULK_PER_SHOP = 8;
const CLICK_SHOPS = 5;
const CLICKS = 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const windows = (ms: number) => +(ms / WINDOW_MS).toFixed(3);

async function allGenerations(bench: BenchPipeline, shop: string): Promise<Generation[]> {
  const all: Generation[] = [];
  for (let cursor: string | null = null; ;) {
    const page = await bench.pipeline.generations.list(shop, {}, { cursor, limit: 200 });
    all.push(...page.generations);
    if (!page.nextCursor) return all;
    cursor = page.nextCursor;
  }
}

async function run(): Promise<void> {
  const bench = await startBenchPipeline({
    limit: LIMIT,
    windowMs: WINDOW_MS,
    // The production default: network delivery does not compress with time.
    arrivalMarginMs: pipelineConfig().limiter.arrivalMarginMs,
  });
  try {
    const bulkShops: string[] = [];
    for (let s = 0; s < BULK_SHOPS; s += 1) bulkShops.push(await bench.newShop(`bulk${s}`));
    const clickShops: string[] = [];
    for (let s = 0; s < CLICK_SHOPS; s += 1) clickShops.push(await bench.newShop(`click${s}`));
    // Layer by layer, so that every shop is in the ring after the first 50.
    for (let i = 0; i < BULK_PER_SHOP; i += 1) {
      for (const shop of bulkShops) await bench.enqueue(shop, 'bulk', i);
    }
    const enqueued = Date.now();
    // Two windows in, the backlog saturates the limit.
    await sleep(2 * WINDOW_MS);
    const loadDuringClicks = loadavg()[0]!;
    const clicks: { shop: string; id: string; at: number }[] = [];
    for (let i = 0; i < CLICKS; i += 1) {
      await sleep(1_000 + Math.random() * 1_000);
      const shop = clickShops[i % CLICK_SHOPS]!;
      const at = Date.now();
      const generation = await bench.enqueue(shop, 'interactive', 10_000 + i);
      clicks.push({ shop, id: generation.id, at });
    }
    const total = BULK_SHOPS * BULK_PER_SHOP + CLICKS;
    await until(
      'the line empty',
      async () => {
        const counts = await bench.pipeline.generations.countByStateAppWide();
        return counts.queued + counts.submitting === 0;
      },
      { deadlineMs: (total / LIMIT + 10) * WINDOW_MS * 2 },
    );

    const generations = new Map<string, Generation[]>();
    for (const shop of [...bulkShops, ...clickShops]) {
      generations.set(shop, await allGenerations(bench, shop));
    }
    const all = [...generations.values()].flat();
    const rateLimited = all.reduce(
      (sum, g) => sum + g.transitions.filter((t) => t.note === RATE_LIMITED_NOTE).length,
      0,
    );
    const sentAt = (g: Generation) => (g.submittedAt ? Date.parse(g.submittedAt) : NaN);

    // Arrivals as the service recorded them: what its limit is measured against.
    const arrivals: number[] = [];
    for (const shop of generations.keys()) {
      arrivals.push(...(await bench.jobs(shop)).map((job) => job.receivedAt));
    }
    arrivals.sort((a, b) => a - b);
    const reuse = arrivals.slice(LIMIT).map((t, i) => t - arrivals[i]!);
    const meanReuse = reuse.reduce((a, b) => a + b, 0) / reuse.length;
    let peak = 0;
    for (let i = 0, j = 0; i < arrivals.length; i += 1) {
      while (arrivals[i]! - arrivals[j]! >= WINDOW_MS) j += 1;
      peak = Math.max(peak, i - j + 1);
    }
    const spacing = arrivals.slice(1).map((t, i) => t - arrivals[i]!);

    const byId = new Map(all.map((g) => [g.id, g]));
    const waits = clicks.map((click) => sentAt(byId.get(click.id)!) - click.at);

    // Fairness while every shop has bulk work waiting: from the first bulk submission after all
    // were queued to the first shop's last.
    const bulk = all.filter((g) => g.priority === 'bulk').sort((a, b) => sentAt(a) - sentAt(b));
    const firstDone = Math.min(
      ...bulkShops.map((shop) =>
        Math.max(...bulk.filter((g) => g.shop === shop).map((g) => sentAt(g))),
      ),
    );
    const bulkOrder = bulk
      .filter((g) => sentAt(g) > enqueued && sentAt(g) <= firstDone)
      .map((g) => g.shop);
    let fewest = Infinity;
    let most = 0;
    let blocks = 0;
    for (let start = 0; start + BULK_SHOPS <= bulkOrder.length; start += BULK_SHOPS) {
      const perShop = new Map(bulkShops.map((shop) => [shop, 0]));
      for (const shop of bulkOrder.slice(start, start + BULK_SHOPS)) {
        perShop.set(shop, perShop.get(shop)! + 1);
      }
      fewest = Math.min(fewest, ...perShop.values());
      most = Math.max(most, ...perShop.values());
      blocks += 1;
    }

    console.log(
      JSON.stringify(
        {
          setup: `${LIMIT} per ${WINDOW_MS} ms (production: ${LIMIT} per 60000 ms); ${BULK_SHOPS} shops × ${BULK_PER_SHOP} bulk items; ${CLICKS} clicks from ${CLICK_SHOPS} shops, 1-2 s apart`,
          submitted: arrivals.length,
          utilisation: +(WINDOW_MS / meanReuse).toFixed(3),
          utilisationAtAMinute: +(60_000 / (60_000 + meanReuse - WINDOW_MS)).toFixed(4),
          slotReuseGapMs: {
            min: Math.min(...reuse),
            p50: quantile(reuse, 0.5),
            max: Math.max(...reuse),
          },
          peakInAnyWindow: peak,
          http429: rateLimited,
          clickWaitInWindows: {
            p50: windows(quantile(waits, 0.5)),
            p95: windows(quantile(waits, 0.95)),
            max: windows(Math.max(...waits)),
          },
          fairness: `${blocks} blocks of ${BULK_SHOPS} bulk submissions: each shop ${fewest}-${most} per block`,
          spacingMs: {
            p5: quantile(spacing, 0.05),
            p50: quantile(spacing, 0.5),
            max: Math.max(...spacing),
          },
          loadAverageDuringClicks: loadDuringClicks,
        },
        null,
        2,
      ),
    );
  } finally {
    await bench.stop();
  }
}

await run();
