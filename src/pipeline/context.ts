/**
 * The stores, clients and settings the pipeline's stages use, built once here for the
 * composition root (index.ts). No stage is handed the whole of it: each declares the members it
 * uses (its `*_USES` list, of which its context type is made) and stage-handlers.ts hands it only
 * those; the review actions, the probes and the web's services take the parts they use too. The
 * stage runtime (stages/) passes it through without knowing more of it than `StageContext`.
 */
import type { ChannelChecker } from '../channels/index.ts';
import type { FidelityChecker } from '../fidelity/fidelity-report.ts';
import type { Clock } from '../platform/clock.ts';
import type { SafeFetchPolicy } from '../platform/http/safe-fetch.ts';
import type { ImageProcessor } from '../platform/images.ts';
import type { Logger } from '../platform/logger.ts';
import type { Redis } from '../platform/redis/connection.ts';
import {
  createProductAiClient,
  type ProductAiClient,
  type ProductAiClientOptions,
} from '../productai/client.ts';
import type { AdminClientFactory } from '../shopify/admin-client.ts';
import type { ShopSettingsStore } from '../stores/shop-settings.ts';
import type { PipelineConfig } from './config.ts';
import { appWideKeys } from './generations/keys.ts';
import type { StageName } from './generations/generation.ts';
import type { GenerationStore } from './generations/generation-store.ts';
import { createFileNames, type FileNames } from './publish/file-names.ts';
import {
  createLearnedProcessingTimes,
  type LearnedProcessingTimes,
} from './publish/learned-processing-times.ts';
import { createMediaProvenance, type MediaProvenance } from './publish/media-provenance.ts';
import { createPublishedResults, type PublishedResults } from './publish/published-results.ts';
import { createShopifyDownSince, type ShopifyDownSince } from './publish/shopify-down-since.ts';
import { createShopLocales, type ShopLocales } from './publish/shop-locales.ts';
import { inShopTurns } from './receive/in-shop-turns.ts';
import {
  createProductAiWaits,
  type ProductAiWait,
  type ProductAiWaits,
} from './receive/productai-waits.ts';
import type { ResultHolds } from './publish/result-holds.ts';
import type { FidelityTries } from './publish/try-gate.ts';
import type { AdminGraphql } from './sources/admin-graphql.ts';
import { createShopStyles, type ShopStyles } from './sources/shop-style.ts';
import { createUploadPacer } from './limits/upload-pacer.ts';
import type { PipelineQueues } from './stages/queues.ts';
import type { StageTurns, TurnStage } from './limits/stage-turns.ts';
import type { EnqueueOptions, GenerationRef, StageContext } from './stages/stage.ts';

export interface PipelineContext extends StageContext {
  generations: GenerationStore;
  settings: ShopSettingsStore;
  /** The Admin GraphQL client for a shop (its offline token). */
  admin(shop: string): Promise<AdminGraphql>;
  /**
   * A ProductAI client for an API key (the shop's key from `settings.getApiKey`); `readRetry`
   * replaces the client's retries of reads (the probe reads once).
   */
  productAi(apiKey: string, options?: Pick<ProductAiClientOptions, 'readRetry'>): ProductAiClient;
  /** The shop style a request is sent with, its reference uploaded once per account. */
  styles: ShopStyles;
  images: ImageProcessor;
  /** Where ProductAI result downloads may go (publish/result-download.ts). */
  resultDownloads: SafeFetchPolicy;
  /** Which products already carry a result made with the same options. */
  publishedResults: PublishedResults;
  /** Results' file names, claimed per shop (attach). */
  fileNames: FileNames;
  /** When each shop's saves first met the Shopify outage they are in (publish/shopify-outage.ts). */
  shopifyDown: ShopifyDownSince;
  /** The generations whose job reads wait out a ProductAI outage (receive/productai-outage.ts). */
  productAiWaits: ProductAiWaits;
  /** Results' provenance entries in Shopify (attach). */
  mediaProvenance: MediaProvenance;
  /** The shop's published locales, kept a while (attach and verify write alt text in them). */
  shopLocales: ShopLocales;
  /** Counts a result's alt text not registered in the shop's other languages (metrics). */
  altTranslationFailed(): void;
  /** Shopify's processing time per kind and size, as verify learned it (attach, verify). */
  processingTimes: LearnedProcessingTimes;
  clock: Clock;
  logger: Logger;
  config: PipelineConfig;
  /** Who else decides where a ready result goes (a campaign holds its results); optional. */
  holds?: ResultHolds;
  /** How a changed result is made again (publish/fidelity-retry.ts); absent: it is not. */
  tries?: FidelityTries;
  /**
   * The fidelity check's pool, where the stages run (pipeline-workers.ts gives it to them):
   * attach checks every result with it. Absent elsewhere (the web's review actions check nothing).
   */
  fidelity?: FidelityChecker;
  /** Measures results against the shop's chosen channels (attach, publish/channel-step.ts). */
  channels: ChannelChecker;
  /**
   * Starts a stage for a generation; deduplicated by (generation, stage). Attach and verify are
   * taken in turns by shop (limits/stage-turns.ts): the generation joins its shop's line there.
   */
  enqueue(stage: StageName, ref: GenerationRef, options?: EnqueueOptions): Promise<void>;
  /**
   * Shopify answered again after an outage: the results of every shop waiting on it are due
   * now, in turn (limits/stage-turns.ts), rather than each at the end of its own backoff.
   */
  shopifyBack(): Promise<void>;
  /**
   * ProductAI answered a read with `account`'s key (null: a key of no known account): the
   * generations waiting on it read their jobs now (their await jobs promoted, shops in turn),
   * rather than each at the end of its own backoff. Only the waits the answer covers
   * (receive/productai-waits.ts `release`): ProductAI's own, and that account's rate limit.
   */
  productAiBack(account: string | null): Promise<void>;
}

