/**
 * What a worker process runs, on a built App: the pipeline's stage workers and dispatcher, the
 * features' workers (src/features/index.ts: the bulk-run expansion, the campaigns' timed phases,
 * the next-day release of automatic work), and the Shopify webhook jobs. Run as many worker processes as needed: they coordinate through
 * Redis only. The webhook worker starts last and checks that every topic shopify.app.toml
 * subscribes to has a handler (it refuses to start on a gap).
 */
import { startFeatureWorkers } from '../features/index.ts';
import { bullConnection } from '../pipeline/index.ts';
import { declaredTopicsOfApp } from '../shopify/declared-topics.ts';
import { startWebhookWorker } from '../shopify/webhook-queue.ts';
import type { App } from './create-app.ts';

export interface RunningWorkers {
  stop(): Promise<void>;
}

/** The Shopify webhook jobs alone (the web tests run them beside the server). */
export async function startShopifyWebhookWorker(app: App): Promise<RunningWorkers> {
  const worker = await startWebhookWorker({
    connection: bullConnection(app.config.redisUrl),
    redis: app.redis,
    registry: app.shopifyWebhooks,
    declaredTopics: declaredTopicsOfApp(),
    config: app.webhookQueue,
    clock: app.clock,
    logger: app.logger,
  });
  return { stop: () => worker.close() };
}

export async function startWorkers(app: App): Promise<RunningWorkers> {
  const stages = await app.pipeline.startWorkers();
  const features = startFeatureWorkers(app.engines);
  const webhooks = await startShopifyWebhookWorker(app);
  return {
    async stop() {
      await Promise.all([
        stages.stop(),
        ...features.map((worker) => worker.close()),
        webhooks.stop(),
      ]);
    },
  };
}
