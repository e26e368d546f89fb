/**
 * Review batches (review-batches.ts) as BullMQ jobs run by the worker processes: one job per
 * batch (`review-batch.<shop's opaque id>.<batch id>`), carrying only the shop and batch id. A
 * worker killed mid-batch stops renewing the job's lock; after the pipeline's `lockMs` another
 * worker takes the job over (stalled-job recovery) and handles the items not counted yet.
 */
import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from '../../platform/logger.ts';
import { openShopJobQueue } from '../../platform/queues/shop-job-queue.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import type { PipelineConfig } from '../config.ts';
import type { ReviewBatches } from './review-batches.ts';

const QUEUE = 'review-batch';

interface ReviewBatchJob {
  shop: string;
  batchId: string;
}

interface QueueOptions {
  connection: ConnectionOptions;
  prefix: string;
}

export interface ReviewBatchQueue {
  add(shop: string, batchId: string): Promise<void>;
  /** Removes the shop's batch jobs and the events naming them (shop/redact). */
  eraseShop(shop: string): Promise<void>;
  close(): Promise<void>;
}

export function createReviewBatchQueue(options: QueueOptions & { redis: Redis }): ReviewBatchQueue {
  // A throw is Redis or a bug, not an item (items count their own failures): 5 tries.
  const queue = openShopJobQueue<ReviewBatchJob>(QUEUE, { ...options, attempts: 5 });
  return {
    add: (shop, batchId) => queue.add(shop, batchId, { shop, batchId }),
    eraseShop: (shop) => queue.eraseShop(shop),
    close: () => queue.close(),
  };
}

export function startReviewBatchWorker(
  options: QueueOptions & {
    batches: Pick<ReviewBatches, 'run'>;
    stages: Pick<PipelineConfig['stages'], 'lockMs' | 'stalledCheckMs'>;
    logger: Logger;
  },
): { close(): Promise<void> } {
  const worker = new Worker<ReviewBatchJob>(
    QUEUE,
    (job: Job<ReviewBatchJob>) => options.batches.run(job.data.shop, job.data.batchId),
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: 2,
      lockDuration: options.stages.lockMs,
      stalledInterval: options.stages.stalledCheckMs,
      // Items are counted once, so a batch may be recovered from several crashes.
      maxStalledCount: 10,
    },
  );
  worker.on('failed', (job, error) => {
    options.logger.warn({ err: error, job: job?.data }, 'review batch failed');
  });
  worker.on('error', (error) => options.logger.error({ err: error }, 'review batch worker error'));
  return { close: () => worker.close() };
}
