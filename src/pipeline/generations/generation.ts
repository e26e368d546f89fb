/**
 * A generation: one request for one product (a photo, a video or an upscale), from the merchant's
 * click to the result on the product's media. This file holds its record and its state machine;
 * `generation-store.ts` enforces the machine atomically in Redis.
 *
 * State machine (each arrow is one atomic `transition`, recorded with its time and a note):
 *
 *                 ┌──────── cancelled ◄─────────────────┐ (merchant, uninstall, bulk cancel)
 *                 │                                     │
 *   create ─► queued ◄──────► paused                    │   paused: the shop is out of credits or
 *              │  ▲  (shop paused / resumed)             │   its key is invalid; resumeShop() puts
 *              │  │                                      │   the generation back in the queue
 *              │  │ 429 or certainly-not-sent: back in line, nothing was charged
 *              ▼  │
 *           submitting ──► failed   (the API refused the request: 400 validation; nothing charged)
 *              │   │
 *              │   └────► uncertain ──► processing   (its job found: adopted, never resent)
 *              │            │  └──────► queued       (provably never accepted: sent again)
 *              │            └─────────► cancelled    (the merchant stops waiting, or uninstall)
 *              ▼
 *          processing ──► failed   (ProductAI reported ERROR, or no result before the deadline)
 *              │
 *              ▼          (webhook or poll, whichever comes first: the loser's transition is stale)
 *            saving ──► failed     (Shopify refused the file or media processing FAILED, or did not
 *              │                    answer for the outage ceiling: publish/shopify-outage.ts; while
 *              │                    it waits it stays `saving`, `waitingFor` says so)
 *              │
 *              ├──► in_review ──► saving (approve) | discarded (reject)   (review mode, options)
 *              ├──► discarded   (one of several tries of a changed result, not the one kept)
 *              ▼
 *          published ──► discarded (undo)
 *
 * A result the fidelity check calls changed is made again (publish/fidelity-retry.ts): the next
 * try is a new generation (its own request and charge, `retryOf` the try before, `tries` on
 * each), created once per try with a claim, while the changed one waits in `in_review`. The
 * tries that are not kept end `discarded` (in review, or still `saving` for the last one).
 *
 * Terminal: published, failed, cancelled, discarded. Exactly one of them ends every generation;
 * `published` is left only by the merchant's undo (to `discarded`), never by the pipeline.
 *
 * A paid result is never paid again: Try again on a failed generation whose job ProductAI
 * accepted (and did not report an error: `tryAgainOf`) makes a new generation that adopts that
 * job, `queued → processing` like an attached unclaimed result (below), 0 credits, `retryOf` the
 * failed one, which stays failed; the job-id index moves to the new one, so only one of them
 * saves it (receive/resave-result.ts). Only a generation ProductAI never charged, or the
 * merchant's explicit "Make a new one", is sent again (a new request and charge).
 *
 * Why `submitting` is a state of its own: it is written (atomically, from `queued`) immediately
 * before the HTTP request leaves, so a worker that finds a generation in `submitting` after a
 * crash knows the request may have reached ProductAI and does not send it again. That is the
 * "never charged twice" guarantee: only `queued` can be submitted, and only one caller can win
 * the `queued → submitting` transition.
 *
 * Exact after a crash: `uncertain` always ends without the merchant, in one of two ways.
 *  1. Every submission takes a claim on its fingerprint (account, model, prompt) after the
 *     move to `submitting` and before its request leaves (limits/submission-claims.ts), and
 *     keeps it while `submitting` or `uncertain`. So among the submissions whose job id is not
 *     recorded, at most one has a given fingerprint, and ProductAI, which reports a job's prompt
 *     (GET job) and model (earlier interface), can always say whose a job is: bulk items share
 *     one prompt, and a claim costs them nothing at 15 requests a minute (a request holds it
 *     for its round trip, about a second; requests are 4 s apart).
 *     A crash between `submitting` and the claim is recognised too: the claim is not this
 *     submission's, so the request never left, and the generation goes back to `queued`.
 *  2. Reconciliation (receive/reconcile.ts) then finds the job: from its webhook (a result for
 *     an unknown job id) or, proactively, in ProductAI's job list around the submission time.
 *     Found: `uncertain → processing` with the job id recorded (adopted; no second request,
 *     no second charge; the poll and the webhook finish it like any other). Still missing
 *     once it would certainly be listed: the request was never accepted, nothing was charged,
 *     and the generation goes back to `queued`.
 * What the spec does not show, and what is assumed (config.ts `reconcile` holds the numbers):
 *  - how long after its creation a job shows in the earlier interface's list: assumed at most
 *    `listingDelayMs` (2 min), which also covers a request the service was still processing
 *    when ours gave up (`submit.timeoutMs`); before that, missing proves nothing;
 *  - the list's order: assumed newest first, checked on every page (otherwise nothing is
 *    decided);
 *  - clocks: ProductAI's `created_at` is compared with ours within `clockSkewMs`;
 *  - the model an upscale job reports: anything but an image or video model (upscales carry
 *    one fixed prompt, so all upscales of an account share one claim);
 *  - nobody else uses the account with the same model and prompt at the same moment: if the
 *    list shows several unowned jobs fitting one submission, nothing is guessed, the generation
 *    stays uncertain and the results are listed as unclaimed (Activity).
 * The account is the one the request went to: the generation records it (`productAiAccount`, a
 * hash of the key) on entering `submitting`, and the claim and the job list are looked up there,
 * with the key saved then (kept a while after the merchant replaces it,
 * receive/submission-key.ts). Once no key of that account is left, it cannot be read: the
 * generation stays uncertain, saying so, until the old key is back; it is never taken for unsent.
 * The merchant cannot send an uncertain generation again (that blind resend is exactly what
 * could charge twice); they may only cancel it. A result ProductAI still delivers for it then
 * has no owner, and is listed as unclaimed like any other.
 * Results nobody can own (another app on the account, a job from before an erase) are listed
 * for the merchant with their picture, to attach to a product without paying again: a new
 * generation naming the job, stored in line in one step, goes `queued → processing` adopting it
 * (receive/unclaimed-results.ts; if the web process dies first, the submit stage adopts it in its
 * turn and never sends it). That is the only move from `queued` that skips `submitting`.
 *
 * Records carry ids and facts, never secrets: the API key stays in the shop's settings.
 */
