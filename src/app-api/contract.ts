/**
 * The JSON contract between the app's server (`/api/*`, session-token auth) and its two kinds of
 * clients: the app home (web/frontend) and the admin action extensions (extensions/). Browser-safe:
 * zod only. The server validates request bodies with these schemas; clients use the types.
 *
 * Errors: every 4xx/5xx answer has the body `ApiErrorBody` (`error` is a stable code, `message` is
 * written for the merchant). 401 with header `X-Shopify-Retry-Invalid-Session-Request: 1` asks
 * App Bridge to retry with a fresh session token.
 *
 * Routes:
 *   GET    /api/session                         -> { shop }
 *   GET    /api/shop                            -> ShopView (the shop's clock: every date shown)
 *   GET    /api/settings                        -> SettingsView
 *   PATCH  /api/settings                        UpdateSettingsRequest -> SettingsView
 *   PUT    /api/settings/api-key                SaveApiKeyRequest -> SettingsView (400 invalid_api_key)
 *   DELETE /api/settings/api-key                -> SettingsView
 *   POST   /api/shop/resume                     -> SettingsView (resumes work paused for credits/key)
 *   PUT    /api/settings/style/reference        image bytes (JPEG/PNG/WebP) -> SettingsView
 *   POST   /api/settings/style/reference/from-generation  UseResultAsStyleRequest -> SettingsView
 *   DELETE /api/settings/style/reference        -> SettingsView
 *   GET    /api/products?query=&after=          -> ProductPage
 *   GET    /api/products/:id                    -> ProductDetail        (:id numeric or URL-encoded gid)
 *   GET    /api/collections/:id                 -> CollectionSummary
 *   POST   /api/generations/estimate            CreateGenerationRequest -> Estimate
 *   POST   /api/generations                     CreateGenerationRequest -> CreatedGeneration (202)
 *                                                (the first option when several were asked for;
 *                                                header Idempotency-Key: see IDEMPOTENCY_KEY)
 *   GET    /api/generations?state=&bulkRunId=&productId=&fidelity=&cursor=&limit= -> GenerationPage
 *   GET    /api/generations/:id                 -> GenerationView
 *   POST   /api/generations/:id/approve|reject|undo|cancel -> GenerationView
 *   POST   /api/generations/:id/retry           RetryGenerationRequest? -> GenerationView (202, the new one)
 *   GET    /api/option-groups/:id               -> OptionGroupView
 *   POST   /api/option-groups/:id/choose        ChooseOptionsRequest -> OptionGroupView
 *   POST   /api/review-batches                  CreateReviewBatchRequest -> ReviewBatchView (202)
 *                                                (409 flagged_results: see ApproveFlagged)
 *   GET    /api/review-batches/:id              -> ReviewBatchView
 *   POST   /api/variant-sets/:id/decision       DecideVariantSetRequest -> VariantSetView
 *   POST   /api/bulk-runs/estimate              BulkRunTarget & params -> BulkEstimate
 *   POST   /api/bulk-runs                       CreateBulkRunRequest -> BulkRunView (202)
 *   GET    /api/bulk-runs                       -> { bulkRuns: BulkRunView[] }
 *   GET    /api/bulk-runs/:id                   -> BulkRunView
 *   POST   /api/bulk-runs/:id/pause|resume|cancel -> BulkRunView
 *   GET    /api/overview                        -> OverviewView
 *   POST   /api/setup-guide/dismiss             -> SetupGuideView
 *   GET    /api/unclaimed-results               -> UnclaimedResultList (unclaimed-results.ts)
 *   POST   /api/unclaimed-results/:jobId/attach AttachUnclaimedRequest -> GenerationView (202)
 *   /api/campaigns...                          see campaigns.ts (it builds on these schemas)
 *   /api/rules, /api/rules-cap                 see rules.ts
 */
import { z } from 'zod';
import { CHANNEL_IDS } from '../channels/channel-ids.ts';
import { GENERATION_STATES } from './generation-states.ts';
import { BulkRunId, GenerationId, PresetId, shopifyGid } from './ids.ts';
import { PROMPT_MAX_LENGTH } from './prompt-limits.ts';
import {
  BulkVariantSets,
  EachVariant,
  VariantSetCreated,
  VariantSetEstimate,
  VariantTargetView,
} from './variant-sets.ts';
import { ShopStyleView, StyleChoice, StylePhrase, StyleUsed } from './shop-style.ts';

