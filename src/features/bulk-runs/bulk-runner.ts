/**
 * Drives bulk-run expansion in the worker processes: one BullMQ job per running run
 * (`bulk-expand.<shop's opaque id>.<run id>`), which expands pages while there are pages and
 * room in the run's window, then parks itself as delayed (`moveToDelayed`) to look again later; it ends when
 * the run is paused, cancelled or fully expanded. Resuming a run adds the job again.
 * A crashed worker's job is picked up by another (BullMQ stalled-job recovery); the page it was
 * on is processed again, which the per-product claims make harmless.
 */
import { DelayedError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { openShopJobQueue } from '../../platform/queues/shop-job-queue.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import {
  DEFAULT_EXPANSION_LIMITS,
  expandNextPage,
  type BulkDeps,
  type ExpansionLimits,
} from './expand-run.ts';

export const BULK_EXPAND_QUEUE = 'bulk-expand';

interface ExpandJob {
  shop: string;
  runId: string;
}

export interface BulkQueue {
  /** Starts expanding a run (no-op while its job is already pending or running). */
  start(shop: string, runId: string): Promise<void>;
  /** Removes the shop's expansion jobs and the events naming them (shop/redact). */
  eraseShop(shop: string): Promise<void>;
  close(): Promise<void>;
}

export function createBulkQueue(options: {
  connection: ConnectionOptions;
  prefix: string;
  redis: Redis;
}): BulkQueue {
  const queue = openShopJobQueue<ExpandJob>(BULK_EXPAND_QUEUE, { ...options, attempts: 10 });
  return {
    start: (shop, runId) => queue.add(shop, runId, { shop, runId }),
    eraseShop: (shop) => queue.eraseShop(shop),
    close: () => queue.close(),
  };
}

export interface BulkWorkerOptions {
  connection: ConnectionOptions;
  prefix: string;
  deps: BulkDeps;
  limits?: ExpansionLimits;
  /** How long a run with a full window waits before looking again. */
  recheckMs?: number;
  concurrency?: number;
}

export interface BulkWorker {
  close(): Promise<void>;
}

export function startBulkWorker(options: BulkWorkerOptions): BulkWorker {
  const limits = options.limits ?? DEFAULT_EXPANSION_LIMITS;
  const recheckMs = options.recheckMs ?? 5_000;
  const worker = new Worker<ExpandJob>(
    BULK_EXPAND_QUEUE,
    async (job: Job<ExpandJob>, token?: string) => {
      const { shop, runId } = job.data;
      for (;;) {
        const step = await expandNextPage(shop, runId, options.deps, limits);
        if (step === 'finished') return;
        if (step === 'window_full') {
          await job.moveToDelayed(Date.now() + recheckMs, token);
          throw new DelayedError();
        }
      }
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency ?? 2,
    },
  );
  worker.on('failed', (job, error) => {
    options.deps.logger.warn({ err: error, job: job?.data }, 'bulk expansion step failed');
  });
  return { close: () => worker.close() };
}
