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
 *              │   └────► uncertain ──► saving | failed    (a webhook for an unknown job id of this
 *              │            │                               shop settles it; see receive/reconcile.ts)
 *              │            └──► queued | cancelled         (the merchant: resubmit / abandon)
 *              ▼
 *          processing ──► failed   (ProductAI reported ERROR, or no result before the deadline)
 *              │
 *              ▼          (webhook or poll, whichever comes first: the loser's transition is stale)
 *            saving ──► failed     (Shopify refused the file or media processing FAILED)
 *              │
 *              ├──► in_review ──► saving (approve) | discarded (reject)
 *              ▼
 *          published ──► discarded (undo)
 *
 * Terminal: published, failed, cancelled, discarded. Exactly one of them ends every generation;
 * `published` is left only by the merchant's undo (to `discarded`), never by the pipeline.
 *
 * Why `submitting` is a state of its own: it is written (atomically, from `queued`) immediately
 * before the HTTP request leaves, so a worker that finds a generation in `submitting` after a
 * crash knows the request may have reached ProductAI and moves it to `uncertain` instead of
 * sending it again. That is the whole "never charged twice" guarantee: only `queued` can be
 * submitted, and only one caller can win the `queued → submitting` transition.
 *
 * Records carry ids and facts, never secrets: the API key stays in the shop's settings.
 */
import type {
  GenerationKind,
  GenerationParams,
  GenerationState,
  GenerationView,
} from '../../app-api/contract.ts';

export type { GenerationKind, GenerationParams, GenerationState } from '../../app-api/contract.ts';

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
   * it) or its bulk run (the run's resume does). Null in every other state.
   */
  pausedBy: 'shop' | 'bulk-run' | null;
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
  /** The generation this one retries (a retry is a new submission with its own cost). */
  retryOf: string | null;
  productAiJobId: number | null;
  /** ProductAI's result URL (image or video file). */
  resultUrl: string | null;
  /** The shop's File holding the result (Files is where results are saved first). */
  fileId: string | null;
  /** The product media linked to the result. */
  mediaId: string | null;
  /** The featured media before this result was made featured (restored by undo). */
  previousFeaturedMediaId: string | null;
  /** When the request to ProductAI started; the await deadline counts from here. */
  submittedAt: string | null;
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
  Partial<Pick<Generation, 'bulkRunId' | 'retryOf'>>;

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
  queued: ['submitting', 'paused', 'cancelled', 'failed'],
  paused: ['queued', 'cancelled'],
  submitting: ['processing', 'uncertain', 'failed', 'paused', 'queued'],
  uncertain: ['saving', 'failed', 'queued', 'cancelled'],
  processing: ['saving', 'failed'],
  saving: ['in_review', 'published', 'failed'],
  in_review: ['saving', 'discarded'],
  published: ['discarded'],
  failed: [],
  cancelled: [],
  discarded: [],
};

export { isTerminalState as isTerminal } from '../../app-api/generation-states.ts';

/** The current state was not one the caller expected: someone else moved the generation first. */
export class StaleTransitionError extends Error {
  override readonly name = 'StaleTransitionError';
  readonly current: GenerationState;
  readonly expected: readonly GenerationState[];
  readonly to: GenerationState;
  constructor(
    id: string,
    current: GenerationState,
    expected: readonly GenerationState[],
    to: GenerationState,
  ) {
    super(`Generation ${id} is ${current}, not ${expected.join('|')}: cannot move it to ${to}`);
    this.current = current;
    this.expected = expected;
    this.to = to;
  }
}

export class GenerationNotFoundError extends Error {
  override readonly name = 'GenerationNotFoundError';
  constructor(shop: string, id: string) {
    super(`No generation ${id} for ${shop}`);
  }
}

/** The record as the app's clients see it (contract.ts). */
export function toGenerationView(generation: Generation): GenerationView {
  return {
    id: generation.id,
    kind: generation.kind,
    state: generation.state,
    reason: generation.reason,
    action: generation.action,
    product: {
      id: generation.productId,
      title: generation.productTitle,
      imageUrl: generation.productImageUrl,
    },
    sourceMediaIds: generation.sourceMediaIds,
    sourceImageUrls: generation.sourceImageUrls,
    params: generation.params,
    estimatedCredits: generation.estimatedCredits,
    bulkRunId: generation.bulkRunId,
    priority: generation.priority,
    productAiJobId: generation.productAiJobId,
    result: generation.resultUrl
      ? {
          previewUrl: generation.resultUrl,
          fileId: generation.fileId,
          mediaId: generation.mediaId,
          mediaType: generation.kind === 'video' ? 'video' : 'image',
        }
      : null,
    createdAt: generation.createdAt,
    updatedAt: generation.updatedAt,
    transitions: generation.transitions,
  };
}