export * from './ids.ts';
export * from './variant-sets.ts';
export * from './shop-style.ts';

export const ApiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  /** Field-level problems for forms (field name -> message). */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

// ---------------------------------------------------------------------------------------------
// Generations

export const GenerationKind = z.enum(['photo', 'video', 'upscale']);
export type GenerationKind = z.infer<typeof GenerationKind>;

/**
 * queued      waiting for its turn and a slot of the shared rate limit
 * paused      the shop's work is paused (out of credits, invalid key): `reason` says why
 * submitting  the request to ProductAI is in flight
 * uncertain   the request may have reached ProductAI but no answer came back; never sent again
 *             blindly: the app checks with ProductAI and adopts its job or, if it was never
 *             received, puts it back in line; the merchant may only cancel it
 * processing  ProductAI accepted it (job id known); awaiting its webhook, polling as fallback
 * saving      the result is being saved to the shop's Files and linked to the product
 * in_review   review mode: the result is in Files, waiting for approve or reject
 * published   terminal: the result is on the product's media
 * failed      terminal: `reason` says why in merchant words, `action` what to do
 * cancelled   terminal: cancelled before a result existed
 * discarded   terminal: a result that is not used (rejected in review, or undone after publishing)
 */
export const GenerationState = z.enum(GENERATION_STATES);
export type GenerationState = z.infer<typeof GenerationState>;
export { TERMINAL_STATES, isTerminalState } from './generation-states.ts';

/** Parameters of one generation; which fields apply depends on kind and model (see catalogue). */
export const GenerationParams = z.object({
  model: z.string().optional(), // not used by upscale
  prompt: z
    .string()
    .max(PROMPT_MAX_LENGTH, `Keep the prompt to ${PROMPT_MAX_LENGTH} characters; nothing is cut.`)
    .optional(), // not used by upscale
  aspectRatio: z.string().optional(),
  resolution: z.string().optional(), // image: 1K/2K/4K; video (seedance): 480p/720p/1080p/4k
  outputFormat: z.enum(['png', 'jpg']).optional(),
  duration: z.union([z.literal('auto'), z.number().int()]).optional(), // video seconds
  generateAudio: z.boolean().optional(), // seedance only
  /** Follow the shop's style (the default) or not (shop-style.ts). */
  style: StyleChoice.optional(),
});
export type GenerationParams = z.infer<typeof GenerationParams>;

export const MAX_OPTIONS = 4;
export const OptionCount = z.number().int().min(1).max(MAX_OPTIONS);

export const CreateGenerationRequest = GenerationParams.extend({
  productId: shopifyGid('Product'),
  kind: GenerationKind,
  /** The product's own media (MediaImage gids) to send, in order; may be empty for text-to-image. */
  sourceMediaIds: z.array(shopifyGid('MediaImage')).max(10),
  /**
   * How many results to choose among (default 1). Each is its own ProductAI request, charged
   * and rate-limited on its own; with more than one, every result waits for review.
   */
  options: OptionCount.optional(),
  /** One result per value of an option (variant-sets.ts); a photo, one option, no media chosen. */
  eachVariant: EachVariant.optional(),
});
export type CreateGenerationRequest = z.infer<typeof CreateGenerationRequest>;

/**
 * `Idempotency-Key`, the header of `POST /api/generations`: one per click (the app home and the
 * extensions send a random UUID). The same key and request from the same shop within 24 hours
 * answers the first answer and creates nothing; the same key with another request is a 400, and
 * while the first is still running a 409 (src/stores/idempotency-keys.ts). Up to 255 visible
 * ASCII characters.
 */
export { IDEMPOTENCY_HEADER as IDEMPOTENCY_KEY_HEADER } from './idempotency-key.ts';
export const IdempotencyKey = z
  .string()
  .regex(
    /^[\x21-\x7e]{1,255}$/,
    'Idempotency-Key: 1 to 255 visible ASCII characters, one per click.',
  );

/**
 * Try again on a failed generation (its `tryAgain`): `resave` saves the result ProductAI already
 * made again, no new credits (409 `nothing_to_save` when it has none); `new` makes a new one, a
 * new request at its cost. Without a mode: `resave` where the generation offers it, else `new`,
 * so a client that does not say can never pay twice.
 */
