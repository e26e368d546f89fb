/**
 * Benchmark: what the app home's field Web Vitals cost the server (src/features/web-vitals/),
 * on a private Redis: the time to count one report (a page's batch of METRICS metrics, as the
 * app home sends it) p50/p95 and its Redis commands, the Redis memory of a full day (every
 * page and metric with reports in every bucket), and the time of the p75 read a /metrics scrape
 * makes. The histograms are fixed, so none of these grows with the reports counted.
 *
 *   node bench/web-vitals.ts [reports=20000] [metrics=3]
 */
import { performance } from 'node:perf_hooks';
import { startPrivateRedis } from '../dev/redis-server.ts';
import { APP_HOME_PAGES, WEB_VITAL_NAMES, type WebVitalName } from '../src/app-api/web-vitals.ts';
import { BUCKET_BOUNDS } from '../src/features/web-vitals/histogram.ts';
import { createWebVitalsService } from '../src/features/web-vitals/service.ts';
import { createWebVitalsStore } from '../src/features/web-vitals/store.ts';
import { systemClock } from '../src/platform/clock.ts';
import { closeRedis, connectRedis } from '../src/platform/redis/connection.ts';
import { quantile } from './pipeline-support.ts';

const reports = Number(process.argv[2] ?? 20_000);
const metricsPerReport = Number(process.argv[3] ?? 3);

/** A value spread over the metric's scale and a little past it, so every bucket fills. */
const valueOf = (metric: WebVitalName) => Math.random() * 1.1 * BUCKET_BOUNDS[metric].at(-1)!;

const server = await startPrivateRedis();
const redis = await connectRedis(server.url, { name: 'bench' });
const service = createWebVitalsService({
  store: createWebVitalsStore(redis, 'bench'),
  clock: systemClock,
});
const commandsBefore = Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))![1]);
const times: number[] = [];
for (let n = 0; n < reports; n += 1) {
  const page = APP_HOME_PAGES[n % APP_HOME_PAGES.length]!;
  const metrics = Array.from({ length: metricsPerReport }, (_, i) => {
    const name = WEB_VITAL_NAMES[(n + i) % WEB_VITAL_NAMES.length]!;
    return { name, value: valueOf(name) };
  });
  const start = performance.now();
  await service.record({ page, metrics });
  times.push(performance.now() - start);
}
const commandsAfter = Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))![1]);

const keys = await redis.keys('*web-vitals*');
let bytes = 0;
for (const key of keys) bytes += Number(await redis.memory('USAGE', key));
const reads: number[] = [];
for (let n = 0; n < 20; n += 1) {
  const start = performance.now();
  await service.p75Today();
  reads.push(performance.now() - start);
}

const ms = (value: number) => value.toFixed(3);
console.log(`${reports} reports of ${metricsPerReport} metrics`);
console.log(`per report: p50 ${ms(quantile(times, 0.5))} ms, p95 ${ms(quantile(times, 0.95))} ms`);
console.log(
  `Redis commands per report: ${((commandsAfter - commandsBefore) / reports).toFixed(2)}`,
);
console.log(`a day: ${keys.length} hashes, ${(bytes / 1024).toFixed(1)} KB`);
console.log(`p75 read (a scrape): p50 ${ms(quantile(reads, 0.5))} ms`);
const first = (await service.p75Today()).slice(0, 5);
console.log(
  `p75 today, ${first[0]!.page}: ${first.map((p) => `${p.metric} ${p.value}`).join(', ')}`,
);
await closeRedis(redis);
await server.stop();
