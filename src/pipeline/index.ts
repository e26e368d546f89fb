/**
 * The generation pipeline, assembled, and the one way into it: the rest of src/ imports the
 * pipeline's parts from here, never from its folders (`npm run structure` counts the imports
 * that do; .dependency-cruiser.js forbids them from src/features/). It imports no feature.
 *
 *   const pipeline = app.pipeline;                   // built once by src/app/create-app.ts
 *   await pipeline.enqueueGeneration(newGeneration); // create + put in line (interactive or bulk)
 *   await pipeline.resumeShop(shop);                 // after credits were added / a key saved
 *   await pipeline.requeue(shop, id, ['paused']);    // e.g. a bulk run's resume
 *   pipeline.receiveWebhook(delivery);               // ProductAI's webhook (its service)
 *   const workers = await pipeline.startWorkers();   // web/worker/main.ts, tests, the demo
 *
 * The web process enqueues and receives; worker processes run the stages. Both may be the same
 * process (tests, the demo) or many: every coordination point is in Redis.
 *
 * This file only assembles. Where the work is:
 *   line/                 putting generations in line, cancelling, expiring what waits too long,
 *                         a shop's removal
 *   stage-handlers.ts     THE registration of the stage handlers (submit/, receive/, publish/)
 *   stages/               the stage runtime (queues, workers), which knows no stage
 *   context.ts            what every stage handler receives
 *   pipeline-stores.ts    the shared state in Redis (generations, limiter, line, job results…)
 *   pipeline-workers.ts   what a worker process runs (startWorkers)
 */
import type { ChannelChecker } from '../channels/index.ts';
import type { FidelityChecker } from '../fidelity/fidelity-report.ts';
import type { Clock } from '../platform/clock.ts';
import { createSharpImageProcessor, type ImageProcessor } from '../platform/images.ts';
import type { Logger } from '../platform/logger.ts';
import type { Metrics } from '../platform/metrics.ts';
import type { Redis } from '../platform/redis/connection.ts';
import type { ProductAiClientOptions } from '../productai/client.ts';
import type { ProductAiConfig } from '../productai/config.ts';
import type { AdminClientFactory } from '../shopify/admin-client.ts';
import type { ShopEraser } from '../stores/shop-eraser.ts';
import type { ShopSettingsStore } from '../stores/shop-settings.ts';
import type { PipelineConfig } from './config.ts';
import { createPipelineContext, type PipelineContext } from './context.ts';
import { createFlowTriggerDelivery, type FlowTriggerDelivery } from './flow/trigger-delivery.ts';
import type { Generation } from './generations/generation.ts';
import type { GenerationStore } from './generations/generation-store.ts';
import { appWideKeys } from './generations/keys.ts';
import { createBulkForecaster, type BulkForecaster } from './limits/bulk-forecaster.ts';
import type { FairScheduler } from './limits/fair-scheduler.ts';
import type { RateLimiter } from './limits/rate-limiter.ts';
import type { StageTurns } from './limits/stage-turns.ts';
import { cancelGeneration } from './line/cancel-generation.ts';
import { createGenerationLine, type GenerationLine } from './line/generation-line.ts';
import { registerShopRemoval } from './line/shop-removal.ts';
import { createWaitingExpiry, type ExpiryPorts } from './line/expire-waiting.ts';
import { sweepWaiting } from './line/expiry-sweeper.ts';
import { createPipelineStores } from './pipeline-stores.ts';
import { startPipelineWorkers, type RunningPipelineWorkers } from './pipeline-workers.ts';
import type { ResultHolds } from './publish/result-holds.ts';
import type { BeforeUndo } from './publish/review-actions.ts';
import { allGates, type TryGate } from './publish/try-gate.ts';
import { createReviewBatchQueue } from './publish/review-batch-queue.ts';
import { createReviewBatches, type ReviewBatches } from './publish/review-batches.ts';
import type { JobResults } from './receive/job-results.ts';
import { createUnclaimedResults, type UnclaimedResults } from './receive/unclaimed-results.ts';
import { createResaveResult, type ResaveResult } from './receive/resave-result.ts';
import { createWebhookReceiver, type WebhookReceiver } from './receive/webhook-receiver.ts';
import type { PublishHandlers } from './stage-handlers.ts';
import { bullConnection, createPipelineQueues, type PipelineQueues } from './stages/queues.ts';
import { createShopPause, type ShopPause } from './line/shop-pause.ts';

