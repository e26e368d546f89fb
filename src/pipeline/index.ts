/**
 * The generation pipeline, assembled: what the rest of the app uses.
 *
 *   const pipeline = app.pipeline;                   // built once by src/app/create-app.ts
 *   await pipeline.enqueueGeneration(newGeneration); // create + put in line (interactive or bulk)
 *   await pipeline.resumeShop(shop);                 // after credits were added / a key saved
 *   await pipeline.requeue(shop, id, ['paused']);    // e.g. a bulk run's resume
 *   pipeline.receiveWebhook(delivery);               // the ProductAI webhook route
 *   const workers = await pipeline.startWorkers();   // web/worker/main.ts, tests, the demo
 *
 * The web process enqueues and receives; worker processes run the stages. Both may be the same
 * process (tests, the demo) or many: every coordination point is in Redis.
 */
import type { AppConfig } from '../platform/config.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';
import type { Metrics } from '../platform/metrics.ts';
import { connectRedis, type Redis } from '../platform/redis/connection.ts';
import type { ProductAiClientOptions } from '../productai/client.ts';
import type { AdminClientFactory } from '../shopify/admin-client.ts';
import type { ShopEraser } from '../stores/shop-eraser.ts';
import type { ShopSettingsStore } from '../stores/shop-settings.ts';
import type { ResultHolds } from './publish/result-holds.ts';
import type { PipelineConfig } from './config.ts';
import type { Generation } from './generations/generation.ts';
import { createGenerationStore, type GenerationStore } from './generations/generation-store.ts';
import { createSharpImageProcessor, type ImageProcessor } from '../platform/images.ts';
import { appWideKeys } from './generations/keys.ts';
import { startRetentionSweeper } from './generations/retention-sweeper.ts';
import { bullConnection, createPipelineQueues, type PipelineQueues } from './stages/queues.ts';
import { createShopPause, type ShopPause } from './submit/shop-pause.ts';
import { createPipelineContext, type PipelineContext } from './context.ts';
import { startQueueWorkers } from './stages/workers.ts';
import { pipelineStages, type PublishHandlers } from './stage-handlers.ts';
import { cancelGeneration } from './line/cancel-generation.ts';
import { createGenerationLine, type GenerationLine } from './line/generation-line.ts';
import { registerShopRemoval } from './line/shop-removal.ts';
import { createBulkForecaster, type BulkForecaster } from './limits/bulk-forecaster.ts';
import { startDispatcher } from './limits/dispatcher.ts';
import { createFairScheduler, type FairScheduler } from './limits/fair-scheduler.ts';
import { createRateLimiter, type RateLimiter } from './limits/rate-limiter.ts';
import { createJobResults, type JobResults } from './receive/job-results.ts';
import { createReviewBatchQueue, startReviewBatchWorker } from './publish/review-batch-queue.ts';
import { createReviewBatches, type ReviewBatches } from './publish/review-batches.ts';
import { createSubmissionClaims } from './limits/submission-claims.ts';
import { createUnclaimedResults, type UnclaimedResults } from './receive/unclaimed-results.ts';
import { createWebhookReceiver, type WebhookReceiver } from './receive/webhook-receiver.ts';
import {
  createFlowTriggerDelivery,
  flowTriggerOutbox,
  type FlowTriggerDelivery,
} from './flow/trigger-delivery.ts';

export {
  productAiWebhookUrl,
  type WebhookAnswer,
  type WebhookDelivery,
} from './receive/webhook-receiver.ts';
export { pipelineConfig, type PipelineConfig, type PipelineConfigOverrides } from './config.ts';
export { toGenerationView } from './generations/generation.ts';
export { bullConnection } from './stages/queues.ts';
export { UNCERTAIN_CANCELLED_MESSAGE } from './line/cancel-generation.ts';

/** What the pipeline needs from the app (a subset of web/server's AppDeps). */
export interface PipelineHost {
  config: Pick<AppConfig, 'redisUrl' | 'productAi'>;
  redis: Redis;
  clock: Clock;
  logger: Logger;
  settings: ShopSettingsStore;
  admin: AdminClientFactory;
  eraser: Pick<ShopEraser, 'onUninstall' | 'onErase'>;
  onClose(name: string, hook: () => Promise<void>): void;
  /** Counts ProductAI's 429s and 5xx. */
  metrics?: Pick<Metrics, 'productAiStatus'>;
}

/** What the composition root (src/app) builds the pipeline from. */
export interface PipelineParts {
  config: PipelineConfig;
  /**
   * Who else decides where a ready result goes (campaigns, rules for new products): passed in,
   * so the pipeline imports neither.
   */
  holds: ResultHolds;
}

/** What tests and benchmarks may replace. */
export interface PipelineOptions {
  /** Replace the publish handlers (tests that stop at `saving`, or use local fetch/timing). */
  publish?: PublishHandlers;
  images?: ImageProcessor;
  /** Options for every ProductAI client (e.g. shorter read retries in tests). */
  productAi?: Omit<ProductAiClientOptions, 'apiKey' | 'baseUrl'>;
}

export interface RunningPipelineWorkers {
  stop(): Promise<void>;
}

