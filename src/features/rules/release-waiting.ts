/**
 * The next day's release of automatic work that waited for the daily cap: a BullMQ delayed job
 * per (shop, day), at the shop's midnight. Its id names the day, so scheduling it again (every
 * generation parked that day does) adds nothing. The handler admits the cap's waiting line
 * (cap-line.ts) oldest first while today's cap covers it; a rerun after a crash finds those
 * already moved (`queued`, reserved) and goes on. What still does not fit waits for the next day.
 * A new product or a raised cap releases the line too, so this job is the latest it moves.
 */
import { DelayedError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { openShopJobQueue } from '../../platform/queues/shop-job-queue.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { lineUpPausedByCap, releaseWaiting } from './cap-line.ts';
import type { RulesDeps } from './rules-deps.ts';
import { nextDayStart, shopDay } from '../../app-api/shop-day.ts';

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
  const queue = openShopJobQueue<ReleaseJob>(QUEUE, { ...options, attempts: 20 });
  return {
    schedule: (shop, day, atMs) =>
      queue.add(shop, day, { shop, day }, { name: 'release', delayMs: atMs - options.clock.now() }),
    eraseShop: (shop) => queue.eraseShop(shop),
    close: () => queue.close(),
  };
}

export function startReleaseWorker(options: {
  connection: ConnectionOptions;
  prefix: string;
  deps: RulesDeps;
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
      await lineUpPausedByCap(deps, shop);
      const { released } = await releaseWaiting(deps, shop, 'A new day for automatic photos');
      logger.info({ shop, day, released }, 'automatic work released for the new day');
    },
    { connection: options.connection, prefix: options.prefix, concurrency: 2 },
  );
  worker.on('failed', (job, error) => {
    logger.warn({ err: error, job: job?.data }, 'release of automatic work failed');
  });
  return { close: () => worker.close() };
}
