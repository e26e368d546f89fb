/**
 * Runs the experiments' looks on time, across restarts and deploys, the campaigns' way
 * (campaign-runner.ts) with one job kind: the due set (experiment-store.ts) says when each
 * experiment next needs a worker (its daily look, or now for an end's steps), and a reconciler
 * in every worker process reads it against the app's Clock at start and every `reconcileMs` and
 * adds the due experiments' `look` jobs (`experiment.<shop's opaque id>.<id>.look`): the fixed
 * job id makes adding it again while it waits or runs a no-op, so many workers run one look. A
 * look that throws is retried with backoff; one given up is added again by the next pass, as the
 * experiment is still due. Running a look early or twice is harmless (experiment-steps.ts).
 */
import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { startReconcileLoop } from '../../platform/queues/reconcile-loop.ts';
import { openShopJobQueue } from '../../platform/queues/shop-job-queue.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import type { ExperimentStore } from './experiment-store.ts';
import { look, type StepDeps } from './experiment-steps.ts';

const QUEUE = 'experiments';

interface LookJob {
  shop: string;
  experimentId: string;
}

export interface ExperimentQueue {
  /** The experiment's look now (a no-op while one waits or runs). */
  runNow(shop: string, id: string): Promise<void>;
  /** Removes the shop's jobs and the events naming them (shop/redact). */
  eraseShop(shop: string): Promise<void>;
  close(): Promise<void>;
}

export function createExperimentQueue(options: {
  connection: ConnectionOptions;
  prefix: string;
  redis: Redis;
}): ExperimentQueue {
  const queue = openShopJobQueue<LookJob>(QUEUE, {
    ...options,
    attempts: 10,
    idPrefix: 'experiment',
  });
  return {
    runNow: (shop, id) =>
      queue.add(shop, `${id}.look`, { shop, experimentId: id }, { name: 'look' }),
    eraseShop: (shop) => queue.eraseShop(shop),
    close: () => queue.close(),
  };
}

export interface ExperimentWorker {
  /** Runs one reconciliation pass now (also what the timer does): how many looks it added. */
  reconcile(): Promise<number>;
  close(): Promise<void>;
}

export function startExperimentWorker(options: {
  connection: ConnectionOptions;
  prefix: string;
  deps: StepDeps;
  queue: ExperimentQueue;
  store: ExperimentStore;
  clock: Clock;
  logger: Logger;
  reconcileMs: number;
}): ExperimentWorker {
  const { store, queue, clock, logger } = options;
  const worker = new Worker<LookJob>(
    QUEUE,
    async (job: Job<LookJob>) => {
      await look(options.deps, job.data.shop, job.data.experimentId);
    },
    { connection: options.connection, prefix: options.prefix, concurrency: 2 },
  );
  worker.on('failed', (job, error) => {
    logger.warn({ err: error, job: job?.data }, 'experiment look failed');
  });

  async function reconcile(): Promise<number> {
    const due = await store.due(clock.now(), 500);
    for (const { shop, id } of due) await queue.runNow(shop, id);
    return due.length;
  }

  const loop = startReconcileLoop({
    pass: reconcile,
    everyMs: options.reconcileMs,
    logger,
    name: 'experiment reconciliation',
  });

  return {
    reconcile,
    async close() {
      await loop.stop();
      await worker.close();
    },
  };
}
