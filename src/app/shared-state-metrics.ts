/**
 * Gauges of the state every process shares, read from Redis at scrape time: the depth and the
 * oldest waiting job's age of each BullMQ queue (pipeline stages, bulk expansion, Shopify
 * webhooks; `failed` includes webhooks that exhausted their attempts: alert on it), the
 * generations of every shop by state (the counters the transition script keeps: one HGETALL),
 * how much of the shared ProductAI rate limit is in use, Redis's memory against maxmemory, and
 * the p75 of the app home's field Web Vitals (src/features/web-vitals/).
 */
import type { Queue } from 'bullmq';
import { openQueue } from '../platform/queues/open-queue.ts';
import { QUEUE_NAMES, appWideKeys } from '../pipeline/index.ts';
import { BULK_EXPAND_QUEUE } from '../features/bulk-runs/bulk-runner.ts';
import { memoryRatio, readRedisMemory } from '../platform/redis/memory.ts';
import type { App } from './create-app.ts';

const COUNTED_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;

async function oldestWaitingMs(queue: Queue): Promise<number | null> {
  const [oldest] = await queue.getJobs(['wait', 'prioritized'], 0, 0, true);
  return oldest ? oldest.timestamp : null;
}

/** Registers the gauges; returns what closes the read-only queue handles. */
export function observeSharedState(deps: App): () => Promise<void> {
  const { pipeline } = deps;
  const prefix = appWideKeys(pipeline.config.namespace).bullPrefix;
  const readOnly = [...QUEUE_NAMES, BULK_EXPAND_QUEUE].map((name) =>
    openQueue(name, { connection: deps.redis, prefix }),
  );
  const queues = [...readOnly, deps.webhookIntake.queue];
  const { metrics } = deps;

  metrics.gauge(
    'bullmq_queue_jobs',
    'Jobs in each BullMQ queue by state',
    ['queue', 'state'],
    async () =>
      (
        await Promise.all(
          queues.map(async (queue) => {
            const counts = await queue.getJobCounts(...COUNTED_STATES);
            return COUNTED_STATES.map((state) => ({
              labels: { queue: queue.name, state },
              value: counts[state] ?? 0,
            }));
          }),
        )
      ).flat(),
  );
  metrics.gauge(
    'bullmq_oldest_waiting_job_age_seconds',
    'Age of the oldest job waiting for a worker (0 when none waits)',
    ['queue'],
    async () =>
      Promise.all(
        queues.map(async (queue) => {
          const since = await oldestWaitingMs(queue);
          return {
            labels: { queue: queue.name },
            // BullMQ stamps jobs with the wall clock.
            value: since === null ? 0 : Math.max(0, Date.now() - since) / 1000,
          };
        }),
      ),
  );
  metrics.gauge('app_generations', 'Generations of every shop by state', ['state'], async () =>
    Object.entries(await pipeline.generations.countByStateAppWide()).map(([state, value]) => ({
      labels: { state },
      value,
    })),
  );
  metrics.gauge(
    'productai_rate_limit_utilisation_ratio',
    'Share of the shared ProductAI rate limit in use in the current window',
    [],
    async () => [
      { value: (await pipeline.internals.limiter.inUse()) / pipeline.config.limiter.limit },
    ],
  );
  // Redis refuses every shop's writes at maxmemory (noeviction): alert well before
  // (docs/operations.md, Quotas per shop). The ratio is 0 when no maxmemory is set.
  metrics.gauge(
    'redis_memory_used_ratio',
    'Redis used_memory divided by maxmemory (0 when maxmemory is not set)',
    [],
    async () => [{ value: memoryRatio(await readRedisMemory(deps.redis)) }],
  );
  metrics.gauge('redis_memory_used_bytes', 'Redis used_memory', [], async () => [
    { value: (await readRedisMemory(deps.redis)).usedBytes },
  ]);
  // Built for Shopify's thresholds at p75: LCP 2500 ms, CLS 0.1, INP 200 ms.
  metrics.gauge(
    'app_home_web_vital_p75',
    "p75 of the app home's field Web Vitals on the current UTC day (ms; CLS unitless)",
    ['page', 'metric'],
    async () =>
      (await deps.features.webVitals.p75Today()).map(({ page, metric, value }) => ({
        labels: { page, metric },
        value,
      })),
  );
  return async () => {
    await Promise.all(readOnly.map((queue) => queue.close()));
  };
}