export { productAiWebhookUrl, type WebhookDelivery } from './receive/webhook-receiver.ts';
export { pipelineConfig, type PipelineConfig, type PipelineConfigOverrides } from './config.ts';
export { pipelineConfigFromEnv, pipelineEnv } from './config-from-env.ts';
export {
  currentWait,
  GenerationNotFoundError,
  isTerminal,
  StaleTransitionError,
  tryAgainOf,
  type Generation,
  type NewGeneration,
} from './generations/generation.ts';
export { toGenerationView } from './generations/generation-view.ts';
export { toldWhy, type ToldWhy } from './generations/reason.ts';
export type { GenerationStore } from './generations/generation-store.ts';
export { newGenerationId } from './generations/ids.ts';
export { appWideKeys, generationKeys, PENDING_STATES } from './generations/keys.ts';
export {
  bulkRunAtCapMessage,
  bulkRunsCapError,
  PENDING_CAP_CODE,
  pendingCapError,
  ruleAtCapRefusal,
  variantValuesCapError,
} from './limits/shop-quotas.ts';
export { PAUSE_MESSAGES, pauseReasonText } from './line/shop-pause.ts';
export {
  approveResult,
  chooseCandidates,
  decideVariantSet,
  rejectResult,
  undoPublished,
  type ReviewDeps,
} from './publish/index.ts';
export { createFidelityHolds } from './publish/fidelity-holds.ts';
export { downloadResult } from './publish/result-download.ts';
export { takeOffProduct } from './publish/review-actions.ts';
export { createShopifyFiles, ShopifyFilesError } from './publish/shopify-files.ts';
export type { PublishedResults } from './publish/published-results.ts';
export {
  firstOfHolds,
  wasApprovedByMerchant,
  type ResultHolds,
  type ResultPlacement,
} from './publish/result-holds.ts';
export { allGates, type TryAdmission, type TryGate } from './publish/try-gate.ts';
export { keepReplacedKeysMs } from './receive/submission-key.ts';
export { UnclaimedResultGoneError } from './receive/unclaimed-results.ts';
export type { WebhookReceiver } from './receive/webhook-receiver.ts';
export type { AdminGraphql } from './sources/admin-graphql.ts';
export { SOURCE_IMAGE_TRANSFORM, THUMBNAIL_TRANSFORM } from './sources/image-transforms.ts';
export {
  asCandidates,
  intakeFor,
  prepareGeneration,
  type GenerationRequest,
  type ProductSnapshot,
} from './sources/new-generation.ts';
export {
  completeParams,
  creditsFor,
  referenceImageRange,
  requestProblems,
  type ParamDefaults,
} from './sources/request-rules.ts';
export { loadProductImages } from './sources/source-images.ts';
export {
  loadProductVariants,
  matchOption,
  variantSetIntake,
  type VariantSetIntake,
} from './sources/variant-sources.ts';
export { bullConnection, QUEUE_NAMES } from './stages/queues.ts';
export { UNCERTAIN_CANCELLED_MESSAGE } from './line/cancel-generation.ts';
export type { RunningPipelineWorkers } from './pipeline-workers.ts';
export type { ExpiryPorts } from './line/expire-waiting.ts';
export { expiryPeriod } from './line/expire-waiting.ts';

