/**
 * The contract between the queue and the stage handlers. Each stage (submit, await, attach,
 * verify) is a separate queue job whose payload is only a `GenerationRef`; the handler reloads
 * the generation and decides from its state, so a repeated job (crash, duplicate enqueue) is a
 * no-op or repeats only that stage's work.
 *
 * Handler rules:
 *  - Move the generation only with `ctx.generations.transition({ from, to })`: a
 *    StaleTransitionError means another worker or a webhook got there first; return `done`.
 *  - Return `{ status: 'later', delayMs }` to run the same stage again later (poll again, Shopify
 *    still processing): the job is parked as delayed, not failed, and keeps its id.
 *  - Throw for transient failures (network, 5xx, Redis): the queue retries with backoff; when the
 *    retries run out the generation is given the stage's `GiveUpRule` (a merchant-readable reason),
 *    registered with the handler.
 *  - Start the next stage with `ctx.enqueue(stage, ref)`; enqueues are deduplicated by
 *    generation and stage, so enqueueing twice starts one job.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import type { ProductAiClient } from '../../productai/client.ts';
import type { ShopSettingsStore } from '../../stores/shop-settings.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';
import type { PipelineConfig } from '../config.ts';
import type { GenerationState, StageName } from '../generations/generation.ts';
import type { GenerationStore } from '../generations/generation-store.ts';
import type { ImageProcessor } from '../../platform/images.ts';
import type { ResultHolds } from '../publish/result-holds.ts';
import type { PublishedResults } from '../publish/published-results.ts';

export type { StageName } from '../generations/generation.ts';

/** A job payload: ids only. */
export interface GenerationRef {
  shop: string;
  generationId: string;
}

export type StageOutcome =
  | { status: 'done' }
  /** Run this stage again for the same generation after `delayMs` (not counted as a failure). */
  | { status: 'later'; delayMs: number };

export const DONE: StageOutcome = { status: 'done' };
export const later = (delayMs: number): StageOutcome => ({ status: 'later', delayMs });

export interface EnqueueOptions {
  /** Start the job no earlier than this many ms from now. */
  delayMs?: number;
}

export interface PipelineContext {
  generations: GenerationStore;
  settings: ShopSettingsStore;
  /** The Admin GraphQL client for a shop (its offline token). */
  admin(shop: string): Promise<AdminGraphql>;
  /** A ProductAI client for an API key (the shop's key from `settings.getApiKey`). */
  productAi(apiKey: string): ProductAiClient;
  images: ImageProcessor;
  /** Which products already carry a result made with the same options. */
  publishedResults: PublishedResults;
  clock: Clock;
  logger: Logger;
  config: PipelineConfig;
  /** Who else decides where a ready result goes (a campaign holds its results); optional. */
  holds?: ResultHolds;
  /** Starts a stage for a generation; deduplicated by (generation, stage). */
  enqueue(stage: StageName, ref: GenerationRef, options?: EnqueueOptions): Promise<void>;
}

export type StageHandler = (ref: GenerationRef, ctx: PipelineContext) => Promise<StageOutcome>;

/**
 * What a generation becomes when its stage's last try failed: the first rule whose `from`
 * matches its state is applied (`reason`, `action` shown to the merchant), then `then` runs
 * (e.g. reconciliation of a submission left uncertain).
 */
export interface GiveUpRule {
  from: GenerationState[];
  to: GenerationState;
  reason: string;
  action: string | null;
  then?: (ref: GenerationRef) => Promise<void>;
}
