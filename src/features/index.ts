/**
 * The merchant features' services, one per feature: the use cases the web calls, and the one list
 * of them the composition root (src/app) builds; and the one list of the features' workers. Each feature has its folder here
 * (`src/features/<feature>/service.ts`; what several share sits beside this file). A
 * service holds what a request means for the app (checks, defaults, which domain operations, the
 * view the client gets back) and speaks the contract's types (src/app-api); routes only parse,
 * call one method and answer. Failures are AppErrors (src/platform/errors.ts) whose kind the
 * web's one error handler maps to HTTP.
 */
import type { Redis } from '../platform/redis/connection.ts';
import { createIdempotencyKeys } from '../stores/idempotency-keys.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';
import type { ShopifyConfig } from '../shopify/config.ts';
import type { AdminClientFactory } from '../shopify/admin-client.ts';
import type { Shopify } from '../shopify/shopify-api.ts';
import type { WebhookIntake } from '../shopify/webhook-queue.ts';
import type { Metrics } from '../platform/metrics.ts';
import type { ShopSettingsStore } from '../stores/shop-settings.ts';
import type { Pipeline } from '../pipeline/index.ts';
import type { BulkRunEngine } from './bulk-runs/engine.ts';
import { campaignOfRun, type CampaignEngine } from './campaigns/engine.ts';
import type { RuleEngine } from './rules/engine.ts';
import { createGenerationsService, type GenerationsService } from './generations/service.ts';
import {
  createShopifyWebhooksService,
  type ShopifyWebhooksService,
} from './shopify-webhooks/service.ts';
import { createSettingsService, type SettingsService } from './settings/service.ts';
import { createRulesService, type RulesService } from './rules/service.ts';
import { createProductsService, type ProductsService } from './products/service.ts';
import {
  createUnclaimedResultsService,
  type UnclaimedResultsService,
} from './unclaimed-results/service.ts';
import { createFlowActionsService, type FlowActionsService } from './flow-actions/service.ts';
import { createReviewService, type ReviewService } from './review/service.ts';
import { createBulkRunsService, type BulkRunsService } from './bulk-runs/service.ts';
import { createCampaignsService, type CampaignsService } from './campaigns/service.ts';
import { createOverviewService, type OverviewService } from './overview/service.ts';
import { createShopService, type ShopService } from './shop/service.ts';
import { createSetupGuideStore } from './overview/setup-guide-store.ts';
import type { ShopTimeZones } from '../shopify/shop-time-zone.ts';
import type { ExperimentEngine } from './experiments/engine.ts';
import { createExperimentsService, type ExperimentsService } from './experiments/service.ts';
import { campaignOnProduct } from './campaigns/engine.ts';
import { createWebVitalsService, type WebVitalsService } from './web-vitals/service.ts';
import { createWebVitalsStore } from './web-vitals/store.ts';

export type {
  GenerationAction,
  GenerationListQuery,
  GenerationsService,
} from './generations/service.ts';
export type { ShopifyWebhooksService } from './shopify-webhooks/service.ts';
export type { SettingsService } from './settings/service.ts';
export type { RulesService } from './rules/service.ts';
export type { ProductsService } from './products/service.ts';
export type { UnclaimedResultsService } from './unclaimed-results/service.ts';
export type { FlowActionsService } from './flow-actions/service.ts';
export type { ReviewService } from './review/service.ts';
export type { BulkRunAction, BulkRunList, BulkRunsService } from './bulk-runs/service.ts';
export type { CampaignsService } from './campaigns/service.ts';
export type { OverviewService } from './overview/service.ts';
export type { ShopService } from './shop/service.ts';
export type { ExperimentsService } from './experiments/service.ts';
export type { WebVitalsService } from './web-vitals/service.ts';
export { EventBatch, MAX_BATCH_BYTES, EXPERIMENT_EVENTS_PATH } from './experiments/event-batch.ts';