import { AppError } from '../../platform/errors.ts';
import type {
  ChannelChecksView,
  FidelityView,
  GenerationKind,
  GenerationOrigin,
  GenerationParams,
  GenerationState,
  GenerationView,
  StyleUsed,
  VariantTargetView,
} from '../../app-api/contract.ts';
import { plainFinding } from './plain-findings.ts';

export type { GenerationKind, GenerationParams, GenerationState } from '../../app-api/contract.ts';

/**
 * The fidelity check's report on the result, as kept on the record: figures and words only,
 * never an image (publish/fidelity-step.ts). `version` is the checker's: reports of different
 * versions are not comparable.
 */
export type FidelityRecord = FidelityView & { version: string };

/** The channel checks of the result, as kept on the record (publish/channel-step.ts). */
export type ChannelsRecord = ChannelChecksView;

/**
 * One of a set made per variant (pipeline/sources/variant-sources.ts): the value it was made for
 * and the variants that get it. `previousMediaIds` is what each of those variants showed just
 * before the result replaced it, written once by verify before it changes any variant, so that
 * undo can put it back (publish/variant-images.ts); null until then.
 */
export type VariantTarget = VariantTargetView & {
  previousMediaIds: Record<string, string | null> | null;
};

/** Which try of a changed result a generation is (`Generation.tries`). */
export interface FidelityTryRecord {
  number: number;
  of: number;
  first: string;
}

/**
 * A stage waiting out a service's outage: when the first transient failure of this wait
 * happened, how many tries failed since, and whose (`on`): Shopify's while saving
 * (publish/shopify-outage.ts; absent in records written before ProductAI's), ProductAI's while
 * processing (receive/productai-outage.ts). Counts only while the generation is in that state and
 * the wait began after its latest move to it (a wait left over from a crash, or from before a
 * review, is ignored); cleared by the next try that gets an answer.
 */
export interface ShopifyWait {
  /** ISO 8601. */
  since: string;
  failures: number;
  on?: 'shopify' | 'productai';
}

/** What a saving generation's view says while it waits for Shopify (its `reason`). */
export const WAITING_FOR_SHOPIFY =
  'Waiting for Shopify to come back — saved as soon as it answers.';

/** What a processing generation's view says while ProductAI does not answer (its `reason`). */
export const WAITING_FOR_PRODUCTAI =
  'Waiting for ProductAI to come back — the result is read as soon as it answers.';

/** The history note of a save's first failure in a Shopify outage (publish/shopify-outage.ts). */
export const SHOPIFY_WAIT_NOTE = 'waiting for Shopify to come back';

