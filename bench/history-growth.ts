/**
 * Benchmark: GET /api/overview as a shop's history grows, and Redis memory per generation.
 *
 * For 1k, 10k and 50k generations in the shop's history (published, charged, spread over 30
 * days), prints the uncached Overview's latency (the cache's TTL is stepped past before each
 * request), then how many credit computations 10 simultaneous uncached requests ran (single
 * flight: 1), and Redis's MEMORY USAGE of a sample of generations (record, history, index entries)
 * against what the counters add. Target: the 50k figure within 1.5× of the 1k figure.
 *
 *   node bench/overview-history.ts [sizes=1000,10000,50000]
 */
import { createOffsetClock } from '../src/platform/clock.ts';
import { generationKeys } from '../src/pipeline/generations/keys.ts';
import type { Generation } from '../src/pipeline/generations/generation.ts';
import { startBenchServer } from './app-server.ts';
import { BENCH_SHOP, startAppStack } from './bulk-app-stack.ts';

const SIZES = (process.argv[2] ?? '1000,10000,50000').split(',').map(Number);
const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_STEP_MS = 60_000; // past the Overview's 15 s cache
const SAMPLES = 20;

const clock = createOffsetClock();
const stack = await startAppStack({ productCount: 5, overrides: { clock } });
const bench = await startBenchServer(stack);
const store = stack.deps.pipeline.generations;
const redis = stack.deps.redis;

/** One published, charged generation, submitted `daysAgo` days ago. */
async function publishedGeneration(shop: string, index: number): Promise<Generation> {
  const model = ['nanobanana', 'nanobanana2', 'kontext-pro'][index % 3]!;
  let generation = await store.create({
    shop,
    kind: 'photo',
    productId: `gid://shopify/Product/${index % 500}`,
    productTitle: `Product ${index % 500}`,
    productImageUrl: 'https://cdn.shopify.com/s/files/1/0000/0001/products/photo.jpg',
    sourceMediaIds: [`gid://shopify/MediaImage/${index}`],
    sourceImageUrls: [`https://cdn.shopify.com/s/files/1/0000/0001/products/photo-${index}.jpg`],
    params: { model, prompt: 'On a marble counter, soft light', outputFormat: 'png' },
    estimatedCredits: 5,
    priority: 'interactive',
  });
  const submittedAt = new Date(clock.now() - (index % 30) * DAY_MS).toISOString();
  const steps = [
    { to: 'submitting', patch: { submittedAt } },
    { to: 'processing', patch: { chargedCredits: 5, productAiJobId: index + 1 } },
    { to: 'saving', patch: { resultUrl: `https://cdn.productai.photo/results/${index}.png` } },
    {
      to: 'published',
      patch: {
        fileId: `gid://shopify/MediaImage/9${index}`,
        mediaId: `gid://shopify/MediaImage/9${index}`,
      },
    },
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

async function grow(shop: string, from: number, to: number): Promise<void> {
  const CONCURRENCY = 100;
  let next = from;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) await publishedGeneration(shop, next++);
    }),
  );
}

async function uncachedOverview(shop: string): Promise<number> {
  clock.advance(CACHE_STEP_MS);
  const started = performance.now();
  const { status } = await bench.api(shop, 'GET', '/overview');
  if (status !== 200) throw new Error(`GET /api/overview answered ${status}`);
  return performance.now() - started;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await stack.deps.settings.saveApiKey(BENCH_SHOP, 'bench-productai-key');
  console.log('GET /api/overview, uncached, by the size of the shop’s history:');
  const figures: number[] = [];
  let size = 0;
  for (const target of SIZES) {
    await grow(BENCH_SHOP, size, target);
    size = target;
    for (let i = 0; i < 3; i++) await uncachedOverview(BENCH_SHOP); // warm up
    const runs: number[] = [];
    for (let i = 0; i < 15; i++) runs.push(await uncachedOverview(BENCH_SHOP));
    figures.push(median(runs));
    console.log(
      `  ${target.toLocaleString('en')} generations: median ${median(runs).toFixed(1)} ms over 15 requests`,
    );
  }
  console.log(
    `  ${SIZES.at(-1)!.toLocaleString('en')} ÷ ${SIZES[0]!.toLocaleString('en')}: ${(figures.at(-1)! / figures[0]!).toFixed(2)}× (target ≤ 1.5×)`,
  );

  // 10 simultaneous misses: count the credit computations (each reads the day counters once).
  let computations = 0;
  const creditsByDay = store.creditsByDay.bind(store);
  store.creditsByDay = (shop, days) => {
    computations += 1;
    return creditsByDay(shop, days);
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