/** Waiting generations brought forward per Redis call after a ProductAI outage. */
const PROMOTE_BATCH = 200;

export function createPipelineContext(deps: {
  config: PipelineConfig;
  redis: Redis;
  clock: Clock;
  logger: Logger;
  settings: ShopSettingsStore;
  admin: AdminClientFactory;
  generations: GenerationStore;
  queues: PipelineQueues;
  turns: StageTurns;
  holds: ResultHolds;
  tries?: FidelityTries;
  channels: ChannelChecker;
  images: ImageProcessor;
  resultDownloads: SafeFetchPolicy;
  altTranslationFailed?: () => void;
  /** Every ProductAI client's options: the service's address, status counting, retries. */
  productAi: Omit<ProductAiClientOptions, 'apiKey'>;
}): PipelineContext {
  const { queues, turns } = deps;
  const isTurnStage = (stage: StageName): stage is TurnStage =>
    (turns.queues as readonly StageName[]).includes(stage);
  const productAi: PipelineContext['productAi'] = (apiKey, options) =>
    createProductAiClient({ ...deps.productAi, ...options, apiKey });
  const productAiWaits = createProductAiWaits(
    deps.redis,
    appWideKeys(deps.config.namespace).productAiWaits,
  );
  return {
    generations: deps.generations,
    settings: deps.settings,
    admin: async (shop) => deps.admin.forShop(shop),
    productAi,
    styles: createShopStyles({
      redis: deps.redis,
      clock: deps.clock,
      store: deps.settings,
      pacer: createUploadPacer(deps.redis, deps.clock),
      productAi,
    }),
    images: deps.images,
    resultDownloads: deps.resultDownloads,
    publishedResults: createPublishedResults(deps.redis),
    fileNames: createFileNames(deps.redis, deps.clock),
    shopifyDown: createShopifyDownSince(deps.redis),
    shopLocales: createShopLocales(deps.redis),
    altTranslationFailed: deps.altTranslationFailed ?? (() => undefined),
    productAiWaits,
    mediaProvenance: createMediaProvenance(deps.logger),
    processingTimes: createLearnedProcessingTimes(deps.redis, deps.config.namespace),
    clock: deps.clock,
    logger: deps.logger,
    config: deps.config,
    holds: deps.holds,
    tries: deps.tries,
    channels: deps.channels,
    enqueue: (stage, ref, options) => {
      const { shop, generationId } = ref;
      return isTurnStage(stage)
        ? turns.put(stage, { shop, generationId }, options?.delayMs)
        : queues.add(stage, ref, generationId, options);
    },
    shopifyBack: () => turns.outageEnded(),
    async productAiBack(account) {
      // A job still running the read that failed is about to wait again: it stays in the set
      // (put back once the rest are released), so the probe's next answer brings it forward.
      const running: ProductAiWait[] = [];
      for (let more = true; more;) {
        const waiting = await productAiWaits.release(account, PROMOTE_BATCH);
        for (const wait of inShopTurns(waiting)) {
          if ((await queues.promote('await', wait.generationId)) === 'active') running.push(wait);
        }
        more = waiting.length === PROMOTE_BATCH;
      }
      for (const wait of running) await productAiWaits.add(wait, deps.clock.now());
    },
  };
}
