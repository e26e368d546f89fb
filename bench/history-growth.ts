/**
 * Benchmark: the pages the app home polls as a shop's history grows, and Redis memory per
 * generation (the goal: every polled page within 1.2× from 1k to 50k generations).
 *
 * The history is one bulk run's: for 1k, 10k and 50k generations (published or waiting for
 * review, charged, spread over 30 days) of which a tenth are queued in line, and the run still
 * reading its products, as a large run looks while the merchant watches it. For each page the
 * app home polls (web/frontend: useResource with a poll) prints its first answer (every cache
 * stepped past) and its cached answer (asked again at once), medians; then how many credit
 * computations 10 simultaneous uncached Overviews ran (single flight: 1), and Redis's MEMORY
 * USAGE of a sample of generations (record, history, index entries) against what the counters
 * add. Target: each page's 50k figure within 1.2× of its 1k figure.
 *
 *   node bench/history-growth.ts [sizes=1000,10000,50000]
 */
import os from 'node:os';
import { createOffsetClock } from '../src/platform/clock.ts';
import { pipelineConfig } from '../src/pipeline/index.ts';
import { generationKeys } from '../src/pipeline/generations/keys.ts';
import type { Generation } from '../src/pipeline/generations/generation.ts';
import { commandStats, commandsBetween, type CommandStats } from '../dev/redis-command-stats.ts';
import { startBenchServer } from './app-server.ts';
import { BENCH_SHOP, startAppStack } from './bulk-app-stack.ts';

const SIZES = (process.argv[2] ?? '1000,10000,50000').split(',').map(Number);
const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_STEP_MS = 60_000; // past the Overview's 15 s cache
const SAMPLES = 20;
const RUNS = 21;
/** A tenth of what each size adds is queued in line: 100, 1,100 and 5,100 at 1k, 10k and 50k. */
const QUEUED_SHARE = 0.1;

const clock = createOffsetClock();
const stack = await startAppStack({
  productCount: 5,
  overrides: { clock },
  // A line longer than the default cap of pending generations (500): the growth is measured
  // past it.
  pipelineConfig: pipelineConfig({ quotas: { pendingPerShop: 1_000_000 } }),
});
// The bench asks faster than any tab polls: the shop's /api budget is not what it measures.
stack.deps.config.rateLimits.api = { burst: 1_000_000, perMinute: 1_000_000 };
const bench = await startBenchServer(stack);
const store = stack.deps.pipeline.generations;
const redis = stack.deps.redis;

const run = await stack.deps.engines.bulkRuns.store.create({
  shop: BENCH_SHOP,
  title: 'Summer collection',
  target: { type: 'collection', collectionId: 'gid://shopify/Collection/1' },
  kind: 'photo',
  params: { model: 'nanobanana', prompt: 'On a marble counter, soft light', outputFormat: 'png' },
  imagesPerProduct: 1,
  options: 1,
  productCount: 100_000,
  creditsPerProduct: 5,
  estimatedCredits: 500_000,
  creditBudget: null,
  includeDone: true,
  plannedNoImage: 0,
  plannedAlreadyDone: 0,
  eachVariant: null,
  plannedVariantSets: null,
});

/** What the app home polls, as its pages ask (web/frontend/src/pages). */
const PAGES: Record<string, string> = {
  Overview: '/overview',
  'Bulk runs': '/bulk-runs',
  'Activity, all': '/generations?limit=25',
  'Activity, the run': `/generations?bulkRunId=${run.id}&limit=25`,
  'Activity, the run card': `/bulk-runs/${run.id}`,
  'Activity, flagged': `/generations?bulkRunId=${run.id}&state=in_review&fidelity=changed&limit=100`,
  'Activity, unclaimed': '/unclaimed-results',
  Campaigns: '/campaigns',
  'Settings, rules': '/rules',
  Settings: '/settings',
};

function newGeneration(shop: string, index: number) {
  const model = ['nanobanana', 'nanobanana2', 'kontext-pro'][index % 3]!;
  return {
    shop,
    kind: 'photo' as const,
    productId: `gid://shopify/Product/${index % 500}`,
    productTitle: `Product ${index % 500}`,
    productImageUrl: 'https://cdn.shopify.com/s/files/1/0000/0001/products/photo.jpg',
    sourceMediaIds: [`gid://shopify/MediaImage/${index}`],
    sourceImageUrls: [`https://cdn.shopify.com/s/files/1/0000/0001/products/photo-${index}.jpg`],
    params: { model, prompt: 'On a marble counter, soft light', outputFormat: 'png' as const },
    estimatedCredits: 5,
    priority: 'bulk' as const,
    bulkRunId: run.id,
  };
}

