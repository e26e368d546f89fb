/**
 * A generation: one request for one product (a photo, a video or an upscale), from the merchant's
 * click to the result on the product's media. This file holds its record and what its history
 * says (a wait, Try again); `state-machine.ts` its states and the moves between them (and why they
 * are these), enforced atomically in Redis by `generation-store.ts`; `generation-view.ts` what
 * the app's clients see of it.
 *
 * Records carry ids and facts, never secrets: the API key stays in the shop's settings.
 */
import type {
  ChannelChecksView,
  FidelityView,
  GenerationKind,
  GenerationOrigin,
  GenerationParams,
  GenerationState,
  StyleUsed,
  VariantTargetView,
} from '../../app-api/contract.ts';
import type { CodedText } from '../../app-api/error-codes.ts';
import { AppError } from '../../platform/errors.ts';

export type { GenerationKind, GenerationParams, GenerationState } from '../../app-api/contract.ts';
export { ALLOWED_TRANSITIONS, isTerminal, StaleTransitionError } from './state-machine.ts';

/**
 * The fidelity check's report on the result, as kept on the record: figures and words only,
 * never an image (publish/fidelity-step.ts). `version` is the checker's: reports of different
 * versions are not comparable.
 */
export type FidelityRecord = Omit<FidelityView, 'findingTexts'> & {
  /** `findings` coded, in the same order; absent from a report stored before codes. */
  findingTexts?: CodedText[];
  version: string;
};

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
  /**
   * ProductAI's while its account is rate-limited: when the job is read again at the latest
   * (ISO 8601; its Retry-After is over by then). Absent for any other wait.
   */
  readAgainAt?: string;
  /**
   * ProductAI's while a request waits to be sent again (submit/steps/on-refused.ts): it is
   * `queued`, not `processing`, since ProductAI refused it (429) or could not be reached before
   * it left. `sendAgainAt`: when the shared rate limit gives slots out again, after a 429.
   */
  sending?: true;
  sendAgainAt?: string;
  /**
   * When the app gives up on an outage wait: its start plus the stage's ceiling (config.ts
   * `outageCeilingMs`), written by whoever starts the wait; absent in waits begun before it was.
   */
  givesUpAt?: string;
}

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
  const state = wait?.on !== 'productai' ? 'saving' : wait.sending ? 'queued' : 'processing';
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
   * `reason` and `action` as coded texts (src/app-api/error-codes.ts), which clients translate;
   * null on a record written before codes (read as null: store/record.ts), or by a writer that
   * gives English only (reason.ts keeps the two in step).
   */
  reasonText: CodedText | null;
  actionText: CodedText | null;
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
   * Candidates: the merchant asked for several results of one request to choose among. Every
   * candidate is a generation of its own (its own ProductAI job and charge) sharing this id; a
   * candidate always waits in review, whatever the shop's review setting. Null for a single
   * result. Named `optionGroup` still because it is stored under that name in every generation's
   * record and index key, and sent so in GenerationView.
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
  /**
   * The result's plain background in platform/colour-name.ts's English words, read off its
   * pixels in attach for the alt text (publish/alt-translations.ts writes it in the shop's other
   * languages from this); null for a scene, a video, or not read yet.
   */
  altBackdrop: string | null;
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

export class GenerationNotFoundError extends AppError {
  override readonly name = 'GenerationNotFoundError';
  constructor() {
    super('not_found', 'generation_not_found');
  }
}
