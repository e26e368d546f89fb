/**
 * Benchmark: Shopify Admin API cost points the app spends per published result.
 *
 * Photos (appended, then made featured) and upscales are generated end to end against both
 * emulators (the Shopify emulator computes Shopify's cost model on the real schema), with the
 * real attach and verify stages at their production timing, and Shopify's media processing at the
 * emulator's model of it (1.5 s: how many times verify asks for a file's status depends on it).
 * Every Admin GraphQL response is read on its way back and its `extensions.cost.actualQueryCost`
 * added up by operation. Reading the product to create the generation (intake) is counted apart
 * from publishing.
 *
 *   node bench/admin-cost-per-image.ts [photosPerMode=10]
 */
import { pipelineConfig } from '../src/pipeline/index.ts';
import { prepareGeneration } from '../src/pipeline/sources/new-generation.ts';
import type { GenerationKind } from '../src/app-api/contract.ts';
import { BENCH_SHOP, startAppStack } from './bulk-app-stack.ts';

const PER_MODE = Number(process.argv[2] ?? 10);
const API_KEY = 'bench-productai-key';
const INTAKE = new Set(['ProductImages']);

const costs = new Map<string, { calls: number; points: number }>();
const observe: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (!url.includes('/graphql.json') || typeof init?.body !== 'string') return response;
  const { operationName } = JSON.parse(init.body) as { operationName: string };
  const payload = (await response.clone().json()) as {
    extensions?: { cost?: { actualQueryCost?: number } };
  };
  const entry = costs.get(operationName) ?? { calls: 0, points: 0 };
  entry.calls += 1;
  entry.points += payload.extensions?.cost?.actualQueryCost ?? 0;
  costs.set(operationName, entry);
  return response;
};

const stack = await startAppStack({
  productCount: 40,
  productAi: { jobMs: 100, accounts: { [API_KEY]: 1_000_000 } },
  emulator: { mediaProcessingMs: 1_500 },
  overrides: { fetch: observe },
  pipelineConfig: pipelineConfig({
    namespace: 'bench-cost',
    limiter: { limit: 100, windowMs: 1_000 },
    polling: {
      firstPollMs: { photo: 150, upscale: 150, video: 150 },
      intervalMs: { photo: 100, upscale: 100, video: 100 },
      backoff: 1,
      maxIntervalMs: 100,
      deadlineMs: { photo: 30_000, upscale: 30_000, video: 60_000 },
    },
  }),
});
try {
  const { deps } = stack;
  const { pipeline } = deps;
  await deps.settings.saveApiKey(BENCH_SHOP, API_KEY);
  const workers = await pipeline.startWorkers();
  const { products } = (await (
    await fetch(`${stack.shopify.url}/__emulator/shops/${BENCH_SHOP}/products`)
  ).json()) as { products: { id: string; mediaCount: number }[] };
  const withImages = products.filter((product) => product.mediaCount > 0);

  async function runMode(label: string, kind: GenerationKind, position: 'append' | 'featured') {
    await deps.settings.update(BENCH_SHOP, { mediaPosition: position });
    costs.clear();
    const admin = deps.admin.forShop(BENCH_SHOP);
    const { defaults } = await deps.settings.get(BENCH_SHOP);
    const ids: string[] = [];
    for (let i = 0; i < PER_MODE; i += 1) {
      const product = withImages[i % withImages.length]!;
      const intake = await prepareGeneration(
        admin,
        BENCH_SHOP,
        defaults,
        {
          productId: product.id,
          kind,
          params: kind === 'photo' ? { model: 'nanobanana', prompt: `Scene ${i}` } : {},
          sourceMediaIds: [],
        },
        // The product's first image, read in the same intake query.
        { priority: 'interactive', firstImagesIfNoneChosen: true },
      );
      if (!intake.ok) throw new Error(JSON.stringify(intake.problems));
      ids.push((await pipeline.enqueueGeneration(intake.generation)).id);
    }
    const deadline = Date.now() + 120_000;
    for (const id of ids) {
      for (;;) {
        const generation = await pipeline.generations.get(BENCH_SHOP, id);
        if (generation?.state === 'published') break;
        if (generation?.state === 'failed' || Date.now() > deadline) {
          throw new Error(`generation ${id}: ${generation?.state} ${generation?.reason}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    let publish = 0;
    let intakePoints = 0;
    console.log(`\n${label}: ${ids.length} published`);
    for (const [operation, { calls, points }] of [...costs].sort(([a], [b]) =>
      a.localeCompare(b),
    )) {
      if (INTAKE.has(operation)) intakePoints += points;
      else publish += points;
      console.log(
        `  ${operation.padEnd(22)} ${String(calls).padStart(4)} calls ${String(points).padStart(6)} points  (${(points / ids.length).toFixed(1)} per result)`,
      );
    }
    console.log(
      `  => publishing: ${(publish / ids.length).toFixed(1)} points per result; with intake: ${((publish + intakePoints) / ids.length).toFixed(1)}`,
    );
  }

  await runMode('photos, appended', 'photo', 'append');
  await runMode('photos, made featured', 'photo', 'featured');
  await runMode('upscales, appended', 'upscale', 'append');
  await workers.stop();
  await pipeline.close();
} finally {
  await stack.stop();
}
