/**
 * The app's dependencies, built once per process from the configuration. The HTTP server and
 * the workers share this composition; tests build it against a private Redis and the emulator
 * and may replace the clock, logger or fetch.
 */
import type { AppConfig } from '../../src/platform/config.ts';
import { createLogger, type Logger } from '../../src/platform/logger.ts';
import { systemClock, type Clock } from '../../src/platform/clock.ts';
import { closeRedis, connectRedis, type Redis } from '../../src/platform/redis/connection.ts';
import { createSecretBox, type SecretBox } from '../../src/platform/crypto.ts';
import { createMetrics, type Metrics } from '../../src/platform/metrics.ts';
import { createBackgroundWork, type BackgroundWork } from '../../src/platform/background-work.ts';
import { createAdminFetch, type FetchFn } from '../../src/shopify/admin-fetch.ts';
import { createShopifyApi, type Shopify } from '../../src/shopify/shopify-api.ts';
import {
  createSessionTokenVerifier,
  type SessionTokenVerifier,
} from '../../src/shopify/session-token.ts';
import { createOfflineTokens, type OfflineTokens } from '../../src/shopify/offline-tokens.ts';
import {
  createAdminClientFactory,
  type AdminClientFactory,
} from '../../src/shopify/admin-client.ts';
import { createWebhookRegistry, type WebhookRegistry } from '../../src/shopify/webhooks.ts';
import { registerWebhookHandlers } from '../../src/shopify/webhook-handlers.ts';
import { rulesFor } from '../../src/pipeline/rules/index.ts';
import {
  createWebhookIntake,
  webhookQueueConfig,
  type WebhookIntake,
  type WebhookQueueConfig,
} from '../../src/shopify/webhook-queue.ts';
import { createSessionStore, type SessionStore } from '../../src/stores/sessions.ts';
import { createShopSettingsStore, type ShopSettingsStore } from '../../src/stores/shop-settings.ts';
import { createShopEraser, type ShopEraser } from '../../src/stores/shop-eraser.ts';

export type CloseHook = () => Promise<void>;

export interface AppDeps {
  config: AppConfig;
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
  /** Register `onUninstall` / `onErase` hooks here. */
  eraser: ShopEraser;
  /** Shopify webhook topic → handler (registered in src/shopify/webhook-handlers.ts). */
  shopifyWebhooks: WebhookRegistry;
  /** The durable webhook queue's settings, and its producer side (the web route). */
  webhookQueue: WebhookQueueConfig;
  webhookIntake: WebhookIntake;
  /** This process's Prometheus metrics (served by web/metrics-server.ts). */
  metrics: Metrics;
  /** Work that outlives its request; drained on shutdown. */
  background: BackgroundWork;
  /**
   * Registers cleanup run at shutdown after HTTP traffic and background work have drained,
   * in reverse order of registration (e.g. closing a module's queues and workers).
   */
  onClose(name: string, hook: CloseHook): void;
  /** Runs the close hooks, then closes Redis. */
  close(): Promise<void>;
}

export interface DepsOverrides {
  logger?: Logger;
  clock?: Clock;
  /** The network fetch under the emulator routing (tests wrap it to observe traffic). */
  fetch?: FetchFn;
  /** Passed to the token manager (tests use short margins). */
  refreshMarginMs?: number;
  /** A metrics registry of the test's own. */
  metrics?: Metrics;
  /** The webhook queue's prefix and timings (tests isolate and compress them). */
  webhookQueue?: Partial<WebhookQueueConfig>;
}

export async function createAppDeps(
  config: AppConfig,
  overrides: DepsOverrides = {},
): Promise<AppDeps> {
  const logger =
    overrides.logger ?? createLogger({ level: config.logLevel, name: 'productai-app' });
  const clock = overrides.clock ?? systemClock;
  const redis = await connectRedis(config.redisUrl, { name: 'productai-web' });
  const secrets = createSecretBox(config.encryptionKey);
  const shopifyFetch = createAdminFetch(config.shopify.adminUrlOverride, overrides.fetch);
  const shopify = createShopifyApi({ ...config.shopify, fetch: shopifyFetch, logger });
  const sessions = createSessionStore({ redis, secrets });
  const settings = createShopSettingsStore({ redis, secrets });
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
  });
  const shopifyWebhooks = createWebhookRegistry();
  const webhookQueue = webhookQueueConfig(overrides.webhookQueue);
  const webhookIntake = createWebhookIntake({ redis, config: webhookQueue, logger });

  const closeHooks: { name: string; hook: CloseHook }[] = [];
  const deps: AppDeps = {
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
    onClose: (name, hook) => closeHooks.push({ name, hook }),
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
  registerWebhookHandlers(shopifyWebhooks, {
    sessions,
    eraser,
    logger,
    newProduct: (shop, productId, trigger) => rulesFor(deps).onNewProduct(shop, productId, trigger),
  });
  return deps;
}
