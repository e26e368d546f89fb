/**
 * The rule engine: rules for new products, assembled for the app (built once by
 * src/app/create-app.ts): what the webhook handlers and the rules' service use, and the worker
 * that releases work parked by the daily cap.
 *
 *   const rules = app.engines.rules;
 *   await rules.onNewProduct(shop, productGid, 'created');   // products/create
 *   const worker = rules.startWorker();                      // worker processes, tests, the demo
 */
import type { Clock } from '../../platform/clock.ts';
import type { ShopTimeZones } from '../../shopify/shop-time-zone.ts';
import {
  DEFAULT_WEBHOOK_QUEUE_CONFIG,
  type WebhookQueueConfig,
} from '../../shopify/webhook-queue.ts';
import type { RuleStore } from './rule-store.ts';
import {
  type PipelineHost,
  type Pipeline,
  appWideKeys,
  bullConnection,
  type TryGate,
} from '../../pipeline/index.ts';
import { createDailySpend, type DailySpend } from './daily-spend.ts';
import { lineUpPausedByCap, releaseWaiting, reserveTry } from './cap-line.ts';
import { runRulesForProduct, type NewProductTrigger } from './new-product-rules.ts';
import { createReleaseQueue, startReleaseWorker } from './release-waiting.ts';
import type { RulesDeps } from './rules-deps.ts';
import { shopDay } from '../../app-api/shop-day.ts';

export interface RuleEngine {
  store: RuleStore;
  spend: DailySpend;
  timeZone(shop: string): Promise<string>;
  /** Today on the shop's clock (the cap's day), on the service's clock. */
  today(shop: string): Promise<{ day: string; timeZone: string }>;
  onNewProduct(shop: string, productId: string, trigger: NewProductTrigger): Promise<string[]>;
  /** Admits the work waiting for the cap that today's cap now covers, oldest first. */
  releaseWaiting(shop: string): Promise<number>;
  startWorker(): { close(): Promise<void> };
  /** Counts a rule's changed result's next try on today's cap (publish/fidelity-retry.ts). */
  tryGate: TryGate;
}

/**
 * The app's deps as the rules see them: the webhook queue's attempts bound how long a new
 * product's images are waited for (new-product-rules.ts `imageWaits`).
 */
export type RulesHost = PipelineHost & { webhookQueue?: Pick<WebhookQueueConfig, 'attempts'> };

export function createRuleEngine(
  host: RulesHost,
  /** `timeZones`: the app's one reader of the shops' clocks (src/shopify/shop-time-zone.ts). */
  parts: { pipeline: Pipeline; store: RuleStore; timeZones: ShopTimeZones },
  options: { clock?: Clock } = {},
) {
  const { pipeline, store } = parts;
  const clock = options.clock ?? host.clock;
  const logger = host.logger.child({ component: 'rules' });
  const connection = bullConnection(host.config.redisUrl);
  const prefix = appWideKeys(pipeline.config.namespace).bullPrefix;
  const queue = createReleaseQueue({ connection, prefix, clock, redis: host.redis });
  host.onClose('rules release queue', () => queue.close());
  host.eraser.onErase('rules: release jobs', (shop) => queue.eraseShop(shop));
  const spend = createDailySpend({ redis: host.redis });
  const admin = async (shop: string) => host.admin.forShop(shop);
  const timeZone = (shop: string) => parts.timeZones.of(shop);

  const deps: RulesDeps = {
    redis: host.redis,
    rules: store,
    spend,
    generations: pipeline.generations,
    pipeline,
    settings: host.settings,
    admin,
    timeZone,
    scheduleRelease: (shop, day, atMs) => queue.schedule(shop, day, atMs),
    clock,
    logger,
    imageWaits: (host.webhookQueue ?? DEFAULT_WEBHOOK_QUEUE_CONFIG).attempts - 1,
    pendingCap: pipeline.config.quotas.pendingPerShop,
  };
  return {
    store,
    spend,
    timeZone,
    async today(shop) {
      const zone = await timeZone(shop);
      return { day: shopDay(clock.now(), zone), timeZone: zone };
    },
    onNewProduct: (shop, productId, trigger) => runRulesForProduct(deps, shop, productId, trigger),
    async releaseWaiting(shop) {
      // A merchant's click, rarely: worth lining up work parked before the line existed.
      await lineUpPausedByCap(deps, shop);
      return (await releaseWaiting(deps, shop, 'The daily cap was raised')).released;
    },
    startWorker: () => startReleaseWorker({ connection, prefix, deps, clock, logger }),
    tryGate: { reserve: (generation) => reserveTry(deps, generation) },
  } satisfies RuleEngine;
}
