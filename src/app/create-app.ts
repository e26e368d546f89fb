/**
 * THE composition root: one factory that builds the whole app, eagerly, from a validated
 * configuration (as shopify-api's `shopifyApi(config)` does). The web process, the worker, the
 * tests, the benchmarks and the demo all start from the `App` it returns, and each then starts
 * the parts it runs: the HTTP server (web/server), the workers (./start-workers.ts), or both.
 *
 * Order of construction: adapters (Redis, crypto, Shopify, metrics), stores, the pipeline (with
 * the campaign and rule holds passed in), then bulk runs, campaigns and rules on top of it, and
 * last the Shopify webhook handlers, which reach the rules. Nothing is built on first use, so
 * no caller can change how another one's service was built.
 */
import { createLogger, type Logger } from '../platform/logger.ts';
import { systemClock, type Clock } from '../platform/clock.ts';
import { closeRedis, connectRedis, type Redis } from '../platform/redis/connection.ts';
import { createSecretBox, type SecretBox } from '../platform/crypto.ts';
import { createMetrics, type Metrics } from '../platform/metrics.ts';
import { createBackgroundWork, type BackgroundWork } from '../platform/background-work.ts';
import { createAdminFetch, type FetchFn } from '../shopify/admin-fetch.ts';
import { createShopifyApi, type Shopify } from '../shopify/shopify-api.ts';
import { createSessionTokenVerifier, type SessionTokenVerifier } from '../shopify/session-token.ts';
import { createOfflineTokens, type OfflineTokens } from '../shopify/offline-tokens.ts';
import {
  createAdminClientFactory,
  type AdminClientFactory,
  type AdminClientOptions,
} from '../shopify/admin-client.ts';
import { createWebhookRegistry, type WebhookRegistry } from '../shopify/webhooks.ts';
import { registerWebhookHandlers } from '../shopify/webhook-handlers.ts';
import { createInstallationCheck } from '../shopify/installation-check.ts';
import { createShopTimeZones, type ShopTimeZones } from '../shopify/shop-time-zone.ts';
import {
  createWebhookIntake,
  webhookQueueConfig,
  type WebhookIntake,
  type WebhookQueueConfig,
} from '../shopify/webhook-queue.ts';
import { createSessionStore, type SessionStore } from '../stores/sessions.ts';
import { createShopSettingsStore, type ShopSettingsStore } from '../stores/shop-settings.ts';
import { createShopEraser, type ShopEraser } from '../stores/shop-eraser.ts';
import { createRuleStore } from '../features/rules/rule-store.ts';
import {
  type PipelineOptions,
  type Pipeline,
  createPipeline,
  firstOfHolds,
  createFidelityHolds,
  allGates,
  keepReplacedKeysMs,
} from '../pipeline/index.ts';
import { createFidelityChecker } from '../fidelity/fidelity-checker.ts';
import { createChannelChecker } from '../channels/index.ts';
import type { FidelityChecker } from '../fidelity/fidelity-report.ts';
import { createBulkRunEngine } from '../features/bulk-runs/engine.ts';
import {
  campaignKeepsInReview,
  createCampaignHolds,
  createCampaignEngine,
  createCampaignStore,
  type CampaignOptions,
} from '../features/campaigns/engine.ts';
import { createRuleEngine } from '../features/rules/engine.ts';
import { createRuleHolds } from '../features/rules/rule-holds.ts';
import { createFeatures, type FeatureEngines, type Features } from '../features/index.ts';
import { createExperimentEngine, type ExperimentOptions } from '../features/experiments/engine.ts';
import { createExperimentStore } from '../features/experiments/experiment-store.ts';
import { createCampaignClaims } from '../features/experiments/campaign-claims.ts';
import { createExperimentEventStore } from '../features/experiments/event-store.ts';
import { createExperimentsPixel } from '../features/experiments/experiments-pixel.ts';
import type { Config } from './config.ts';

export type CloseHook = () => Promise<void>;