/** What the pipeline needs from the app, given by the composition root (src/app/create-app.ts). */
export interface PipelineHost {
  config: { redisUrl: string; productAi: ProductAiConfig };
  redis: Redis;
  clock: Clock;
  logger: Logger;
  settings: ShopSettingsStore;
  admin: AdminClientFactory;
  eraser: Pick<ShopEraser, 'onUninstall' | 'onErase'>;
  onClose(name: string, hook: () => Promise<void>): void;
  /**
   * Counts ProductAI's 429s and 5xx, deliveries for another shop's job (ignored), and alt text
   * translations Shopify did not register.
   */
  metrics?: Pick<Metrics, 'productAiStatus' | 'productAiForeignDelivery' | 'altTranslationFailed'>;
}

/** What the composition root (src/app) builds the pipeline from. */
export interface PipelineParts {
  config: PipelineConfig;
  /**
   * Who else decides where a ready result goes (campaigns, rules for new products): passed in,
   * so the pipeline imports neither.
   */
  holds: ResultHolds;
  /**
   * What counts a changed result's next try before it is sent (bulk runs' budgets, the daily cap
   * of rules): passed in, so the pipeline imports neither (publish/fidelity-retry.ts). Absent:
   * every try is admitted to the line as a click's would be.
   */
  tryGate?: TryGate;
  /**
   * What the bulk runs and the campaigns decide when work they own is due to expire (a paused
   * run expires as a whole, a campaign's held result waits for its campaign): passed in, so the
   * pipeline imports neither (line/expire-waiting.ts). Absent: each generation expires alone.
   */
  expiry?: ExpiryPorts;
  /**
   * Told before the merchant's undo (one, or a batch's) changes a product's media: an image
   * experiment on the product ends first (src/features/experiments/). Passed in, so the pipeline
   * imports no feature.
   */
  beforeUndo?: BeforeUndo;
  /**
   * Makes the fidelity check's pool: called once by `startWorkers` (the stages' process), closed
   * when they stop; a web process makes none.
   */
  fidelity: () => FidelityChecker | undefined;
  /** Measures results against the shops' chosen channels (src/channels); closed by its maker. */
  channels: ChannelChecker;
}

/** What tests and benchmarks may replace. */
export interface PipelineOptions {
  /** Replace the publish handlers (tests that stop at `saving`, or use local fetch/timing). */
  publish?: PublishHandlers;
  images?: ImageProcessor;
  /** Options for every ProductAI client (e.g. shorter read retries in tests). */
  productAi?: Omit<ProductAiClientOptions, 'apiKey' | 'baseUrl'>;
  /**
   * The clock the expiry sweep reads (tests move it days ahead); the host's otherwise. Expiry is
   * scheduled on the host's clock, as every transition is.
   */
  expiryClock?: Clock;
}

