/**
 * Benchmark: the memory of a worker process while it expands a 10,000-product bulk run.
 *
 * The Shopify emulator holds 30,000 products, 10,000 of them in the collection "Home"; a bulk
 * run over it is started through the bulk service, and a separate worker process (so that the
 * emulators' memory is not counted) expands it page by page with an unlimited window (nothing is
 * submitted here, so every product becomes a waiting or, without an image, a failed generation).
 * Target: RSS flat while the run grows, under 250 MB.
 *
 *   node bench/bulk-expansion-memory.ts [pageSize=50]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BENCH_SHOP, startAppStack } from './bulk-app-stack.ts';

const PAGE_SIZE = Number(process.argv[2] ?? 50);
const MB = 1024 * 1024;

const stack = await startAppStack({ productCount: 30_000 });
try {
  const { products } = (await (
    await fetch(`${stack.shopify.url}/__emulator/shops/${BENCH_SHOP}/products`)
  ).json()) as { products: { collections: { id: string; title: string }[] }[] };
  const home = products.flatMap((product) => product.collections).find((c) => c.title === 'Home')!;

  const bulk = stack.deps.engines.bulkRuns;
  const { defaults } = await stack.deps.settings.get(BENCH_SHOP);
  const run = await bulk.runs.start(
    BENCH_SHOP,
    {
      target: { type: 'collection', collectionId: home.id },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'Catalogue shot on white',
    },
    defaults,
  );
  console.log(
    `bulk run over "${home.title}": ${run.productCount} products, page size ${PAGE_SIZE}`,
  );

  const child = spawn(
    process.execPath,
    ['--expose-gc', fileURLToPath(new URL('./bulk-expansion-worker.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        ...stack.env,
        BENCH_SHOP,
        BENCH_RUN_ID: run.id,
        BENCH_PAGE_SIZE: String(PAGE_SIZE),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const samples: { ms: number; rss: number; heapUsed: number; expanded: number }[] = [];
  for await (const line of createInterface({ input: child.stdout })) samples.push(JSON.parse(line));
  const code: number = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`worker exited with ${code}`);

  const last = samples[samples.length - 1]!;
  const at = (fraction: number) =>
    samples.find((sample) => sample.expanded >= fraction * last.expanded) ?? last;
  const peak = Math.max(...samples.map((sample) => sample.rss));
  console.log('\nexpanded   worker RSS   heap used');
  for (const fraction of [0.1, 0.25, 0.5, 0.75, 1]) {
    const sample = at(fraction);
    console.log(
      `${String(sample.expanded).padStart(8)}   ${(sample.rss / MB).toFixed(1).padStart(7)} MB   ${(sample.heapUsed / MB).toFixed(1).padStart(6)} MB`,
    );
  }
  const growth = (at(1).rss - at(0.1).rss) / MB;
  console.log(
    `\npeak RSS ${(peak / MB).toFixed(1)} MB (target < 250 MB); RSS change from 10% to 100%: ${growth.toFixed(1)} MB`,
  );
  console.log(
    `${last.expanded} products expanded in ${(last.ms / 1000).toFixed(1)} s (${Math.round((last.expanded / last.ms) * 1000)} products/s)`,
  );
  const counts = await bulk.runs.view((await bulk.store.get(BENCH_SHOP, run.id))!);
  console.log(
    `generations: ${counts.counts.queued} waiting, ${counts.counts.failed} skipped (no image)`,
  );
} finally {
  await stack.stop();
}