export interface App {
  config: Config;
  logger: Logger;
  clock: Clock;
  redis: Redis;
  secrets: SecretBox;
  /** The fetch for every call to Shopify (routes to the emulator when configured). */
  shopifyFetch: FetchFn;
  shopify: Shopify;
  verifySessionToken: SessionTokenVerifier;
  offlineTokens: OfflineTokens;
  admin: AdminClientFactory;
  sessions: SessionStore;
  settings: ShopSettingsStore;
  /** What runs when a shop uninstalls or is redacted (every feature registers its part here). */
  eraser: ShopEraser;
  /** Shopify webhook topic → handler (registered in src/shopify/webhook-handlers.ts). */
  shopifyWebhooks: WebhookRegistry;
  /** The durable webhook queue's settings, and its producer side (the web route). */
  webhookQueue: WebhookQueueConfig;
  webhookIntake: WebhookIntake;
  /** This process's Prometheus metrics. */
  metrics: Metrics;
  /** Work that outlives its request; drained on shutdown. */
  background: BackgroundWork;
  /** The generation pipeline: enqueue, receive ProductAI's webhooks, run the stages. */
  pipeline: Pipeline;
  /**
   * The features' engines (their stores, lifecycles and workers), under the same names as their
   * features; what the web calls is `features`.
   */
  engines: FeatureEngines;
  /** The shops' clocks: the one reader of Shopify's `ianaTimezone` (rules, campaigns, the API). */
  timeZones: ShopTimeZones;
  /** The use cases the web calls (src/features): one service per feature. */
  features: Features;
  /**
   * Registers cleanup run by `close()`, in reverse order of registration (a process's servers
   * and workers, started after the app was built).
   */
  onClose(name: string, hook: CloseHook): void;
  /** Runs the close hooks, closes every queue the app opened, then Redis. */
  close(): Promise<void>;
}

/**
 * What tests, benchmarks and the demo may replace (production passes none), and what a
 * process's role sets (`adminKeepFree`: the worker process's).
 */
export interface AppOverrides {
  /**
   * The share of each shop's Admin API cost bucket this process leaves to the others: the
   * worker's background calls leave room for the web process's clicks (cost-throttle.ts).
   */
  adminKeepFree?: number;
  logger?: Logger;
  clock?: Clock;
  /** The network fetch under the emulator routing (tests wrap it to observe traffic). */
  fetch?: FetchFn;
  /** Passed to the token manager (tests use short margins). */
  refreshMarginMs?: number;
  /** The Admin client's own retries (tests compress the backoff). */
  adminRetry?: Pick<AdminClientOptions, 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs'>;
  /** A metrics registry of the caller's own. */
  metrics?: Metrics;
  /** The webhook queue's prefix and timings (tests isolate and compress them). */
  webhookQueue?: Partial<WebhookQueueConfig>;
  /** The pipeline's publish handlers, image processor and ProductAI client options. */
  pipeline?: PipelineOptions;
  /** The campaigns' clock and timings. */
  campaigns?: CampaignOptions;
  /** The experiments' clock and reconciliation period. */
  experiments?: ExperimentOptions;
  /** The clock the rules' daily cap runs on. */
  rules?: { clock?: Clock };
  /**
   * Makes the fidelity check of a process that runs the stages (tests inject their own);
   * undefined: the check is off in this process.
   */
  fidelity?: () => FidelityChecker | undefined;
}

