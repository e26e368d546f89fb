/**
 * The worker side of Shopify webhooks: the durable queue's worker (src/shopify/webhook-queue.ts)
 * on the app's deps, checked against the topics shopify.app.toml subscribes to. Start it after
 * the modules that register shop hooks (the pipeline, bulk runs), so an uninstall reaches them.
 */
import { bullConnection } from '../../src/pipeline/stages/queues.ts';
import { declaredTopicsOfApp } from '../../src/shopify/declared-topics.ts';
import { startWebhookWorker, type RunningWebhookWorker } from '../../src/shopify/webhook-queue.ts';
import type { AppDeps } from '../server/deps.ts';

export function startShopifyWebhookWorker(deps: AppDeps): Promise<RunningWebhookWorker> {
  return startWebhookWorker({
    connection: bullConnection(deps.config.redisUrl),
    redis: deps.redis,
    registry: deps.shopifyWebhooks,
    declaredTopics: declaredTopicsOfApp(),
    config: deps.webhookQueue,
    clock: deps.clock,
    logger: deps.logger,
  });
}
