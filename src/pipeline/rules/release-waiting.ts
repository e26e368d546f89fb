/**
 * The next day's release of automatic work that waited for the daily cap: a BullMQ delayed job
 * per (shop, day), at the shop's midnight. Its id names the day, so scheduling it again (every
 * generation parked that day does) adds nothing. The handler reloads the paused generations and
 * admits them oldest first while today's cap covers them; a rerun after a crash finds those
 * already moved (`queued`, reserved) and goes on. What still does not fit waits for the next day.
 */
import { DelayedError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { eraseShopJobs, shopTrace } from '../../platform/queues/erase-shop-jobs.ts';
import { openQueue } from '../../platform/queues/open-queue.ts';
import { shopRef } from '../../platform/queues/shop-ref.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { StaleTransitionError } from '../generations/generation.ts';
import type { Pipeline } from '../index.ts';
import type { RulesDeps } from './new-product-rules.ts';
import { nextDayStart, shopDay } from './shop-day.ts';

const QUEUE = 'rules-release';

interface ReleaseJob {
  shop: string;
  /** The day the work was parked on; the job runs once that day is over. */
  day: string;
}

export interface ReleaseQueue {
  schedule(shop: string, day: string, atMs: number): Promise<void>;
  /** Removes the shop's release jobs and the events naming them (shop/redact). */
  eraseShop(shop: string): Promise<void>;
  close(): Promise<void>;
}

export function createReleaseQueue(options: {
  connection: ConnectionOptions;
  prefix: string;
  clock: Clock;
  redis: Redis;
}): ReleaseQueue {
  const { redis } = options;
  const queue = openQueue<ReleaseJob>(QUEUE, options);
  return {
    async schedule(shop, day, atMs) {
      // BullMQ refuses ':' in custom ids; opaque ids and days have none.
      await queue.add(
        'release',
        { shop, day },
        {
          jobId: `rules-release.${await shopRef(redis, shop)}.${day}`,
          delay: Math.max(0, atMs - options.clock.now()),
          attempts: 20,
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

/** Admits the shop's waiting automatic work on today's cap; answers how many went in line. */
export async function releaseWaiting(
  deps: RulesDeps & Pick<Pipeline, 'requeue'>,
  shop: string,
): Promise<number> {
  const timeZone = await deps.timeZone(shop);
  const now = deps.clock.now();
  const day = shopDay(now, timeZone);
  const cap = (await deps.rules.dailyCap(shop)) ?? 0;
  let released = 0;
  let after: string | undefined;
  for (;;) {
    const ids = await deps.generations.idsInState(shop, 'paused', 100, after);
    if (ids.length === 0) return released;
    after = ids.at(-1);
    for (const id of ids) {
      const generation = await deps.generations.get(shop, id);
      if (generation?.pausedBy !== 'daily-cap') continue;
      const credits = [{ id, credits: generation.estimatedCredits }];
      if (!(await deps.spend.reserve(shop, day, cap, credits)).admitted) {
        await deps.scheduleRelease(shop, day, nextDayStart(now, timeZone));
        return released;
      }
      try {
        await deps.requeue(shop, id, ['paused'], 'A new day for automatic photos');
        released += 1;
      } catch (error) {
        if (!(error instanceof StaleTransitionError)) throw error;
      }
    }
  }
}

export function startReleaseWorker(options: {
  connection: ConnectionOptions;
  prefix: string;
  deps: RulesDeps & Pick<Pipeline, 'requeue'>;
  clock: Clock;
  logger: Logger;
}): { close(): Promise<void> } {
  const { deps, logger } = options;
  const worker = new Worker<ReleaseJob>(
    QUEUE,
    async (job: Job<ReleaseJob>, token?: string) => {
      const { shop, day } = job.data;
      const timeZone = await deps.timeZone(shop);
      // Early on the clock the app runs on (a clock set apart from BullMQ's): wait for the day.
      if (shopDay(options.clock.now(), timeZone) <= day) {
        const wait = nextDayStart(options.clock.now(), timeZone) - options.clock.now();
        await job.moveToDelayed(Date.now() + Math.max(wait, 1_000), token);
        throw new DelayedError();
      }
      const released = await releaseWaiting(deps, shop);
      logger.info({ shop, day, released }, 'automatic work released for the new day');
    },
    { connection: options.connection, prefix: options.prefix, concurrency: 2 },
  );
  worker.on('failed', (job, error) => {
    logger.warn({ err: error, job: job?.data }, 'release of automatic work failed');
  });
  return { close: () => worker.close() };
}