export const RetryGenerationRequest = z
  .object({ mode: z.enum(['resave', 'new']).optional() })
  .strict();
export type RetryGenerationRequest = z.infer<typeof RetryGenerationRequest>;

export const Estimate = z.object({
  /** For every option together. */
  credits: z.number().int(),
  /** Options asked for: ProductAI requests sent (each takes a slot of the shared rate limit). */
  options: z.number().int(),
  creditsPerOption: z.number().int(),
  /** Requests ProductAI accepts per minute from this app, for every shop it serves together. */
  requestsPerMinute: z.number().int(),
  /** Problems that would make the API refuse the request (empty when it can be sent). */
  problems: z.array(z.string()),
  /**
   * Chosen images the model will not take (it accepts fewer), in the merchant's order: the
   * generation is made from the others. Empty when every chosen image is used.
   */
  leftOutMediaIds: z.array(z.string()),
  /** With `eachVariant`: each value, made or skipped; `credits` counts the values made. */
  variants: VariantSetEstimate.optional(),
});
export type Estimate = z.infer<typeof Estimate>;

export const Transition = z.object({
  state: GenerationState,
  at: z.string(), // ISO 8601
  note: z.string().optional(),
});

/** Automatic work: the rule or Flow action that made a generation (Activity shows its label). */
export const GenerationOrigin = z.object({
  type: z.enum(['rule', 'flow']),
  id: z.string(),
  label: z.string(),
});
export type GenerationOrigin = z.infer<typeof GenerationOrigin>;

/** The fidelity check's verdict on a result (src/fidelity): is the product still the product? */
export const FidelityVerdict = z.enum(['faithful', 'check_it', 'changed']);
export type FidelityVerdict = z.infer<typeof FidelityVerdict>;

/**
 * What the fidelity check found on a result, for badges and the viewer's highlight. `not_checked`:
 * a video (the check reads still images only); `findings` says so in plain words.
 */
export const FidelityView = z.object({
  verdict: z.enum(['faithful', 'check_it', 'changed', 'not_checked']),
  /**
   * Plain English, one wording each (pipeline/generations/plain-findings.ts), e.g. "the white
   * part has another colour": the pages translate them.
   */
  findings: z.array(z.string()),
  /** The figures behind the verdict (each present when that measure ran). */
  checks: z.object({
    colour: z.object({ deltaE: z.number(), where: z.string() }).optional(),
    structure: z.object({ score: z.number() }).optional(),
    text: z.object({ expected: z.array(z.string()), missing: z.array(z.string()) }).optional(),
    located: z.boolean().optional(),
  }),
  /** The product as located in the result, or the part that changed: fractions (0..1) of it. */
  region: z
    .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
    .nullable(),
});
export type FidelityView = z.infer<typeof FidelityView>;

export const FidelityTries = z.object({
  number: z.number().int().min(1),
  of: z.number().int().min(1),
  first: z.string(),
  previous: z.string().nullable(),
  next: z.string().nullable(),
});
export type FidelityTries = z.infer<typeof FidelityTries>;
/**
 * The channels the shop shows its product images on (src/channels: their profiles and rules). A
 * result that fails a chosen channel's rules is never made the featured image. Each id once; an
 * empty list checks nothing.
 */
export const ChannelId = z.enum(CHANNEL_IDS);
export type ChannelId = z.infer<typeof ChannelId>;

/**
 * How a result measured against the shop's chosen channels (src/channels), once, before it was
 * offered or published: per channel pass, or the rules it fails in plain English. A result
 * failing any is never made the featured image.
 */
export const ChannelChecksView = z.object({
  verdicts: z.array(
    z.object({
      channel: ChannelId,
      pass: z.boolean(),
      failed: z.array(z.object({ rule: z.string(), words: z.string() })),
    }),
  ),
});
export type ChannelChecksView = z.infer<typeof ChannelChecksView>;

