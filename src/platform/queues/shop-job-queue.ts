/**
 * A queue of jobs that each belong to one shop: the shape bulk runs, review batches, rule
 * releases and campaign phases share. A job's id names its shop by the shop's opaque id
 * (`<idPrefix>.<shop ref>.<key>`: never the domain, and BullMQ refuses ':' in custom ids, which
 * opaque ids and our keys do not hold), so adding the same job twice while it waits adds it
 * once; a throw is retried with exponential backoff from 2 s; nothing is kept once it is done;
 * shop/redact removes the shop's jobs and the events naming them.
 */
import type { ConnectionOptions, Job } from 'bullmq';
import type { Redis } from '../redis/connection.ts';
import { eraseShopJobs, shopTrace } from './erase-shop-jobs.ts';
import { openQueue } from './open-queue.ts';
import { shopRef } from './shop-ref.ts';

export interface ShopJobQueue<T> {
  /**
   * Adds the shop's job `key` (named `name`, the queue's name by default), `delayMs` from now;
   * a no-op while a job with that key waits, is delayed or runs.
   */
  add(
    shop: string,
    key: string,
    data: T,
    options?: { name?: string; delayMs?: number },
  ): Promise<void>;
  /** The shop's job `key`, while BullMQ holds it. */
  get(shop: string, key: string): Promise<Job<T> | undefined>;
  /** Removes the shop's jobs and the events naming them (shop/redact). */
  eraseShop(shop: string): Promise<void>;
  close(): Promise<void>;
}

export interface ShopJobQueueOptions {
  connection: ConnectionOptions;
  prefix: string;
  redis: Redis;
  /** Tries before a job fails for good. */
  attempts: number;
  /** What job ids start with: the queue's name unless ids were named otherwise before. */
  idPrefix?: string;
}

export function openShopJobQueue<T>(name: string, options: ShopJobQueueOptions): ShopJobQueue<T> {
  const { redis, attempts, idPrefix = name } = options;
  // Typed by the job, so BullMQ's types resolve the data and name of a generic T.
  const queue = openQueue<Job<T, unknown, string>>(name, options);
  const jobId = async (shop: string, key: string) =>
    `${idPrefix}.${await shopRef(redis, shop)}.${key}`;
  return {
    async add(shop, key, data, { name: jobName = name, delayMs = 0 } = {}) {
      await queue.add(jobName, data, {
        jobId: await jobId(shop, key),
        delay: Math.max(0, delayMs),
        attempts,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: true,
        removeOnFail: true,
      });
    },
    async get(shop, key) {
      return (await queue.getJob(await jobId(shop, key))) ?? undefined;
    },
    async eraseShop(shop) {
      await eraseShopJobs(redis, queue, await shopTrace(redis, shop));
    },
    close: () => queue.close(),
  };
}
