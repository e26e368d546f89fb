/**
 * Review batches (review-batches.ts) as BullMQ jobs run by the worker processes: one job per
 * batch (`review-batch.<shop's opaque id>.<batch id>`), carrying only the shop and batch id. A
 * worker killed mid-batch stops renewing the job's lock; after the pipeline's `lockMs` another
 * worker takes the job over (stalled-job recovery) and handles the items not counted yet.
 */
import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from '../../platform/logger.ts';
import { eraseShopJobs, shopTrace } from '../../platform/queues/erase-shop-jobs.ts';
import { openQueue } from '../../platform/queues/open-queue.ts';
import { shopRef } from '../../platform/queues/shop-ref.ts';
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
  const { redis } = options;
  const queue = openQueue<ReviewBatchJob>(QUEUE, options);
  return {
    async add(shop, batchId) {
      await queue.add(
        QUEUE,
        { shop, batchId },
        {
          // BullMQ refuses ':' in custom ids; opaque ids and batch ids have none.
          jobId: `${QUEUE}.${await shopRef(redis, shop)}.${batchId}`,
          // A throw is Redis or a bug, not an item (items count their own failures).
          attempts: 5,
          backoff: { type: 'exponential', delay: 2_000 },
          removeOnComplete: true,
          removeOnFail: true,
        },
      );
    },
    async eraseShop(shop) {
      await eraseShopJobs(redis, queue, await shopTrace(redis, shop));
    },
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