export const GenerationView = z.object({
  id: z.string(),
  kind: GenerationKind,
  state: GenerationState,
  reason: z.string().nullable(),
  action: z.string().nullable(),
  /**
   * What a `saving` generation waits for: `shopify` while Shopify does not answer (an outage,
   * met by this one or by the shop's results ahead of it in line; `reason` says so, and it is
   * saved as soon as Shopify answers); `productai` while a
   * `processing` generation's job cannot be read (ProductAI down: its deadline waits). Null
   * otherwise.
   */
  waitingFor: z.enum(['shopify', 'productai']).nullable().optional(),
  /**
   * A failed generation's Try again: `resave` saves the result ProductAI already made (and
   * charged) again, no new credits; `new` sends a new request, at its cost. Null: not failed.
   * `POST /api/generations/:id/retry` does this one unless asked `{mode: 'new'}` (Make a new one).
   */
  tryAgain: z.enum(['resave', 'new']).nullable().optional(),
  product: z.object({ id: z.string(), title: z.string(), imageUrl: z.string().nullable() }),
  sourceMediaIds: z.array(z.string()),
  sourceImageUrls: z.array(z.string()),
  params: GenerationParams,
  estimatedCredits: z.number().int(),
  /** Credits ProductAI charged, once it accepted the request; null before (or never sent). */
  chargedCredits: z.number().int().nullable(),
  bulkRunId: z.string().nullable(),
  /** Set when this is one of several options of one request (see CreateGenerationRequest). */
  optionGroup: z.string().nullable(),
  /** What started it without a click: an automatic rule or a Shopify Flow action; null otherwise. */
  origin: GenerationOrigin.nullable(),
  priority: z.enum(['interactive', 'bulk']),
  productAiJobId: z.number().int().nullable(),
  result: z
    .object({
      previewUrl: z.string(),
      /**
       * The image Shopify's CDN serves for the result's File, which takes `width` and `height`
       * (a copy that size): the app home shows it at its frame's size, `previewUrl` full size.
       * Null until the File is ready, for a video, and for results saved before it was kept.
       */
      fileUrl: z.string().nullable().optional(),
      fileId: z.string().nullable(),
      mediaId: z.string().nullable(),
      mediaType: z.enum(['image', 'video']),
    })
    .nullable(),
  /** The fidelity check's report, once the result was checked (before review or publishing). */
  fidelity: FidelityView.nullable(),
  /** Null: not checked (a video, or made before channels existed). */
  channels: ChannelChecksView.nullable().optional(),
  /**
   * Whether the file Shopify serves still carries the AI mark (IPTC DigitalSourceType), read
   * once the file was READY; null when not read (a video, or it could not be downloaded).
   */
  provenanceKept: z.boolean().nullable().optional(),
  /** One of a set made per variant: its value and variants (variant-sets.ts); null otherwise. */
  variant: VariantTargetView.nullable().optional(),
  /**
   * How a published result went on its product, which is what Undo reverses (the app home's
   * confirmation says so): `featured` made it the featured image in place of another (Undo puts
   * that one back while the result is still featured), `added` after the media already there
   * (Undo only takes it off), `variants` shown on its colour's variants (Undo gives them back
   * their previous image). Null when it is not on the product.
   */
  placement: z.enum(['featured', 'added', 'variants']).nullable().optional(),
  /** The shop style it was sent with (shop-style.ts); null: none, or not sent yet. */
  style: StyleUsed.nullable().optional(),
  /**
   * One of the tries of a request whose result the fidelity check called changed (each try its
   * own ProductAI request and charge, publish/fidelity-retry.ts): this is try `number` of at
   * most `of`; `first` is try 1, `previous` the try it was made after and `next` the try made
   * after it. Null: never made again.
   */
  tries: FidelityTries.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  transitions: z.array(Transition),
});
export type GenerationView = z.infer<typeof GenerationView>;

/**
 * Approving several results at once, some of which the fidelity check flagged (changed, or check
 * it): `true` says the merchant was shown them and confirmed publishing them. Without it such an
 * approval is refused (409 `flagged_results`, nothing decided); results none flagged need nothing.
 */
export const ApproveFlagged = z.literal(true).optional();

/**
 * A product's set of results made one per variant, decided together:
 *   POST /api/variant-sets/:id/decision   DecideVariantSetRequest -> VariantSetView
 * `generationIds`: the results decided (every result of the set waiting in review when absent;
 * a value asked with several options is chosen among by naming one).
 */