/** Whether the save in progress has met a Shopify outage: its move to saving carries the note. */
export function metShopifyOutage(generation: Generation): boolean {
  if (generation.state !== 'saving') return false;
  const entered = generation.transitions.findLast((transition) => transition.state === 'saving');
  return entered?.note?.includes(SHOPIFY_WAIT_NOTE) ?? false;
}

/** The wait that counts: begun since the generation last entered its waiting state, or none. */
export function currentWait(generation: Generation): ShopifyWait | null {
  const wait = generation.waitingFor;
  const state = wait?.on === 'productai' ? 'processing' : 'saving';
  if (!wait || generation.state !== state) return null;
  const entered = generation.transitions.findLast((transition) => transition.state === state);
  return !entered || Date.parse(wait.since) >= Date.parse(entered.at) ? wait : null;
}

/** The history note of the move to `failed` when ProductAI's job ended with an error. */
export const JOB_ERROR_NOTE = 'ProductAI reported an error';

/**
 * What Try again does for a failed generation (null: not failed). `resave`: ProductAI accepted
 * its request (it names the job) and did not report an error, so its result is saved again from
 * the job, costing nothing (receive/resave-result.ts). `new`: a new request with its cost, the
 * only choice when ProductAI never charged, or made nothing (and the merchant's explicit "Make a
 * new one" otherwise).
 */
export function tryAgainOf(generation: Generation): 'resave' | 'new' | null {
  if (generation.state !== 'failed') return null;
  if (generation.productAiJobId === null) return 'new';
  const note = generation.transitions.findLast((entry) => entry.state === 'failed')?.note ?? '';
  // Records failed before JOB_ERROR_NOTE existed noted a job's error as "result by <way>".
  const jobError = note.startsWith(JOB_ERROR_NOTE) || note.startsWith('result by ');
  return jobError ? 'new' : 'resave';
}

/** Interactive: one product, a merchant waiting. Bulk: an item of a bulk run. */
export type Priority = 'interactive' | 'bulk';