/**
 * One charged generation of the run, submitted `index % 30` days ago: published, or (one in four)
 * waiting for review with the product check's verdict.
 */
async function finishedGeneration(shop: string, index: number): Promise<Generation> {
  let generation = await store.create(newGeneration(shop, index));
  const submittedAt = new Date(clock.now() - (index % 30) * DAY_MS).toISOString();
  const last =
    index % 4 === 0
      ? ({ to: 'in_review', patch: { fidelity: fidelityOf(index) } } as const)
      : ({
          to: 'published',
          patch: {
            fileId: `gid://shopify/MediaImage/9${index}`,
            mediaId: `gid://shopify/MediaImage/9${index}`,
          },
        } as const);
  const steps = [
    { to: 'submitting', patch: { submittedAt } },
    { to: 'processing', patch: { chargedCredits: 5, productAiJobId: index + 1 } },
    { to: 'saving', patch: { resultUrl: `https://cdn.productai.photo/results/${index}.png` } },
    last,
  ] as const;
  for (const step of steps) {
    generation = await store.transition(shop, generation.id, {
      from: [generation.state],
      to: step.to,
      patch: step.patch,
    });
  }
  return generation;
}

function fidelityOf(index: number) {
  return {
    // Half of those in review changed: 113 at 1k, so the run's flagged page (100) is full at
    // every size.
    verdict: index % 8 === 0 ? ('changed' as const) : ('check_it' as const),
    findings: [],
    checks: {},
    region: null,
    version: 'bench',
  };
}

async function grow(shop: string, from: number, to: number): Promise<void> {
  const CONCURRENCY = 100;
  const queuedFrom = Math.round(to * (1 - QUEUED_SHARE));
  let next = from;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) {
        const index = next++;
        if (index < queuedFrom) await finishedGeneration(shop, index);
        else await stack.deps.pipeline.enqueueGeneration(newGeneration(shop, index));
      }
    }),
  );
  await stack.deps.engines.bulkRuns.store.recordPage(shop, run.id, {
    cursor: String(to),
    expanded: to - from,
    done: false,
  });
}

async function timed(path: string): Promise<number> {
  const started = performance.now();
  const { status } = await bench.api(BENCH_SHOP, 'GET', path);
  if (status !== 200) throw new Error(`GET /api${path} answered ${status}`);
  return performance.now() - started;
}

interface Figure {
  /** Wall ms, medians. */
  first: number;
  cached: number;
  /** Per first answer, means: this process's CPU ms (the web server's and the client's). */
  cpu: number;
  /** Redis commands, and Redis's µs in them (scripts counted by the commands they run). */
  commands: number;
  redisUs: number;
}

/**
 * Medians of the first answer (caches stepped past) and of the answer asked again at once; the
 * CPU and Redis work of the first answers, which the machine's other load does not move as it
 * moves wall times (the bench runs beside other work on 2 cores).
 */
async function measure(path: string): Promise<Figure> {
  const first: number[] = [];
  const cached: number[] = [];
  let cpu = 0;
  let commands = 0;
  let redisUs = 0;
  for (let i = 0; i < 3 + RUNS; i++) {
    clock.advance(CACHE_STEP_MS);
    const before = await commandStats(redis);
    const cpuBefore = process.cpuUsage();
    const uncached = await timed(path);
    const cpuUsed = process.cpuUsage(cpuBefore);
    const after = await commandStats(redis);
    const again = await timed(path);
    if (i < 3) continue; // warm up
    first.push(uncached);
    cached.push(again);
    cpu += (cpuUsed.user + cpuUsed.system) / 1000 / RUNS;
    commands += commandsBetween(before, after) / RUNS;
    redisUs += usecBetween(before, after) / RUNS;
  }
  return { first: median(first), cached: median(cached), cpu, commands, redisUs };
}

/** Redis's µs in commands between two readings, scripts' own entries left out (their µs are
 * their commands'). */