export const DecideVariantSetRequest = z.object({
  productId: shopifyGid('Product'),
  action: z.enum(['approve', 'reject']),
  generationIds: z.array(GenerationId).min(1).max(100).optional(),
  approveFlagged: ApproveFlagged,
});
export type DecideVariantSetRequest = z.infer<typeof DecideVariantSetRequest>;

export const VariantSetView = z.object({
  id: z.string(),
  /** The set's results in the product's order of values, each value's options together. */
  generations: z.array(GenerationView),
});
export type VariantSetView = z.infer<typeof VariantSetView>;

/** The answer to POST /api/generations: the new generation and the chosen images it left out. */
export const CreatedGeneration = GenerationView.extend({
  leftOutMediaIds: z.array(z.string()),
  /** With `eachVariant`: the set made (the answer is its first generation). */
  variantSet: VariantSetCreated.optional(),
});
export type CreatedGeneration = z.infer<typeof CreatedGeneration>;

export const GenerationPage = z.object({
  generations: z.array(GenerationView),
  nextCursor: z.string().nullable(),
  /** How many match the filter, when the server knows it without reading them; else null. */
  total: z.number().int().nullable(),
});
export type GenerationPage = z.infer<typeof GenerationPage>;

/** The options of one request, oldest first. */
export const OptionGroupView = z.object({
  id: z.string(),
  generations: z.array(GenerationView),
});
export type OptionGroupView = z.infer<typeof OptionGroupView>;

/** Publish these options; every other option of the request waiting in review is discarded. */
export const ChooseOptionsRequest = z.object({
  generationIds: z
    .array(GenerationId)
    .min(1)
    .max(MAX_OPTIONS * 4),
});
export type ChooseOptionsRequest = z.infer<typeof ChooseOptionsRequest>;

/** One decision applied to many generations, as server-side work that reports its progress. */
export const ReviewBatchAction = z.enum(['approve', 'reject', 'undo']);
export type ReviewBatchAction = z.infer<typeof ReviewBatchAction>;

export const MAX_SELECTED_GENERATIONS = 100;
export const CreateReviewBatchRequest = z.object({
  action: ReviewBatchAction,
  target: z.discriminatedUnion('type', [
    /** Generations the merchant selected. */
    z.object({
      type: z.literal('generations'),
      ids: z.array(GenerationId).min(1).max(MAX_SELECTED_GENERATIONS),
    }),
    /**
     * Every generation of a bulk run the action applies to (in review; published for undo),
     * or only those the fidelity check gave this verdict ("Approve all changed").
     */
    z.object({
      type: z.literal('bulkRun'),
      bulkRunId: BulkRunId,
      fidelity: FidelityVerdict.optional(),
    }),
  ]),
  approveFlagged: ApproveFlagged,
});
export type CreateReviewBatchRequest = z.infer<typeof CreateReviewBatchRequest>;