export async function createApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const logger =
    overrides.logger ?? createLogger({ level: config.logLevel, name: 'productai-app' });
  const clock = overrides.clock ?? systemClock;
  const redis = await connectRedis(config.redisUrl, { name: 'productai-web' });
  const secrets = createSecretBox(config.encryptionKey);
  const shopifyFetch = createAdminFetch(config.shopify.adminUrlOverride, overrides.fetch);
  const shopify = createShopifyApi({ ...config.shopify, fetch: shopifyFetch, logger });
  const sessions = createSessionStore({ redis, secrets });
  const settings = createShopSettingsStore({
    redis,
    secrets,
    clock,
    // A replaced ProductAI key is kept while jobs sent with it may still be awaited.
    keepReplacedKeysMs: keepReplacedKeysMs(config.pipeline),
  });
  const eraser = createShopEraser({ redis, sessions, settings });
  const offlineTokens = createOfflineTokens({
    shopify,
    sessions,
    redis,
    clock,
    logger,
    refreshMarginMs: overrides.refreshMarginMs,
  });
  const metrics = overrides.metrics ?? createMetrics();
  const admin = createAdminClientFactory({
    tokens: offlineTokens,
    fetch: shopifyFetch,
    clock,
    logger,
    onThrottled: () => metrics.adminThrottled(),
    keepFree: overrides.adminKeepFree,
    ...overrides.adminRetry,
  });
  const webhookQueue = webhookQueueConfig(overrides.webhookQueue);
  const webhookIntake = createWebhookIntake({ redis, config: webhookQueue, logger });
  eraser.onErase('shopify webhooks: queued deliveries', (shop) => webhookIntake.eraseShop(shop));

  const closeHooks: { name: string; hook: CloseHook }[] = [];
  const onClose = (name: string, hook: CloseHook) => closeHooks.push({ name, hook });
  const host = { config, redis, clock, logger, settings, admin, eraser, metrics, onClose };

  const campaignStore = createCampaignStore({
    redis,
    clock: overrides.campaigns?.clock ?? clock,
    namespace: config.pipeline.namespace,
  });
  const ruleStore = createRuleStore({ redis });
  const experimentStore = createExperimentStore({
    redis,
    clock: overrides.experiments?.clock ?? clock,
    namespace: config.pipeline.namespace,
  });
  // Its Tesseract thread starts on the first result measured for a channel that forbids overlaid
  // text (a worker process; the web never measures), and ends with the app.
  const channels = createChannelChecker();
  onClose('channel checks', () => channels.close());
  const pipeline = createPipeline(
    host,
    {
      config: config.pipeline,
      // A result the fidelity check calls changed waits for a person first, whatever the others
      // say (publish/fidelity-holds.ts); campaigns hold their results until they start
      // (campaigns/campaign-holds.ts); rules for new products send theirs to review or publish
      // them as the rule says (rules/rule-holds.ts).
      holds: firstOfHolds(
        createFidelityHolds(settings),
        createCampaignHolds(campaignStore),
        createRuleHolds(ruleStore),
      ),
      // A changed result's next try counts on its bulk run's budget or its rule's daily cap
      // (publish/fidelity-retry.ts); both are built on the pipeline, below, and asked only once
      // a result is made, long after.
      tryGate: allGates(
        { reserve: (generation) => bulkRuns.tryGate.reserve(generation) },
        { reserve: (generation) => rules.tryGate.reserve(generation) },
      ),
      // Work waiting too long in review or paused expires (line/expire-waiting.ts): a paused
      // bulk run as a whole, with its generations; a campaign's held result waits for its end.
      // An undo of a product's result ends its image experiment first (the undo wins).
      beforeUndo: (shop, productId) => experiments.endOnProduct(shop, productId, 'ended_by_undo'),
      expiry: {
        keepInReviewUntil: campaignKeepsInReview(campaignStore),
        expireWithRun: (generation, now) => bulkRuns.expireWithRun(generation, now),
      },
      // Built by each process that starts the stages (one pool of threads each), not by the web.
      // FIDELITY_THREADS=0 turns the check off in this process (its results are not checked).
      fidelity:
        overrides.fidelity ??
        (() => {
          const { threads } = config.pipeline.fidelity;
          return threads > 0 ? createFidelityChecker({ threads, logger }) : undefined;
        }),
      channels,
    },
    overrides.pipeline,
  );
  onClose('pipeline queues', () => pipeline.close());
  const bulkRuns = createBulkRunEngine(host, pipeline);
  const timeZones = createShopTimeZones({ admin, clock });
  const campaigns = createCampaignEngine(
    host,
    {
      pipeline,
      bulk: bulkRuns,
      store: campaignStore,
      timeZones,
      // A campaign going live on a product claims it from the experiments and ends its running
      // one first (the campaign wins: src/features/experiments/campaign-claims.ts).
      beforeFeatured: (shop, productId, campaignId) =>
        experiments.yieldToCampaign(shop, productId, campaignId),
    },
    overrides.campaigns,
  );
  const experiments = createExperimentEngine(
    host,
    {
      pipeline,
      store: experimentStore,
      events: createExperimentEventStore(redis),
      pixel: createExperimentsPixel({ redis, appUrl: config.shopify.appUrl }),
      claims: createCampaignClaims(redis),
    },
    overrides.experiments,
  );
  const rules = createRuleEngine(
    { ...host, webhookQueue },
    { pipeline, store: ruleStore, timeZones },
    overrides.rules,
  );

  const shopifyWebhooks = createWebhookRegistry();
  registerWebhookHandlers(shopifyWebhooks, {
    sessions,
    eraser,
    installation: createInstallationCheck({ admin }),
    logger,
    newProduct: (shop, productId, trigger) => rules.onNewProduct(shop, productId, trigger),
  });

  return {
    config,
    logger,
    clock,
    redis,
    secrets,
    shopifyFetch,
    shopify,
    verifySessionToken: createSessionTokenVerifier(shopify),
    offlineTokens,
    admin,
    sessions,
    settings,
    eraser,
    shopifyWebhooks,
    webhookQueue,
    webhookIntake,
    metrics,
    background: createBackgroundWork(logger),
    pipeline,
    engines: { bulkRuns, campaigns, rules, experiments },
    timeZones,
    features: createFeatures({
      config,
      redis,
      shopify,
      webhookIntake,
      metrics,
      logger,
      clock,
      settings,
      admin,
      pipeline,
      bulkRuns,
      campaigns,
      rules,
      experiments,
      timeZones,
    }),
    onClose,
    async close() {
      for (const { name, hook } of closeHooks.reverse()) {
        try {
          await hook();
        } catch (error) {
          logger.error({ err: error, hook: name }, 'close hook failed');
        }
      }
      closeHooks.length = 0;
      await webhookIntake.close();
      await closeRedis(redis);
    },
  };
}
