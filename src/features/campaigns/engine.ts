/**
 * The campaigns' engine, assembled for the app: what a campaign does (create, cancel, end now,
 * view) for service.ts, and the worker that runs the phases on time (started
 * wherever the pipeline's workers run).
 *
 *   const campaigns = app.engines.campaigns;          // built once by src/app/create-app.ts
 *   await campaigns.campaigns.create(shop, request, defaults);
 *   const worker = campaigns.startWorker();   // worker processes, tests, the demo
 */
import type { CampaignOfRun } from '../bulk-runs/bulk-run-view.ts';
import type { BulkRunEngine } from '../bulk-runs/engine.ts';
import {
  type PipelineHost,
  type Pipeline,
  appWideKeys,
  bullConnection,
} from '../../pipeline/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ShopTimeZones } from '../../shopify/shop-time-zone.ts';
import {
  createCampaignQueue,
  startCampaignWorker,
  type CampaignWorker,
} from './campaign-runner.ts';
import { createCampaignStore, type CampaignStore } from './campaign-store.ts';

export { campaignKeepsInReview, createCampaignHolds } from './campaign-holds.ts';
export { createCampaignStore };
export { campaignOnProduct, type CampaignOnProduct } from './campaign-on-product.ts';
import { createCampaigns, type Campaigns } from './campaigns.ts';
import { runCampaign } from './campaign.ts';

export {
  CampaignNotFoundError,
  CampaignStateError,
  runCampaign,
  type Campaign,
} from './campaign.ts';
export type { Campaigns } from './campaigns.ts';

/** The campaign that started a run, as the run's view names it: what the bulk runs ask. */
export function campaignOfRun(store: Pick<CampaignStore, 'ofRun'>): CampaignOfRun {
  return async (shop, bulkRunId) => {
    const campaign = await store.ofRun(shop, bulkRunId);
    return campaign ? runCampaign(campaign) : null;
  };
}

export interface CampaignOptions {
  /** The clock the schedules run on (tests move it); the app's by default. */
  clock?: Clock;
  /** How often each worker looks for due campaigns (default 30 s; also once at start). */
  reconcileMs?: number;
  /** How long an end sweep waits for results still being generated (default 30 s). */
  sweepRecheckMs?: number;
}

export interface CampaignEngine {
  campaigns: Campaigns;
  store: CampaignStore;
  /** Runs the phases in this process; `reconcileMs` overrides the engine's. */
  startWorker(options?: Pick<CampaignOptions, 'reconcileMs'>): CampaignWorker;
}

export function createCampaignEngine(
  host: PipelineHost,
  /** `timeZones`: the app's one reader of the shops' clocks (src/shopify/shop-time-zone.ts). */
  parts: {
    pipeline: Pipeline;
    bulk: BulkRunEngine;
    store: CampaignStore;
    timeZones: ShopTimeZones;
    /** Claims the product from its image experiments before a result goes live on it. */
    beforeFeatured(shop: string, productId: string, campaignId: string): Promise<void>;
  },
  options: CampaignOptions = {},
): CampaignEngine {
  const { pipeline, bulk, store } = parts;
  const clock = options.clock ?? host.clock;
  const logger = host.logger.child({ component: 'campaigns' });
  const connection = bullConnection(host.config.redisUrl);
  const prefix = appWideKeys(pipeline.config.namespace).bullPrefix;
  const queue = createCampaignQueue({ connection, prefix, clock, redis: host.redis });
  const admin = async (shop: string) => host.admin.forShop(shop);
  host.onClose('campaign queue', () => queue.close());
  // Without the app, nothing on the shop can be changed any more: its schedules stop there.
  host.eraser.onUninstall('campaigns: stop schedules', (shop) => store.forgetShop(shop));
  host.eraser.onErase('campaigns: phase jobs', (shop) => queue.eraseShop(shop));
  return {
    campaigns: createCampaigns({
      campaigns: store,
      runs: bulk.runs,
      runStore: bulk.store,
      generations: pipeline.generations,
      queue,
      clock,
      timeZone: (shop) => parts.timeZones.of(shop),
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
          beforeFeatured: parts.beforeFeatured,
        },
      }),
  };
}
