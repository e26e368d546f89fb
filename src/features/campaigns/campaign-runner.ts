/**
 * Runs the campaigns' phases on time, across restarts and deploys:
 *  - each phase is a BullMQ delayed job (`campaign.<shop's opaque id>.<id>.<phase>`): the fixed
 *    job id makes scheduling idempotent (adding it again while it waits is a no-op), and Redis
 *    keeps it through restarts;
 *  - a reconciler in every worker process reads the due set (campaign-store.ts) against the
 *    app's Clock at start and every `reconcileMs`, and runs what is due now: a start that
 *    passed while no worker was up, a sweep a killed worker left half done, or a delayed job
 *    lost with a flushed queue. Running a phase early is harmless (its handler checks the
 *    time), running it twice too (its handler checks the states).
 * Delays are computed from the Clock, so tests that move the clock see the reconciler act.
 */
import { DelayedError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { startReconcileLoop } from '../../platform/queues/reconcile-loop.ts';
import { openShopJobQueue } from '../../platform/queues/shop-job-queue.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import type { CampaignStore } from './campaign-store.ts';
import {
  CAMPAIGN_PHASES,
  pendingPhase,
  type CampaignPhase,
  type PhaseDeps,
} from './campaign-phases.ts';

const QUEUE = 'campaigns';

interface PhaseJob {
  shop: string;
  campaignId: string;
}

export interface CampaignQueue {
  /** The phase's job, delayed until `atMs` on the clock (no-op when it already waits). */
  schedule(shop: string, id: string, phase: CampaignPhase, atMs: number): Promise<void>;
  /** The phase's job now: a waiting delayed job is promoted, a missing one added. */
  runNow(shop: string, id: string, phase: CampaignPhase): Promise<void>;
  /** Removes the shop's phase jobs and the events naming them (shop/redact). */
  eraseShop(shop: string): Promise<void>;
  close(): Promise<void>;
}

export function createCampaignQueue(options: {
  connection: ConnectionOptions;
  prefix: string;
  clock: Clock;
  redis: Redis;
}): CampaignQueue {
  const queue = openShopJobQueue<PhaseJob>(QUEUE, {
    ...options,
    attempts: 20,
    idPrefix: 'campaign',
  });
  // The phase is the job's name: the worker runs the phase's handler.
  const add = (shop: string, id: string, phase: CampaignPhase, delayMs: number) =>
    queue.add(shop, `${id}.${phase}`, { shop, campaignId: id }, { name: phase, delayMs });
  return {
    async schedule(shop, id, phase, atMs) {
      await add(shop, id, phase, atMs - options.clock.now());
    },
    async runNow(shop, id, phase) {
      const job = await queue.get(shop, `${id}.${phase}`);
      if (!job) {
        await add(shop, id, phase, 0);
        return;
      }
      // Waiting or active already: it will run. Delayed: run it now (it may have moved on).
      if (await job.isDelayed()) await job.promote().catch(() => undefined);
    },
    eraseShop: (shop) => queue.eraseShop(shop),
    close: () => queue.close(),
  };
}

export interface CampaignWorkerOptions {
  connection: ConnectionOptions;
  prefix: string;
  deps: PhaseDeps;
  queue: CampaignQueue;
  campaigns: CampaignStore;
  clock: Clock;
  logger: Logger;
  /** How often the reconciler looks for due campaigns (also once at start). */
  reconcileMs: number;
}

export interface CampaignWorker {
  /** Runs one reconciliation pass now (also what the timer does). */
  reconcile(): Promise<number>;
  close(): Promise<void>;
}

export function startCampaignWorker(options: CampaignWorkerOptions): CampaignWorker {
  const { campaigns, queue, clock, logger } = options;
  const worker = new Worker<PhaseJob>(
    QUEUE,
    async (job: Job<PhaseJob>, token?: string) => {
      const phase = job.name as CampaignPhase;
      const handler = CAMPAIGN_PHASES[phase];
      if (!handler) throw new Error(`No handler for campaign phase ${job.name}`);
      const outcome = await handler(options.deps, job.data.shop, job.data.campaignId);
      if (outcome.status === 'later') {
        await job.moveToDelayed(Date.now() + outcome.delayMs, token);
        throw new DelayedError();
      }
    },
    { connection: options.connection, prefix: options.prefix, concurrency: 2 },
  );
  worker.on('failed', (job, error) => {
    logger.warn({ err: error, job: job?.data, phase: job?.name }, 'campaign phase failed');
  });

  async function reconcile(): Promise<number> {
    let started = 0;
    for (const { shop, id } of await campaigns.due(clock.now(), 500)) {
      const campaign = await campaigns.get(shop, id);
      const phase = campaign ? pendingPhase(campaign) : null;
      if (!phase) continue;
      await queue.runNow(shop, id, phase);
      started += 1;
    }
    return started;
  }

  const loop = startReconcileLoop({
    pass: reconcile,
    everyMs: options.reconcileMs,
    logger,
    name: 'campaign reconciliation',
  });

  return {
    reconcile,
    async close() {
      await loop.stop();
      await worker.close();
    },
  };
}
