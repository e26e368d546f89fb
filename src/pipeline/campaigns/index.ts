/**
 * Campaigns, assembled for the app: the service the API routes use, and the worker that runs
 * their phases on time (started wherever the pipeline's workers run).
 *
 *   const campaigns = campaignsFor(deps);     // one per process, like bulkRunsFor(deps)
 *   await campaigns.service.create(shop, request, defaults);
 *   const worker = campaigns.startWorker();   // worker processes, tests, the demo
 */
import { bulkRunsFor } from '../bulk/index.ts';
import { appWideKeys } from '../generations/keys.ts';
import { bullConnection, pipelineFor, type PipelineHost } from '../index.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  createCampaignQueue,
  startCampaignWorker,
  type CampaignWorker,
} from './campaign-runner.ts';
import { createCampaignStore, type CampaignStore } from './campaign-store.ts';
import { createCampaigns, type Campaigns } from './campaigns.ts';

export { CampaignNotFoundError, CampaignStateError, type Campaign } from './campaign.ts';
export type { Campaigns } from './campaigns.ts';

export interface CampaignOptions {
  /** The clock the schedules run on (tests move it); the app's by default. */
  clock?: Clock;
  /** How often each worker looks for due campaigns (default 30 s; also once at start). */
  reconcileMs?: number;
  /** How long an end sweep waits for results still being generated (default 30 s). */
  sweepRecheckMs?: number;
}

export interface CampaignService {
  service: Campaigns;
  store: CampaignStore;
  /** Runs the phases in this process; `reconcileMs` overrides the service's. */
  startWorker(options?: Pick<CampaignOptions, 'reconcileMs'>): CampaignWorker;
}

export function createCampaignService(
  host: PipelineHost,
  options: CampaignOptions = {},
): CampaignService {
  const pipeline = pipelineFor(host);
  const bulk = bulkRunsFor(host);
  const clock = options.clock ?? host.clock;
  const logger = host.logger.child({ component: 'campaigns' });
  const connection = bullConnection(host.config.redisUrl);
  const prefix = appWideKeys(pipeline.config.namespace).bullPrefix;
  const namespace = pipeline.config.namespace;
  const store = createCampaignStore({ redis: host.redis, clock, namespace });
  const queue = createCampaignQueue({ connection, prefix, clock });
  const admin = async (shop: string) => host.admin.forShop(shop);
  host.onClose('campaign queue', () => queue.close());
  // Without the app, nothing on the shop can be changed any more: its schedules stop there.
  host.eraser.onUninstall('campaigns: stop schedules', (shop) => store.forgetShop(shop));
  return {
    service: createCampaigns({
      campaigns: store,
      runs: bulk.runs,
      runStore: bulk.store,
      generations: pipeline.generations,
      queue,
      clock,
      admin,
    }),
    store,
    startWorker: (workerOptions = {}) =>
      startCampaignWorker({
        connection,
        prefix,
        queue,
        campaigns: store,
        clock,
        logger,
        reconcileMs: workerOptions.reconcileMs ?? options.reconcileMs ?? 30_000,
        deps: {
          campaigns: store,
          runs: bulk.runs,
          generations: pipeline.generations,
          admin,
          enqueue: pipeline.context.enqueue,
          publishedResults: pipeline.context.publishedResults,
          clock,
          logger,
          sweepRecheckMs: options.sweepRecheckMs ?? 30_000,
          schedule: (shop, id, phase, atMs) => queue.schedule(shop, id, phase, atMs),
        },
      }),
  };
}

const services = new WeakMap<PipelineHost, CampaignService>();

/** The process's campaign service for these app deps (created on first use, options then). */
export function campaignsFor(host: PipelineHost, options?: CampaignOptions): CampaignService {
  let service = services.get(host);
  if (!service) {
    service = createCampaignService(host, options);
    services.set(host, service);
  }
  return service;
}