export const ReviewBatchView = z.object({
  id: z.string(),
  action: ReviewBatchAction,
  state: z.enum(['running', 'done']),
  /** Generations the action was asked for (a run's: those in the action's state when it started). */
  total: z.number().int(),
  done: z.number().int(),
  /** Not in a state the action applies to any more (decided meanwhile): left as they are. */
  skipped: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReviewBatchView = z.infer<typeof ReviewBatchView>;

// ---------------------------------------------------------------------------------------------
// Bulk runs

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
  options: OptionCount.optional(),
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
  problems: z.array(z.string()),
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
  expired: z.object({ at: z.string(), message: z.string() }).nullable().optional(),
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

// ---------------------------------------------------------------------------------------------
// Settings

export const PromptPreset = z.object({
  id: PresetId,
  name: z.string().min(1).max(60),
  prompt: z.string().min(1).max(PROMPT_MAX_LENGTH),
});
export type PromptPreset = z.infer<typeof PromptPreset>;

/**
 * Which results the fidelity check keeps from going live without a person, whatever the review
 * setting, rules, Flow or campaigns say: `changed` (the default), `check_it` (also the doubtful
 * ones), or `off` (the check still runs and reports, the shop's settings decide).
 */
export const FidelityGuard = z.enum(['changed', 'check_it', 'off']);
export type FidelityGuard = z.infer<typeof FidelityGuard>;

/**
 * How many times a result the fidelity check calls `changed` is made again, each a new request
 * charged like any other (publish/fidelity-retry.ts): 0 to 3, 1 by default.
 */
export const FidelityRetries = z.number().int().min(0).max(3);
export const DEFAULT_FIDELITY_RETRIES = 1;
export const ChannelChoice = z
  .array(ChannelId)
  .max(CHANNEL_IDS.length)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each channel at most once.' });

export const SettingsView = z.object({
  apiKey: z.object({
    masked: z.string().nullable(),
    state: z.enum(['missing', 'valid', 'invalid']),
  }),
  defaults: z.object({
    model: z.string(),
    aspectRatio: z.string(),
    resolution: z.string(),
    outputFormat: z.enum(['png', 'jpg']),
  }),
  reviewMode: z.boolean(),
  mediaPosition: z.enum(['append', 'featured']),
  fidelityGuard: FidelityGuard,
  fidelityRetries: FidelityRetries,
  channels: z.array(ChannelId),
  altTemplate: z.string(),
  presets: z.array(PromptPreset),
  webhook: z.object({ url: z.string(), connectedAt: z.string().nullable() }),
  paused: z.object({ reason: z.string(), since: z.string() }).nullable(),
  style: ShopStyleView,
});
export type SettingsView = z.infer<typeof SettingsView>;

export const UpdateSettingsRequest = z
  .object({
    defaults: SettingsView.shape.defaults.partial(),
    reviewMode: z.boolean(),
    mediaPosition: z.enum(['append', 'featured']),
    fidelityGuard: FidelityGuard,
    fidelityRetries: FidelityRetries,
    channels: ChannelChoice,
    altTemplate: z.string().max(512),
    presets: z.array(PromptPreset).max(50),
    /** The reference image has routes of its own (it is bytes, not JSON). */
    style: z.object({ phrase: StylePhrase }),
  })
  .partial();
export type UpdateSettingsRequest = z.infer<typeof UpdateSettingsRequest>;

export const SaveApiKeyRequest = z.object({ apiKey: z.string().trim().min(1).max(200) });

// ---------------------------------------------------------------------------------------------
// Products

export const ProductImage = z.object({
  id: z.string(), // MediaImage gid
  url: z.string(),
  thumbnailUrl: z.string(),
  altText: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ProductImage = z.infer<typeof ProductImage>;

export const ProductDetail = z.object({
  id: z.string(),
  title: z.string(),
  images: z.array(ProductImage),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const ProductPage = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      imageUrl: z.string().nullable(),
      imageCount: z.number().int(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type ProductPage = z.infer<typeof ProductPage>;

export const CollectionSummary = z.object({
  id: z.string(),
  title: z.string(),
  productsCount: z.number().int(),
});
export type CollectionSummary = z.infer<typeof CollectionSummary>;

// ---------------------------------------------------------------------------------------------
// The shop

/**
 * What every page needs of the shop before it shows a date: its IANA time zone (Shopify's
 * `Shop.ianaTimezone`). Every date the app home and the extensions show is on this clock
 * (src/app-api/shop-time.ts), labelled with its zone where the viewer's clock reads otherwise.
 */
export const ShopView = z.object({
  shop: z.string(),
  timeZone: z.string(),
});
export type ShopView = z.infer<typeof ShopView>;

// ---------------------------------------------------------------------------------------------
// Overview

/** The Overview's setup guide: dismissed (when), kept per shop (src/features/overview/setup-guide-store.ts). */
export const SetupGuideView = z.object({ dismissedAt: z.string().nullable() });
export type SetupGuideView = z.infer<typeof SetupGuideView>;

export const OverviewView = z.object({
  connection: z.object({
    apiKeyState: z.enum(['missing', 'valid', 'invalid']),
    webhookConnectedAt: z.string().nullable(),
  }),
  paused: z.object({ reason: z.string(), since: z.string() }).nullable(),
  active: z.record(GenerationState, z.number().int()),
  recent: z.array(GenerationView),
  /** `day`: `YYYY-MM-DD` on the shop's clock (its Shopify time zone). */
  creditsByDay: z.array(z.object({ day: z.string(), credits: z.number().int() })),
  creditsByModel: z.array(z.object({ model: z.string(), credits: z.number().int() })),
  bulkRuns: z.array(BulkRunView),
  setupGuide: SetupGuideView,
});
export type OverviewView = z.infer<typeof OverviewView>;
