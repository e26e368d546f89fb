/**
 * The generations part of the JSON contract: what a merchant asks for (a photo, video or upscale
 * of a product), what it costs, and the generation as every page shows it. Browser-safe: zod only.
 */
import { z } from 'zod';
import { CodedText } from './api-error.ts';
import { GENERATION_STATES } from './generation-states.ts';
import { shopifyGid } from './ids.ts';
import { PROMPT_MAX_LENGTH } from './prompt-limits.ts';
import { ChannelChecksView, FidelityTries, FidelityView } from './result-checks.ts';
import { StyleChoice, StyleUsed } from './shop-style.ts';
import {
  EachVariant,
  VariantSetCreated,
  VariantSetEstimate,
  VariantTargetView,
} from './variant-sets.ts';

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

export const MAX_CANDIDATES = 4;
export const CandidateCount = z.number().int().min(1).max(MAX_CANDIDATES);

export const CreateGenerationRequest = GenerationParams.extend({
  productId: shopifyGid('Product'),
  kind: GenerationKind,
  /** The product's own media (MediaImage gids) to send, in order; may be empty for text-to-image. */
  sourceMediaIds: z.array(shopifyGid('MediaImage')).max(10),
  /**
   * How many results to choose among (default 1). Each is its own ProductAI request, charged
   * and rate-limited on its own; with more than one, every result waits for review.
   */
  options: CandidateCount.optional(),
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
  /** The same problems coded (error-codes.ts), in the same order: what a client translates. */
  problemTexts: z.array(CodedText),
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

export const GenerationView = z.object({
  id: z.string(),
  kind: GenerationKind,
  state: GenerationState,
  reason: z.string().nullable(),
  action: z.string().nullable(),
  /**
   * `reason` and `action` coded (error-codes.ts): what a client translates. Null when the record
   * has the English only (written before codes): a client shows that as written.
   */
  reasonText: CodedText.nullable(),
  actionText: CodedText.nullable(),
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