/** Also `enqueueGeneration`, `admit`, `requeue` and `resumeShop`: see line/generation-line.ts. */
export interface Pipeline extends GenerationLine {
  readonly config: PipelineConfig;
  readonly generations: GenerationStore;
  /** The context stage handlers receive (also for P2's review actions). */
  readonly context: PipelineContext;
  /**
   * Cancels a generation not sent yet (queued or paused), or one whose request may have been
   * (uncertain: the merchant stops waiting; it is never sent again, and a result ProductAI still
   * delivers for it is listed as unclaimed, to attach without paying again).
   */
  cancel(shop: string, id: string, note?: string): Promise<Generation>;
  receiveWebhook: WebhookReceiver;
  /** One review decision over many generations, run by the workers with progress. */
  reviewBatches: ReviewBatches;
  /** Paid results no generation could claim: listed for the merchant, attachable to a product. */
  unclaimedResults: UnclaimedResults;
  /** When a shop's bulk requests will have been sent, from the shared queue and limit. */
  readonly forecaster: BulkForecaster;
  /** Stage workers and the dispatcher, in this process. */
  startWorkers(): Promise<RunningPipelineWorkers>;
  close(): Promise<void>;
  /** Internals, for tests and benchmarks. */
  readonly internals: {
    limiter: RateLimiter;
    scheduler: FairScheduler;
    queues: PipelineQueues;
    jobResults: JobResults;
    shopPause: ShopPause;
    flowTriggers: FlowTriggerDelivery;
  };
}

export function createPipeline(
  host: PipelineHost,
  parts: PipelineParts,
  options: PipelineOptions = {},
): Pipeline {
  const { config } = parts;
  const { redis, clock, logger, settings } = host;
  const keys = appWideKeys(config.namespace);
  const connection = bullConnection(host.config.redisUrl);
  const queues = createPipelineQueues({ connection, prefix: keys.bullPrefix, config, logger });
  const generations = createGenerationStore({
    redis,
    clock,
    keys,
    retention: config.retention,
    outbox: flowTriggerOutbox(config.namespace),
  });
  const flowTriggers = createFlowTriggerDelivery({
    redis,
    connection,
    prefix: keys.bullPrefix,
    config,
    logger,
    generations,
    admin: async (shop) => host.admin.forShop(shop),
  });
  const limiter = createRateLimiter({
    redis,
    clock,
    slotsKey: keys.limiterSlots,
    pausedUntilKey: keys.limiterPausedUntil,
    ...config.limiter,
  });
  const scheduler = createFairScheduler({ redis, clock, keys });
  const jobResults = createJobResults({ redis, clock, keys });
  const claims = createSubmissionClaims({ redis, namespace: config.namespace });

  const context = createPipelineContext({
    config,
    redis,
    clock,
    logger,
    settings,
    admin: host.admin,
    generations,
    queues,
    holds: parts.holds,
    images: options.images ?? createSharpImageProcessor(),
    productAi: {
      onStatus: host.metrics?.productAiStatus,
      ...options.productAi,
      baseUrl: host.config.productAi.baseUrl,
    },
  });
  const shopPause = createShopPause({ ctx: context, scheduler });
  const reviewBatchQueue = createReviewBatchQueue({ connection, prefix: keys.bullPrefix });
  const reviewBatches = createReviewBatches({
    redis,
    clock,
    logger: logger.child({ component: 'review-batches' }),
    review: context,
    enqueue: (shop, id) => reviewBatchQueue.add(shop, id),
  });

  const line = createGenerationLine({ generations, scheduler, shopPause });
  registerShopRemoval(host.eraser, { generations, scheduler, jobResults });

  return {
    config,
    generations,
    context,

    ...line,
    cancel: (shop, id, note) => cancelGeneration(generations, shop, id, note),

    unclaimedResults: createUnclaimedResults({
      redis,
      jobResults,
      claims,
      queues,
      generations,
      context,
    }),
    forecaster: createBulkForecaster({ scheduler, limiter, config }),

    reviewBatches,

    receiveWebhook: createWebhookReceiver({
      settings,
      jobResults,
      queues,
      clock,
      logger,
      allowedIps: host.config.productAi.webhookAllowedIps,
    }),

    async startWorkers() {
      const stages = pipelineStages(
        {
          config,
          limiter,
          scheduler,
          shopPause,
          jobResults,
          claims,
          queues,
          requeue: line.requeue,
        },
        options.publish,
      );
      const workers = startQueueWorkers({
        ...stages,
        ctx: context,
        connection,
        prefix: keys.bullPrefix,
        config,
        logger,
      });
      const subscriber = await connectRedis(host.config.redisUrl, {
        name: 'productai-dispatcher-wake',
      });
      const dispatcher = await startDispatcher({
        scheduler,
        queues,
        subscriber,
        keys,
        config,
        clock,
        logger,
      });
      const triggers = flowTriggers.start();
      const reviewBatchWorker = startReviewBatchWorker({
        connection,
        prefix: keys.bullPrefix,
        batches: reviewBatches,
        stages: config.stages,
        logger,
      });
      const sweeper = startRetentionSweeper({
        generations,
        config: config.retention,
        clock,
        logger,
      });
      return {
        async stop() {
          await Promise.all([dispatcher.stop(), sweeper.stop(), triggers.stop()]);
          await Promise.all([workers.close(), reviewBatchWorker.close()]);
        },
      };
    },

    async close() {
      await Promise.all([queues.close(), flowTriggers.close(), reviewBatchQueue.close()]);
    },

    internals: { limiter, scheduler, queues, jobResults, shopPause, flowTriggers },
  };
}