export interface Features {
  generations: GenerationsService;
  shopifyWebhooks: ShopifyWebhooksService;
  settings: SettingsService;
  rules: RulesService;
  products: ProductsService;
  unclaimedResults: UnclaimedResultsService;
  flowActions: FlowActionsService;
  review: ReviewService;
  bulkRuns: BulkRunsService;
  campaigns: CampaignsService;
  overview: OverviewService;
  shop: ShopService;
  /** Image experiments: start, read with their analysis, stop; their storefront events counted. */
  experiments: ExperimentsService;
  /** The app home's field Web Vitals, counted app-wide for the operator's /metrics. */
  webVitals: WebVitalsService;
}

/** The features' engines, built by the composition root on the pipeline. */
export interface FeatureEngines {
  bulkRuns: BulkRunEngine;
  campaigns: CampaignEngine;
  rules: RuleEngine;
  experiments: ExperimentEngine;
}

/**
 * A feature's own worker (a bulk run's expansion, a campaign's phases, the rules' release, the
 * experiments' daily looks).
 */
export interface FeatureWorker {
  close(): Promise<void>;
}

/**
 * The features' workers, one per engine: the type asks for an entry for each engine, so one added
 * without its worker here does not compile, and no worker process runs without it.
 */
const FEATURE_WORKERS: {
  [Name in keyof FeatureEngines]: (engines: FeatureEngines) => FeatureWorker;
} = {
  bulkRuns: (engines) => engines.bulkRuns.startWorker(),
  campaigns: (engines) => engines.campaigns.startWorker(),
  rules: (engines) => engines.rules.startWorker(),
  experiments: (engines) => engines.experiments.startWorker(),
};

/** Starts every feature's worker in this process (src/app/start-workers.ts). */
export function startFeatureWorkers(engines: FeatureEngines): FeatureWorker[] {
  return Object.values(FEATURE_WORKERS).map((start) => start(engines));
}

/** What the services are built from (the composition root's parts). */
export interface FeatureDeps extends FeatureEngines {
  config: { shopify: ShopifyConfig };
  /** The app's Redis (the services' own small records: idempotency keys). */
  redis: Redis;
  shopify: Shopify;
  webhookIntake: WebhookIntake;
  metrics: Metrics;
  logger: Logger;
  clock: Clock;
  settings: ShopSettingsStore;
  admin: AdminClientFactory;
  pipeline: Pipeline;
  timeZones: ShopTimeZones;
}

export function createFeatures(deps: FeatureDeps): Features {
  const runsCampaign = { campaignOfRun: campaignOfRun(deps.campaigns.store) };
  return {
    generations: createGenerationsService({
      ...deps,
      idempotency: createIdempotencyKeys(deps.redis),
    }),
    shopifyWebhooks: createShopifyWebhooksService({
      shopify: deps.shopify,
      intake: deps.webhookIntake,
      metrics: deps.metrics,
      clock: deps.clock,
    }),
    settings: createSettingsService(deps),
    rules: createRulesService(deps),
    products: createProductsService(deps),
    unclaimedResults: createUnclaimedResultsService(deps),
    flowActions: createFlowActionsService(deps),
    review: createReviewService(deps),
    bulkRuns: createBulkRunsService({ ...deps, ...runsCampaign }),
    campaigns: createCampaignsService(deps),
    overview: createOverviewService({
      ...deps,
      ...runsCampaign,
      setupGuide: createSetupGuideStore(deps.redis),
    }),
    shop: createShopService(deps),
    experiments: createExperimentsService({
      experiments: deps.experiments,
      generations: deps.pipeline.generations,
      admin: deps.admin,
      campaignOnProduct: campaignOnProduct(deps.campaigns.store, deps.pipeline.generations),
      // On the experiments' clock: the day an event counts in is the day their looks read.
      clock: deps.experiments.clock,
      metrics: deps.metrics,
    }),
    webVitals: createWebVitalsService({
      store: createWebVitalsStore(deps.redis, deps.pipeline.config.namespace),
      clock: deps.clock,
    }),
  };
}