/** Also `enqueueGeneration`, `admit`, `requeue` and `resumeShop`: see line/generation-line.ts. */
export interface Pipeline extends GenerationLine {
  readonly config: PipelineConfig;
  readonly generations: GenerationStore;
  /**
   * What the stages are handed parts of (stage-handlers.ts), and what the web's services and the
   * review actions, which run outside a stage, use parts of too.
   */
  readonly context: PipelineContext;
  /** Told before the merchant's undo changes a product's media (`PipelineParts.beforeUndo`). */
  readonly beforeUndo?: BeforeUndo;
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
  /**
   * A failed generation whose job ProductAI accepted, saved again from that job: a new
   * generation adopting it, nothing sent, nothing charged (receive/resave-result.ts).
   */
  resaveResult: ResaveResult;
  /** When a shop's bulk requests will have been sent, from the shared queue and limit. */
  readonly forecaster: BulkForecaster;
  /** Stage workers, the dispatcher and the pipeline's other workers, in this process. */
  startWorkers(): Promise<RunningPipelineWorkers>;
  /**
   * One pass of the expiry sweep (line/expiry-sweeper.ts) at `clock`'s now, which the workers
   * run every `expiry.sweepEveryMs`: how many generations it expired.
   */
  sweepExpired(clock?: Clock): Promise<number>;
  close(): Promise<void>;
  /** Internals, for tests and benchmarks. */
  readonly internals: {
    limiter: RateLimiter;
    scheduler: FairScheduler;
    turns: StageTurns;
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
  const prefix = keys.bullPrefix;
  const connection = bullConnection(host.config.redisUrl);
  const queues = createPipelineQueues({ connection, prefix, config, logger, redis });
  const stores = createPipelineStores({ redis, clock, keys, config });
  const { generations, limiter, scheduler, turns, jobResults, claims } = stores;
  const flowTriggers = createFlowTriggerDelivery({
    redis,
    connection,
    prefix,
    config,
    logger,
    generations,
    admin: async (shop) => host.admin.forShop(shop),
  });
  const context = createPipelineContext({
    config,
    redis,
    clock,
    logger,
    settings,
    admin: host.admin,
    generations,
    queues,
    turns,
    holds: parts.holds,
    // `line` is made below, from this context; a try is admitted long after both exist.
    tries: { gate: parts.tryGate ?? allGates(), admit: (generation) => line.admit(generation) },
    channels: parts.channels,
    images: options.images ?? createSharpImageProcessor(),
    resultDownloads: { trustedOrigins: host.config.productAi.resultDownloadOrigins },
    altTranslationFailed: host.metrics?.altTranslationFailed,
    productAi: {
      onStatus: host.metrics?.productAiStatus,
      ...options.productAi,
      baseUrl: host.config.productAi.baseUrl,
    },
  });
  const shopPause = createShopPause({ ctx: context, scheduler });
  const reviewBatchQueue = createReviewBatchQueue({ connection, prefix, redis });
  const reviewBatches = createReviewBatches({
    redis,
    clock,
    logger: logger.child({ component: 'review-batches' }),
    review: {
      generations,
      admin: context.admin,
      enqueue: context.enqueue,
      publishedResults: context.publishedResults,
      beforeUndo: parts.beforeUndo,
    },
    enqueue: (shop, id) => reviewBatchQueue.add(shop, id),
  });
  const line = createGenerationLine({
    generations,
    scheduler,
    shopPause,
    pendingCap: config.quotas.pendingPerShop,
  });
  const expirySweep = {
    generations,
    expiry: createWaitingExpiry({ generations, config: config.expiry, ports: parts.expiry ?? {} }),
    config: config.expiry,
    clock: options.expiryClock ?? clock,
  };
  registerShopRemoval(host.eraser, {
    ...stores,
    redis,
    productAiWaits: context.productAiWaits,
    jobQueues: [
      { eraseShop: (_shop, trace) => queues.eraseShop(trace) },
      { eraseShop: (shop) => reviewBatchQueue.eraseShop(shop) },
      flowTriggers,
    ],
  });

  return {
    config,
    generations,
    context,
    beforeUndo: parts.beforeUndo,
    ...line,
    cancel: (shop, id, note) => cancelGeneration(generations, shop, id, note),
    unclaimedResults: createUnclaimedResults({
      redis,
      jobResults,
      claims,
      queues,
      generations,
      line,
      context,
    }),
    resaveResult: createResaveResult({ redis, jobResults, claims, queues, line, context }),
    forecaster: createBulkForecaster({ scheduler, limiter, config }),
    reviewBatches,
    receiveWebhook: createWebhookReceiver({
      settings,
      jobResults,
      queues,
      clock,
      logger,
      allowedIps: host.config.productAi.webhookAllowedIps,
      onForeignDelivery: host.metrics?.productAiForeignDelivery,
    }),
    startWorkers: () =>
      startPipelineWorkers({
        ...stores,
        config,
        queues,
        shopPause,
        requeue: line.requeue,
        publish: options.publish,
        redisUrl: host.config.redisUrl,
        connection,
        keys,
        clock,
        logger,
        context,
        fidelity: parts.fidelity,
        flowTriggers,
        reviewBatches,
        expirySweep,
      }),
    sweepExpired: async (clock = expirySweep.clock) =>
      (await sweepWaiting({ ...expirySweep, clock })).expired,
    async close() {
      await Promise.all([queues.close(), flowTriggers.close(), reviewBatchQueue.close()]);
    },
    internals: { limiter, scheduler, turns, queues, jobResults, shopPause, flowTriggers },
  };
}
