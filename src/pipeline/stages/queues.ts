/**
 * The BullMQ queues: one per stage (submit, await, attach, verify) plus two of the receiving
 * side: `result` (a webhook delivered a job's result: process it now rather than at the next
 * poll) and `reconcile` (match results nobody claimed with uncertain submissions).
 *
 * Job ids are `<queue>.<generation id>` (BullMQ refuses ':' in custom ids; a job of the shop
 * rather than of one generation, `addForShop`, has `<queue>.<shop's opaque id>.<key>`), so an
 * enqueue while the same job is still waiting, delayed or running is a no-op: two webhooks, a
 * webhook and a poll, or a crashed worker's retry cannot start a stage twice at once. Finished jobs are
 * removed at once, so that a later legitimate run of the stage (approve after review) can reuse
 * the id; the generation's state, not the job's, tells a handler whether there is work to do.
 */
import type { ConnectionOptions, JobState, Queue } from 'bullmq';
import type { Logger } from '../../platform/logger.ts';
import { eraseShopJobs, type ShopTrace } from '../../platform/queues/erase-shop-jobs.ts';
import { openQueue } from '../../platform/queues/open-queue.ts';
import { shopRef } from '../../platform/queues/shop-ref.ts';
import { redisOptions, type Redis } from '../../platform/redis/connection.ts';
import type { PipelineConfig } from '../config.ts';
import { STAGE_NAMES, type StageName } from '../generations/generation.ts';
import type { EnqueueOptions, GenerationRef } from './stage.ts';

const INTERNAL_QUEUES = ['result', 'reconcile'] as const;
export type InternalQueueName = (typeof INTERNAL_QUEUES)[number];
export type QueueName = StageName | InternalQueueName;
export const QUEUE_NAMES: readonly QueueName[] = [...STAGE_NAMES, ...INTERNAL_QUEUES];

/** Every job's payload: ids only; handlers reload the state they need. */
export type JobData = GenerationRef;

export interface PipelineQueues {
  /** Adds the job `<queue>.<key>` unless it is already pending or running. */
  add(queue: QueueName, data: JobData, key: string, options?: EnqueueOptions): Promise<void>;
  /** Adds the job `<queue>.<shop's opaque id>.<key>` of the shop `data` names, likewise. */
  addForShop(queue: QueueName, data: JobData, key: string): Promise<void>;
  /** Removes the jobs `trace` names from every queue, and their events (shop/redact). */
  eraseShop(trace: ShopTrace): Promise<void>;
  /**
   * Runs the delayed job `<queue>.<key>` now; answers the state it found it in (`gone`: no such
   * job), `promoted` when it moved it.
   */
  promote(queue: QueueName, key: string): Promise<'promoted' | 'gone' | JobState | 'unknown'>;
  /** Whether a job is pending or running (for tests and the crash checks). */
  pending(queue: QueueName, key: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * BullMQ's connection options for a Redis URL: BullMQ makes its own connections, with the
 * platform's policy for blocking ones (they must wait across reconnects instead of failing).
 */
export function bullConnection(redisUrl: string): ConnectionOptions {
  const blocking = redisOptions('blocking');
  return {
    url: redisUrl,
    maxRetriesPerRequest: null,
    enableReadyCheck: blocking.enableReadyCheck,
    retryStrategy: blocking.retryStrategy ?? undefined,
  };
}

function jobIdFor(queue: QueueName, key: string): string {
  return `${queue}.${key}`;
}

export function createPipelineQueues(options: {
  connection: ConnectionOptions;
  prefix: string;
  config: PipelineConfig;
  logger: Logger;
  redis: Redis;
}): PipelineQueues {
  const { connection, prefix, config, logger, redis } = options;
  const queues = new Map<QueueName, Queue<JobData>>(
    QUEUE_NAMES.map((name) => {
      const queue = openQueue<JobData>(name, { connection, prefix });
      // Connection errors while Redis restarts: the enqueue that needed it fails and says so.
      queue.on('error', (error) =>
        logger.warn({ err: error, queue: name }, 'queue connection error'),
      );
      return [name, queue];
    }),
  );
  const queue = (name: QueueName) => queues.get(name)!;

  const pipelineQueues: PipelineQueues = {
    async add(name, data, key, addOptions = {}) {
      await queue(name).add(name, data, {
        jobId: jobIdFor(name, key),
        delay: Math.max(0, Math.round(addOptions.delayMs ?? 0)),
        attempts: config.stages.attempts,
        backoff: { type: 'exponential', delay: config.stages.backoffMs },
        removeOnComplete: true,
        removeOnFail: true,
      });
    },
    async addForShop(name, data, key) {
      await pipelineQueues.add(name, data, `${await shopRef(redis, data.shop)}.${key}`);
    },
    async eraseShop(trace) {
      for (const name of QUEUE_NAMES) await eraseShopJobs(redis, queue(name), trace);
    },
    async promote(name, key) {
      const job = await queue(name).getJob(jobIdFor(name, key));
      if (!job) return 'gone';
      try {
        await job.promote();
        return 'promoted';
      } catch {
        // Not delayed (any more): it runs, waits to run, or has ended.
        return job.getState();
      }
    },
    async pending(name, key) {
      const job = await queue(name).getJob(jobIdFor(name, key));
      if (!job) return false;
      const state = await job.getState();
      return state !== 'completed' && state !== 'failed' && state !== 'unknown';
    },
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
    },
  };
  return pipelineQueues;
}
