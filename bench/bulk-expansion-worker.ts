/**
 * The worker process of bench/bulk-expansion-memory.ts: joins the app through its environment,
 * runs the bulk-run expansion worker, and prints one JSON line of its own memory and the run's
 * progress every SAMPLE_MS until the run is fully expanded.
 */
import { createLogger } from '../src/platform/logger.ts';
import { createApp, loadAppConfig } from '../src/app/index.ts';

const SAMPLE_MS = 250;
const { BENCH_SHOP, BENCH_RUN_ID, BENCH_PAGE_SIZE } = process.env;
if (!BENCH_SHOP || !BENCH_RUN_ID || !BENCH_PAGE_SIZE)
  throw new Error('run from bulk-expansion-memory.ts');

const deps = await createApp(loadAppConfig(process.env), {
  logger: createLogger({ level: 'silent' }),
});
const bulk = deps.engines.bulkRuns;
const started = Date.now();
const worker = bulk.startWorker({
  // An unlimited window: nothing is submitted in this benchmark, so the whole run expands.
  limits: { pageSize: Number(BENCH_PAGE_SIZE), window: Number.MAX_SAFE_INTEGER },
  recheckMs: 100,
});

for (;;) {
  const run = await bulk.store.get(BENCH_SHOP, BENCH_RUN_ID);
  // Collect first (the worker runs with --expose-gc): what is left is what the worker retains.
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  console.log(
    JSON.stringify({ ms: Date.now() - started, rss, heapUsed, expanded: run?.expandedCount ?? 0 }),
  );
  if (run?.expansionDone) break;
  await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
}
await worker.close();
await deps.close();