/** The pipeline's stages; each is a separate queue job, so a crash repeats only one of them. */
export const STAGE_NAMES = ['submit', 'await', 'attach', 'verify'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

export interface TransitionRecord {
  state: GenerationState;
  /** ISO 8601. */
  at: string;
  note?: string;
}

export interface Generation {
  /** Sortable by creation time (see ids.ts). */
  id: string;
  shop: string;
  kind: GenerationKind;
  state: GenerationState;
  /** Why it is paused, uncertain or failed, in the merchant's words; null otherwise. */
  reason: string | null;
  /** What the merchant can do about `reason`; null when nothing. */
  action: string | null;
  /**
   * Who paused it (state `paused`): the shop (out of credits, invalid key; `resumeShop` resumes
   * it), its bulk run (the run's resume does) or the shop's daily cap for automatic work (the
   * next day's release does, src/features/rules/). Null in every other state.
   */
  pausedBy: 'shop' | 'bulk-run' | 'daily-cap' | null;
  productId: string;
  productTitle: string;
  productImageUrl: string | null;
  /** The product's media (MediaImage gids) chosen as sources, in order. */
  sourceMediaIds: string[];
  /** The transformed Admin URLs (JPEG/PNG/WebP under 10MB) actually sent to ProductAI. */
  sourceImageUrls: string[];
  params: GenerationParams;
  estimatedCredits: number;
  /** Credits ProductAI charged (known once it accepted the request); null before. */
  chargedCredits: number | null;
  bulkRunId: string | null;
  priority: Priority;
  /**
   * The generation this one retries: a failed one the merchant retried (a new submission with
   * its own cost, or, naming the failed one's job, its result saved again at no cost), or the
   * try before it whose result the fidelity check called changed (`tries`).
   */
  retryOf: string | null;
  /**
   * Tries of one request whose result was changed (publish/fidelity-retry.ts): this is try
   * `number` of at most `of` (1 + the shop's `fidelityRetries` when try 1 was retried), `first`
   * is try 1's id. Written on try 1 when its retry is made, on every later try at creation.
   * Null: never made again.
   */
  tries: FidelityTryRecord | null;
  /** The try made because this one's result was changed (written with `tries`); null otherwise. */
  retriedBy: string | null;
  /**
   * Options: the merchant asked for several results of one request to choose among. Every
   * option is a generation of its own (its own ProductAI job and charge) sharing this id; an
   * option always waits in review, whatever the shop's review setting. Null for a single result.
   */
  optionGroup: string | null;
  /** The rule or Flow action that started it (null for clicks, bulk runs and campaigns). */
  origin: GenerationOrigin | null;
  productAiJobId: number | null;
  /** ProductAI's result URL (image or video file). */
  resultUrl: string | null;
  /** The shop's File holding the result (Files is where results are saved first). */
  fileId: string | null;
  /**
   * The image Shopify's CDN serves for that File (its untransformed `image.url`, which takes a
   * `width` and `height` as any Shopify CDN image URL does), written by verify once the File is
   * READY: what the app home shows at the size of its frame. Null before, for a video, and for
   * results saved before it was kept.
   */
  fileUrl: string | null;
  /** The product media linked to the result. */
  mediaId: string | null;
  /** The featured media before this result was made featured (restored by undo). */
  previousFeaturedMediaId: string | null;
  /**
   * What the fidelity check said of the result, written in attach before the result is offered
   * for review or published (a video: `not_checked`); null until then.
   */
  fidelity: FidelityRecord | null;
  /**
   * How the result measured against the shop's channels, written in attach before the result is
   * offered or published (verify never makes a failing one featured); null until then, and for
   * a video.
   */
  channels: ChannelsRecord | null;
  /**
   * Whether the file Shopify serves kept the AI mark written into it, read by verify once the
   * file is READY (publish/served-provenance.ts); null until read, and for a video.
   */
  provenanceKept: boolean | null;
  /** One of a set made per variant; null for every other generation. */
  variant: VariantTarget | null;
  /**
   * The shop style it was sent with (sources/shop-style.ts), written as it moves to `submitting`
   * (the prompt sent, so its fingerprint, depends on it); null: none, or not sent yet.
   */
  style: StyleUsed | null;
  /** Saving, Shopify unreachable: the wait (see ShopifyWait); null otherwise. */
  waitingFor: ShopifyWait | null;
  /**
   * How long ProductAI did not answer this generation's job reads, over the waits that ended
   * (receive/productai-outage.ts): the await deadline is extended by it, so the deadline counts
   * only time ProductAI answered. 0 when it always answered.
   */
  productAiUnreachableMs: number;
  /** When the request to ProductAI started; the await deadline counts from here. */
  submittedAt: string | null;
  /**
   * The ProductAI account the request went to (a SHA-256 of the API key then saved, never the
   * key; src/productai/account.ts `accountOf`), written with `submittedAt` (for an unclaimed
   * result attached: the account whose key found the job). Its claim and its job are looked up
   * there, with that key (receive/submission-key.ts), so a key changed meanwhile cannot make a
   * sent request look unsent, nor its result unreadable while the old key is kept.
   */
  productAiAccount: string | null;
  transitions: TransitionRecord[];
  /** How many times each stage has started for this generation (crash repeats included). */
  attempts: Partial<Record<StageName, number>>;
  createdAt: string;
  updatedAt: string;
}

/** What a caller provides to create a generation; the store fills in the rest. */
export type NewGeneration = Pick<
  Generation,
  | 'shop'
  | 'kind'
  | 'productId'
  | 'productTitle'
  | 'productImageUrl'
  | 'sourceMediaIds'
  | 'sourceImageUrls'
  | 'params'
  | 'estimatedCredits'
  | 'priority'
> &
  Partial<
    Pick<
      Generation,
      // An unclaimed result attached: the job it adopts and the account it is read with.
      | 'bulkRunId'
      | 'retryOf'
      | 'optionGroup'
      | 'origin'
      | 'productAiJobId'
      | 'productAiAccount'
      | 'variant'
      | 'tries'
    >
  >;

/**
 * Fields a transition or a patch may change: not the identity and index fields, nor what the
 * store keeps itself (state, history, attempt counters, times).
 */
export type GenerationPatch = Partial<
  Omit<
    Generation,
    | 'id'
    | 'shop'
    | 'kind'
    | 'state'
    | 'productId'
    | 'bulkRunId'
    | 'optionGroup'
    | 'origin'
    | 'priority'
    | 'transitions'
    | 'attempts'
    | 'createdAt'
    | 'updatedAt'
  >
>;

/**
 * Every allowed move. The store refuses any other (a programming error, not a race): a race
 * shows up as a StaleTransitionError because the current state is not among the caller's `from`.
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<GenerationState, readonly GenerationState[]>> = {
  queued: ['submitting', 'processing', 'paused', 'cancelled', 'failed'],
  paused: ['queued', 'cancelled'],
  submitting: ['processing', 'uncertain', 'failed', 'paused', 'queued'],
  uncertain: ['processing', 'queued', 'cancelled'],
  processing: ['saving', 'failed'],
  saving: ['in_review', 'published', 'failed', 'discarded'],
  in_review: ['saving', 'discarded'],
  published: ['discarded'],
  failed: [],
  cancelled: [],
  discarded: [],
};

export { isTerminalState as isTerminal } from '../../app-api/generation-states.ts';

/**
 * The current state was not one the caller expected: someone else moved the generation first
 * (another click, the pipeline). A conflict the merchant can read, never a 500.
 */
export class StaleTransitionError extends AppError {
  override readonly name = 'StaleTransitionError';
  readonly id: string;
  readonly current: GenerationState;
  readonly expected: readonly GenerationState[];
  readonly to: GenerationState;
  constructor(
    id: string,
    current: GenerationState,
    expected: readonly GenerationState[],
    to: GenerationState,
  ) {
    super(
      'conflict',
      'invalid_state',
      `This generation is ${current.replace('_', ' ')} now, so it cannot be changed.`,
    );
    this.id = id;
    this.current = current;
    this.expected = expected;
    this.to = to;
  }
}

export class GenerationNotFoundError extends AppError {
  override readonly name = 'GenerationNotFoundError';
  constructor() {
    super('not_found', 'not_found', 'This generation does not exist in this shop.');
  }
}

/** The record as the app's clients see it (contract.ts). */
/**
 * How a published result sits on its product, from what verify recorded: a result of a set is
 * on its variants (never featured); a featured result replaced the featured media it remembered
 * for undo; any other was added after the product's media (or is the product's only media).
 */
function placementOf(generation: Generation): GenerationView['placement'] {
  if (generation.state !== 'published' || !generation.mediaId) return null;
  if (generation.variant) return 'variants';
  return generation.previousFeaturedMediaId !== null ? 'featured' : 'added';
}

/**
 * `shopifyDown`: the shop's saves wait out a Shopify outage (publish/shopify-down-since.ts), so a
 * saving generation with no wait of its own, in its shop's line behind the ones that met it,
 * waits for Shopify too.
 */
export function toGenerationView(
  generation: Generation,
  shop: { shopifyDown: boolean } = { shopifyDown: false },
): GenerationView {
  const wait = currentWait(generation);
  const waitingFor = wait
    ? (wait.on ?? 'shopify')
    : shop.shopifyDown && generation.state === 'saving'
      ? 'shopify'
      : null;
  return {
    id: generation.id,
    kind: generation.kind,
    state: generation.state,
    reason:
      waitingFor === null
        ? generation.reason
        : waitingFor === 'productai'
          ? WAITING_FOR_PRODUCTAI
          : WAITING_FOR_SHOPIFY,
    action: waitingFor === null ? generation.action : null,
    waitingFor,
    tryAgain: tryAgainOf(generation),
    product: {
      id: generation.productId,
      title: generation.productTitle,
      imageUrl: generation.productImageUrl,
    },
    sourceMediaIds: generation.sourceMediaIds,
    sourceImageUrls: generation.sourceImageUrls,
    params: generation.params,
    estimatedCredits: generation.estimatedCredits,
    chargedCredits: generation.chargedCredits,
    bulkRunId: generation.bulkRunId,
    optionGroup: generation.optionGroup,
    origin: generation.origin,
    priority: generation.priority,
    productAiJobId: generation.productAiJobId,
    result: generation.resultUrl
      ? {
          previewUrl: generation.resultUrl,
          // Only while its File is sure to be served: a rejected result's File is deleted, and
          // an undone one's URL answered 404 (generation.test.ts); ProductAI's URL stays.
          fileUrl: ['saving', 'in_review', 'published'].includes(generation.state)
            ? generation.fileUrl
            : null,
          fileId: generation.fileId,
          mediaId: generation.mediaId,
          mediaType: generation.kind === 'video' ? 'video' : 'image',
        }
      : null,
    fidelity: generation.fidelity && {
      verdict: generation.fidelity.verdict,
      findings: generation.fidelity.findings.map(plainFinding),
      checks: generation.fidelity.checks,
      region: generation.fidelity.region,
    },
    channels: generation.channels,
    provenanceKept: generation.provenanceKept,
    variant: generation.variant && {
      setId: generation.variant.setId,
      option: generation.variant.option,
      value: generation.variant.value,
      variantIds: generation.variant.variantIds,
    },
    placement: placementOf(generation),
    style: generation.style,
    tries: generation.tries && {
      ...generation.tries,
      previous: generation.tries.number > 1 ? generation.retryOf : null,
      next: generation.retriedBy,
    },
    createdAt: generation.createdAt,
    updatedAt: generation.updatedAt,
    transitions: generation.transitions,
  };
}