function usecBetween(before: CommandStats, after: CommandStats): number {
  let usec = 0;
  for (const [name, stat] of after) {
    if (!/^(eval|evalsha|fcall)/.test(name)) usec += stat.usec - (before.get(name)?.usec ?? 0);
  }
  return usec;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

try {
  await stack.deps.settings.saveApiKey(BENCH_SHOP, 'bench-productai-key');
  console.log(
    `Polled pages by the size of the shop's history (one bulk run's, ${QUEUED_SHARE * 100}% queued), medians of ${RUNS}, first / cached ms:`,
  );
  const figures = new Map<string, Figure[]>();
  let size = 0;
  for (const target of SIZES) {
    await grow(BENCH_SHOP, size, target);
    size = target;
    console.log(`  ${target.toLocaleString('en')} generations (load ${load()}):`);
    for (const [page, path] of Object.entries(PAGES)) {
      const figure = await measure(path);
      figures.set(page, [...(figures.get(page) ?? []), figure]);
      console.log(
        `    ${page.padEnd(24)} ${figure.first.toFixed(1).padStart(6)} / ${figure.cached.toFixed(1).padStart(6)} ms` +
          `   CPU ${figure.cpu.toFixed(2).padStart(5)} ms, Redis ${figure.commands.toFixed(0).padStart(4)} commands ${figure.redisUs.toFixed(0).padStart(5)} µs`,
      );
    }
  }
  console.log(
    `  ${SIZES.at(-1)!.toLocaleString('en')} ÷ ${SIZES[0]!.toLocaleString('en')}, first / cached wall, first's CPU, Redis commands and µs (target ≤ 1.2×; load ${load()}):`,
  );
  for (const [page, series] of figures) {
    const ratio = (pick: (figure: Figure) => number) =>
      `${(pick(series.at(-1)!) / pick(series[0]!)).toFixed(2)}×`;
    console.log(
      `    ${page.padEnd(24)} ${ratio((f) => f.first)} / ${ratio((f) => f.cached)}   ${ratio((f) => f.cpu)}, ${ratio((f) => f.commands)}, ${ratio((f) => f.redisUs)}`,
    );
  }

  // 10 simultaneous misses: count the credit computations (each reads the day counters once).
  let computations = 0;
  const creditsBySlot = store.creditsBySlot.bind(store);
  store.creditsBySlot = (shop, days) => {
    computations += 1;
    return creditsBySlot(shop, days);
  };
  clock.advance(CACHE_STEP_MS);
  await Promise.all(Array.from({ length: 10 }, () => bench.api(BENCH_SHOP, 'GET', '/overview')));
  console.log(
    `10 simultaneous uncached requests: ${computations} credit computation(s) (target 1)`,
  );

  // Memory: a sample of generations' record, history and index entries; the counters apart.
  const sample = (await store.list(BENCH_SHOP, {}, { limit: SAMPLES })).generations;
  let perGeneration = 0;
  for (const generation of sample) {
    perGeneration += Number(
      await redis.memory('USAGE', generationKeys.record(BENCH_SHOP, generation.id), 'SAMPLES', 0),
    );
    perGeneration += Number(
      await redis.memory(
        'USAGE',
        generationKeys.transitions(BENCH_SHOP, generation.id),
        'SAMPLES',
        0,
      ),
    );
  }
  perGeneration /= sample.length;
  const indexes = [
    generationKeys.all(BENCH_SHOP),
    generationKeys.byState(BENCH_SHOP, 'published'),
    generationKeys.retention(BENCH_SHOP),
  ];
  let indexBytes = 0;
  for (const key of indexes) indexBytes += Number(await redis.memory('USAGE', key, 'SAMPLES', 0));
  const perIndexEntry = indexBytes / size;
  let counterBytes = Number(
    await redis.memory('USAGE', generationKeys.stateCounts(BENCH_SHOP), 'SAMPLES', 0),
  );
  for (const key of await redis.keys(`${generationKeys.creditsDayPrefix(BENCH_SHOP)}*`)) {
    counterBytes += Number(await redis.memory('USAGE', key, 'SAMPLES', 0));
  }
  console.log(
    `Redis memory per generation: ${Math.round(perGeneration)} B record + history (mean of ${sample.length}), ` +
      `${Math.round(perIndexEntry)} B in the shop-wide indexes (all, state, retention; product index apart), ` +
      `≈ ${Math.round(perGeneration + perIndexEntry)} B in all; counters: ${counterBytes} B for the whole shop (constant)`,
  );
} finally {
  await bench.server.close();
  await stack.stop();
}
