/**
 * The generation store's interface and the types of its operations (generation-store.ts builds
 * it, one operation a file in this folder).
 */
import type { FidelityVerdict } from '../../../app-api/contract.ts';
import type { Redis } from '../../../platform/redis/connection.ts';
import type { Clock } from '../../../platform/clock.ts';
import type {
  Generation,
  GenerationPatch,
  GenerationState,
  NewGeneration,
  StageName,
} from '../generation.ts';
import type { ToldWhy } from '../reason.ts';
import type { AppWideKeys } from '../keys.ts';
import type { PipelineConfig } from '../../config.ts';

export interface TransitionRequest {
  /** The states the caller expects the generation to be in; any other is a stale transition. */
  from: readonly GenerationState[];
  to: GenerationState;
  /**
   * Fields written with the move; a function is given the move's own time (a wait that starts
   * with it: its `since` must be the moment the state changed, which only the store knows).
   */
  patch?: GenerationPatch | ((at: string) => GenerationPatch);
  /** Recorded in the history with the time (shown to the merchant as the transition's detail). */
  note?: string;
  /** Also write this app-wide key (the job-id index) in the same atomic step. */
  alsoSet?: { key: string; value: string };
}

/**
 * `createOnce` within the shop's cap of generations not yet final (config quotas.pendingPerShop),
 * checked in the same atomic step as the claim. `refused`: what to store past the cap (the
 * generations, `failed` with this reason, under the claim); absent, nothing is stored.
 */
export interface CapOfPending {
  cap: number;
  refused?: ToldWhy & { note: string };
}

export interface CreatedOnce {
  /** Stored now (false: the claim named them already, or the cap left nothing stored). */
  created: boolean;
  /** The claim's generations, made now or before; empty when the cap stored nothing. */
  ids: string[];
  /** Past the cap: the shop's count then, and whether the refusal was stored. */
  overCap: { pending: number; refused: boolean } | null;
}

export interface GenerationFilter {
  state?: GenerationState;
  bulkRunId?: string;
  productId?: string;
  /**
   * The fidelity check's verdict on the result: indexed for a run's results in review
   * (keys.ts byBulkRunVerdict), applied in memory otherwise.
   */
  fidelity?: FidelityVerdict;
}

export interface GenerationPageRequest {
  /** The last id of the previous page. */
  cursor?: string | null;
  limit?: number;
}

export interface StoredGenerationPage {
  generations: Generation[];
  nextCursor: string | null;
}

export type StateCounts = Record<GenerationState, number>;

/** Credits charged in one quarter hour (`at`, ms, its start) on one model. */
export interface CreditSlot {
  at: number;
  model: string;
  credits: number;
}

