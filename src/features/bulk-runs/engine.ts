/**
 * The bulk runs' engine, assembled for the app: the runs and their store for
 * src/features/bulk-runs/service.ts, and the worker that expands runs (started wherever the pipeline's
 * workers run).
 *
 *   const bulk = app.engines.bulkRuns;           // built once by src/app/create-app.ts
 *   await bulk.runs.start(shop, request, defaults);
 *   const worker = bulk.startWorker();   // worker processes, tests, the demo
 */
import {
  type PipelineHost,
  type Pipeline,
  appWideKeys,
  type TryGate,
  bullConnection,
  type ExpiryPorts,
} from '../../pipeline/index.ts';
import { createBulkQueue, startBulkWorker, type BulkWorker } from './bulk-runner.ts';
import { BulkRunStateError } from './bulk-run.ts';
import { createBulkRunStore, type BulkRunStore } from './bulk-run-store.ts';
import { createBulkRuns, type BulkRuns } from './bulk-runs.ts';
import { DEFAULT_EXPANSION_LIMITS, type BulkDeps, type ExpansionLimits } from './expand-run.ts';
import { expirePausedRuns, expireWithRun, startPausedRunExpiry } from './paused-expiry.ts';
import type { Clock } from '../../platform/clock.ts';

export { BulkRequestError, type BulkRuns } from './bulk-runs.ts';
export { BulkRunNotFoundError, BulkRunStateError, type BulkRun } from './bulk-run.ts';
export type { ExpansionLimits } from './expand-run.ts';

export interface BulkRunEngine {
  runs: BulkRuns;
  store: BulkRunStore;
  /** Counts a changed result's next try on its run's budget (publish/fidelity-retry.ts). */
  tryGate: TryGate;
  /** A generation its run paused is due to expire: the run expires with it (paused-expiry.ts). */
  expireWithRun: NonNullable<ExpiryPorts['expireWithRun']>;
  /**
   * One pass over the paused runs due to expire at `clock`'s now (the worker runs one every
   * `expiry.sweepEveryMs`); how many it looked at.
   */
  expirePausedRuns(clock?: Clock): Promise<number>;
  /** Expands running bulk runs in this process. */
  startWorker(options?: BulkWorkerOptions): BulkWorker;
}

export interface BulkWorkerOptions {
  limits?: ExpansionLimits;
  /** How long a run whose window is full waits before looking again (default 5 s). */
  recheckMs?: number;
  /** The clock paused runs' expiry reads (tests move it days ahead); the host's otherwise. */
  expiryClock?: Clock;
}

export function createBulkRunEngine(host: PipelineHost, pipeline: Pipeline): BulkRunEngine {
  const connection = bullConnection(host.config.redisUrl);
  const prefix = appWideKeys(pipeline.config.namespace).bullPrefix;
  const store = createBulkRunStore({
    redis: host.redis,
    clock: host.clock,
    namespace: pipeline.config.namespace,
  });
  const deps: BulkDeps = {
    runs: store,
    generations: pipeline.generations,
    admin: async (shop) => host.admin.forShop(shop),
    clock: host.clock,
    enqueueWithinQuota: (inputs) => pipeline.enqueueWithinQuota(inputs),
    quotas: pipeline.config.quotas,
    expiry: pipeline.config.expiry,
    requeue: (shop, id, from, note) => pipeline.requeue(shop, id, from, note),
    forecaster: pipeline.forecaster,
    publishedResults: pipeline.context.publishedResults,
    logger: host.logger.child({ component: 'bulk-runs' }),
  };
  const queue = createBulkQueue({ connection, prefix, redis: host.redis });
  host.onClose('bulk run queue', () => queue.close());
  host.eraser.onErase('bulk runs: expansion jobs', (shop) => queue.eraseShop(shop));
  // An uninstalled app can no longer read the shop's products: its runs end there. (Erasing the
  // shop removes them with every other key under the shop's prefix.)
  host.eraser.onUninstall('bulk runs: cancel', async (shop) => {
    for (const run of await store.list(shop, Number.MAX_SAFE_INTEGER)) {
      // Out of the app-wide set of paused runs too: nothing of the shop is left to expire there.
      if (run.pausedAt !== null) await store.forgetPaused(shop, run.id);
      if (run.state === 'cancelled') continue;
      await store
        .setState(shop, run.id, ['running', 'paused'], 'cancelled', 'cancel')
        .catch((error: unknown) => {
          if (!(error instanceof BulkRunStateError)) throw error; // cancelled meanwhile
        });
    }
  });
  const tryGate: TryGate = {
    async reserve(generation) {
      if (!generation.bulkRunId) return { admitted: true };
      const { shop, bulkRunId, id, estimatedCredits } = generation;
      const run = await store.get(shop, bulkRunId);
      const answer = await store.reserveTryCredits(shop, bulkRunId, id, estimatedCredits);
      if (answer === 'reserved') return { admitted: true };
      if (answer === 'stopped') {
        return { admitted: false, reason: `the bulk run is ${run?.state ?? 'gone'}` };
      }
      return {
        admitted: false,
        reason: `the bulk run's budget of ${run?.creditBudget} credits does not cover another try`,
      };
    },
  };
  return {
    tryGate,
    runs: createBulkRuns({ ...deps, startExpansion: (shop, runId) => queue.start(shop, runId) }),
    store,
    expireWithRun: expireWithRun(deps),
    expirePausedRuns: (clock = host.clock) => expirePausedRuns({ ...deps, clock }),
    startWorker(options = {}) {
      const worker = startBulkWorker({
        connection,
        prefix,
        deps,
        limits: options.limits ?? DEFAULT_EXPANSION_LIMITS,
        recheckMs: options.recheckMs,
      });
      const expiry = startPausedRunExpiry({
        ...deps,
        clock: options.expiryClock ?? host.clock,
        everyMs: pipeline.config.expiry.sweepEveryMs,
      });
      return {
        async close() {
          await Promise.all([worker.close(), expiry.stop()]);
        },
      };
    },
  };
}
