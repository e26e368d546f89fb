/**
 * The bulk runs part of the JSON contract: one generation per product of a collection or a
 * selection, its estimate and its progress. Browser-safe: zod only.
 */
import { z } from 'zod';
import { CodedText } from './api-error.ts';
import {
  GenerationKind,
  GenerationParams,
  GenerationState,
  CandidateCount,
} from './generations.ts';
import { shopifyGid } from './ids.ts';
import { BulkVariantSets, EachVariant } from './variant-sets.ts';

export const BulkRunTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('collection'), collectionId: shopifyGid('Collection') }),
  z.object({
    type: z.literal('products'),
    productIds: z.array(shopifyGid('Product')).min(1).max(250),
  }),
]);
export type BulkRunTarget = z.infer<typeof BulkRunTarget>;

export const CreateBulkRunRequest = GenerationParams.extend({
  target: BulkRunTarget,
  kind: GenerationKind,
  /** How many of each product's images to send (up to the model's limit); default 1. */
  imagesPerProduct: z.number().int().min(0).max(10).optional(),
  /** Credits the run may spend at most; products beyond it are skipped, never charged. */
  creditBudget: z.number().int().positive().optional(),
  /**
   * Also make products that already carry a result of this app made with the same options
   * (by default they are skipped, so running a run twice does not add a second result).
   */
  includeDone: z.boolean().optional(),
  /**
   * Results to choose among per product (default 1), as on Generate: each is its own ProductAI
   * request; with more than one, a product's options wait for review in Activity.
   */
  options: CandidateCount.optional(),
  /**
   * One result per value of an option ("one per colour", variant-sets.ts) for each product
   * whose variants have their own images; the others get one result. A photo, one option.
   */
  eachVariant: EachVariant.optional(),
});
export type CreateBulkRunRequest = z.infer<typeof CreateBulkRunRequest>;

/** When a run's last request will have been sent, from its place in the shared queue. */
export const BulkSchedule = z.object({
  /** Requests of every store this app serves that go before the run's first one. */
  requestsAhead: z.number().int(),
  /** Requests sent (all stores) until the run's last one is sent, its own included. */
  requestsToFinish: z.number().int(),
  /** ProductAI's limit, shared by every store this app serves (15 a minute). */
  requestsPerMinute: z.number(),
  /** From now until the last result is expected (its request sent, plus typical processing). */
  finishInMs: z.number().int(),
});
export type BulkSchedule = z.infer<typeof BulkSchedule>;

/** What a run makes of its products (src/app-api/run-outcome.ts computes it). */
export const RunOutcomeView = z.object({
  productCount: z.number().int(),
  /** Products sent to ProductAI and charged. */
  toMake: z.number().int(),
  skipped: z.object({
    noImage: z.number().int(),
    alreadyDone: z.number().int(),
    overBudget: z.number().int(),
    total: z.number().int(),
  }),
  /** toMake x creditsPerProduct: never above the budget. */
  credits: z.number().int(),
  /** ProductAI requests: toMake x options. */
  requests: z.number().int(),
});
export type RunOutcomeView = z.infer<typeof RunOutcomeView>;

export const BulkEstimate = z.object({
  /** Products in the target. */
  productCount: z.number().int(),
  /** Products that will be sent to ProductAI (and charged), within the budget. */
  toProcess: z.number().int(),
  /** Products that cannot be made with these options (no image for a model that needs one). */
  unprocessable: z.number().int(),
  /** Products that already carry a result of this app with the same options (skipped). */
  alreadyDone: z.number().int(),
  /** Whether `alreadyDone` products are made again (then they are counted in `toProcess`). */
  includeDone: z.boolean(),
  /** Products actually looked at: in a very large collection, only the first ones are. */
  checkedCount: z.number().int(),
  /** Options per product: ProductAI requests per product. */
  options: z.number().int(),
  /** For every option of one product together. */
  creditsPerProduct: z.number().int(),
  /** toProcess x creditsPerProduct: never above the budget. */
  estimatedCredits: z.number().int(),
  /** What the run will make, skip (and why) and cost: the run card's figures once it runs. */
  outcome: RunOutcomeView,
  /** null when nothing would be sent, or the shop's work is paused. */
  schedule: BulkSchedule.nullable(),
  /** Why the run cannot start, in English (empty when it can). */
  problems: z.array(z.string()),
  /** The same problems coded (error-codes.ts), in the same order: what a client translates. */
  problemTexts: z.array(CodedText),
  /** With `eachVariant`: the products made one per value, their results, the others. */
  variantSets: BulkVariantSets.optional(),
});
export type BulkEstimate = z.infer<typeof BulkEstimate>;

export const BulkRunState = z.enum(['running', 'paused', 'cancelled', 'completed']);
/**
 * Why a running run is not adding products now, when that is not its own doing: `pending_cap`,
 * the shop holds its cap of generations not yet final (docs/operations.md, Quotas per shop). `message` says
 * so in the merchant's words; the run goes on by itself as places free.
 */
export const BulkRunWaiting = z.object({
  cause: z.literal('pending_cap'),
  /** When the run found the shop at its cap (ISO 8601). */
  since: z.string(),
  message: z.string(),
  /** `message` coded (error-codes.ts): what a client translates. */
  messageText: CodedText,
});
export type BulkRunWaiting = z.infer<typeof BulkRunWaiting>;

export const BulkRunView = z.object({
  id: z.string(),
  title: z.string(), // e.g. the collection's title or "12 selected products"
  target: BulkRunTarget,
  kind: GenerationKind,
  params: GenerationParams,
  state: BulkRunState,
  productCount: z.number().int().nullable(), // null while not yet known
  expandedCount: z.number().int(), // products turned into generations so far
  options: z.number().int(), // generations (options to choose among) per product
  estimatedCredits: z.number().int(),
  creditBudget: z.number().int().nullable(),
  creditsCommitted: z.number().int(),
  skippedForBudget: z.number().int(),
  /** Products that could not be made (no image): skipped, never charged, no generation. */
  skippedUnprocessable: z.number().int(),
  /** Products skipped because they already carry a result with the same options. */
  skippedDone: z.number().int(),
  includeDone: z.boolean(),
  /**
   * What the run makes and skips: the estimate's figures while products remain to be read,
   * the run's own counts once every product is (then they match the estimate's).
   */
  outcome: RunOutcomeView,
  /** The campaign that started the run, if one did (`ended`: its end stopped the run). */
  campaign: z.object({ id: z.string(), name: z.string(), ended: z.boolean() }).nullable(),
  counts: z.record(GenerationState, z.number().int()),
  /** null unless the run is running with requests still to send. */
  schedule: BulkSchedule.nullable(),
  /** Set while a running run waits for places under the shop's cap; null otherwise. */
  waiting: BulkRunWaiting.nullable().optional(),
  /**
   * Set on a run cancelled for having stayed paused too long (docs/operations.md, Quotas per shop): when,
   * and the merchant's words for it. Null otherwise.
   */
  expired: z
    .object({ at: z.string(), message: z.string(), messageText: CodedText })
    .nullable()
    .optional(),
  /**
   * With `eachVariant`: the option and the run's sets so far (the estimate's until the run
   * has read every product); null for a run of one result per product.
   */
  eachVariant: EachVariant.nullable().optional(),
  variantSets: BulkVariantSets.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BulkRunView = z.infer<typeof BulkRunView>;