export interface GenerationStore {
  create(input: NewGeneration): Promise<Generation>;
  /**
   * A new generation and the commands that store it, not run: for a caller that runs them in an
   * atomic step of its own (put in line at once: FairScheduler.pushNew).
   */
  prepare(input: NewGeneration): { generation: Generation; writes: string[][] };
  /**
   * Creates the generations unless `once.key` is already claimed, claim and records in one
   * atomic step (automatic work: one rule makes one product's generations at most once, however
   * often its webhook runs). Answers the ids the claim names, made now or by an earlier call.
   */
  createOnce(
    inputs: readonly NewGeneration[],
    once: { key: string; ttlMs: number },
    within?: CapOfPending,
  ): Promise<CreatedOnce>;
  get(shop: string, id: string): Promise<Generation | null>;
  /** Newest first. */
  list(
    shop: string,
    filter?: GenerationFilter,
    page?: GenerationPageRequest,
  ): Promise<StoredGenerationPage>;
  /** Ids in one state, oldest first (for batch moves such as pausing a shop's queue). */
  idsInState(
    shop: string,
    state: GenerationState,
    limit: number,
    after?: string,
  ): Promise<string[]>;
  /** Ids of one bulk run in one state, oldest first (a run's approve-all / undo-all). */
  idsInRunState(
    shop: string,
    runId: string,
    state: GenerationState,
    limit: number,
    after?: string,
  ): Promise<string[]>;
  /** Atomic state change; throws StaleTransitionError or GenerationNotFoundError. */
  transition(shop: string, id: string, request: TransitionRequest): Promise<Generation>;
  /**
   * Changes fields other than the state; with `note`, also adds it to the note of the latest
   * history entry, in the same atomic step. Throws GenerationNotFoundError.
   */
  patch(
    shop: string,
    id: string,
    fields: GenerationPatch,
    options?: { note?: string },
  ): Promise<Generation>;
  /**
   * Counts one start of a stage (atomic increment; the workers call it before every run);
   * returns the new count, 0 when the generation does not exist.
   */
  countAttempt(shop: string, id: string, stage: StageName): Promise<number>;
  /** The shop's generations by state (counters: finished ones stay counted after they expire). */
  countByState(shop: string, filter?: { bulkRunId?: string }): Promise<StateCounts>;
  /** Every shop's generations by state (for metrics). */
  countByStateAppWide(): Promise<StateCounts>;
  /** Credits charged per quarter hour and model in the UTC days given (`YYYY-MM-DD`). */
  creditsBySlot(shop: string, utcDays: readonly string[]): Promise<CreditSlot[]>;
  /**
   * Sets the shop's state counts (and the app-wide ones by the difference) to what its records
   * say: for generations created before the counters existed. Returns how many states changed.
   */
  recountStates(shop: string): Promise<number>;
  /**
   * Takes an erased shop out of the app-wide state (its state counts, its retention entry);
   * idempotent. The shop's own keys are left to the eraser.
   */
  forgetShop(shop: string): Promise<void>;
  /**
   * Removes expired generations' index entries, at most `batch` per shop, for up to `shops`
   * shops whose expiry is due; returns how many entries were removed.
   */
  sweepExpired(options?: { batch?: number; shops?: number }): Promise<number>;
  /**
   * Work in review or paused whose expiry is due at `now` (ms): for up to `shops` shops whose
   * earliest is due, at most `batch` ids each, earliest first.
   */
  dueToExpire(options: {
    now: number;
    shops: number;
    batch: number;
  }): Promise<{ shop: string; ids: string[] }[]>;
  /** Moves a generation's expiry to `atMs`, if it is still scheduled to expire. */
  postponeExpiry(shop: string, id: string, atMs: number): Promise<void>;
  /** Takes a generation off the expiry set (one found in no state that expires). */
  forgetExpiry(shop: string, id: string): Promise<void>;
  /** Rescores a swept shop by its next expiry; answers it (ms), or null when none is left. */
  settleExpiryShop(shop: string): Promise<number | null>;
  /**
   * Schedules the expiry of the shop's generations in review or paused that have none (moved
   * there before expiry existed), from when they entered that state; answers how many. Run once
   * after the upgrade (scripts/schedule-waiting-expiry.ts); a second run adds nothing.
   */
  scheduleWaitingExpiry(shop: string): Promise<number>;
  /** How many generations match, when an index or counter knows it in O(1); null otherwise. */
  count(shop: string, filter?: GenerationFilter): Promise<number | null>;
  /** The options of one request, oldest first (at most MAX_CANDIDATES). */
  candidateGroup(shop: string, group: string): Promise<Generation[]>;
}

/** What the operations share: each takes the part of it that it uses. */
export interface GenerationStoreDeps {
  redis: Redis;
  clock: Clock;
  /**
   * App-wide keys: the per-state counters, the shops with generations to expire, and the job-id
   * index (its entries expire with their generations).
   */
  keys: Pick<AppWideKeys, 'generationStates' | 'retentionShops' | 'jobPrefix' | 'expiryShops'>;
  retention: Pick<PipelineConfig['retention'], 'generationMs' | 'creditsByDayMs' | 'sweepBatch'>;
  /**
   * How long work may wait in review or paused before it expires (config `expiry`): each move
   * into those states schedules it in the shop's expiry set, in the same atomic step. Absent: no
   * work is scheduled to expire (a store on its own, in tests).
   */
  expiry?: Pick<PipelineConfig['expiry'], 'inReviewMs' | 'pausedMs'>;
  /**
   * The transition outbox: a move INTO one of `states` also adds `shop \n id \n state` to this
   * sorted set (scored by time) in the same atomic step, so whoever reacts to those moves (Flow
   * triggers, flow/trigger-delivery.ts) can never miss one, whatever crashes after it.
   */
  outbox?: { key: string; states: readonly GenerationState[] };
}
