/**
 * The stage runtime's contract (see README.md: this folder holds the runtime only). Each stage
 * (submit, await, attach, verify) is a separate queue job whose payload is only a
 * `GenerationRef`; the handler reloads the generation and decides from its state, so a repeated
 * job (crash, duplicate enqueue) is a no-op or repeats only that stage's work.
 *
 * Handler rules:
 *  - Move the generation only with `ctx.generations.transition({ from, to })`: a
 *    StaleTransitionError means another worker or a webhook got there first; return `done`.
 *  - Return `{ status: 'later', delayMs }` to run the same stage again later (poll again, Shopify
 *    still processing): the job is parked as delayed, not failed, and keeps its id; in a stage
 *    taken in turns (`StageTurns`, below) its turn ends and the generation waits that long for
 *    the next. `later(ms, service)` says the wait is on a service's outage: in a stage taken in
 *    turns it ends early, for every shop, once the service answers again.
 *  - Throw for transient failures (network, 5xx, Redis): the queue retries with backoff; when the
 *    retries run out the generation is given the stage's `GiveUpRule` (a merchant-readable reason),
 *    registered with the handler.
 *  - Start the next stage through the context the pipeline gives (`ctx.enqueue(stage, ref)` in
 *    ../context.ts); enqueues are deduplicated by generation and stage, so enqueueing twice
 *    starts one job.
 *
 * The runtime is generic over that context: it needs only `StageContext` (count an attempt,
 * apply a give-up rule, log) and hands every handler the context it was given, whole.
 */
import type { CodedText } from '../../app-api/error-codes.ts';
import type { Logger } from '../../platform/logger.ts';
import type { GenerationState } from '../generations/generation.ts';
import type { GenerationStore } from '../generations/generation-store.ts';

export type { StageName } from '../generations/generation.ts';

/** A job payload: ids only. */
export interface GenerationRef {
  shop: string;
  generationId: string;
  /** Submit jobs: the fair scheduler's arming the job serves (limits/fair-scheduler.ts). */
  arming?: string;
  /** Jobs of a stage taken in turns (`StageTurns`): the turn the job serves. */
  turn?: string;
}

export type StageOutcome =
  | { status: 'done' }
  /**
   * Run this stage again for the same generation after `delayMs` (not counted as a failure);
   * `outage`: the wait is on that service's outage.
   */
  | { status: 'later'; delayMs: number; outage?: string };

export const DONE: StageOutcome = { status: 'done' };
export const later = (delayMs: number, outage?: string): StageOutcome =>
  outage === undefined ? { status: 'later', delayMs } : { status: 'later', delayMs, outage };

export interface EnqueueOptions {
  /** Start the job no earlier than this many ms from now. */
  delayMs?: number;
}

/** What the runtime itself uses of the context it passes to the handlers. */
export interface StageContext {
  generations: Pick<GenerationStore, 'countAttempt' | 'transition'>;
  logger: Logger;
}

/**
 * Stages whose jobs are handed out in turns instead of added to their queue as they come (the
 * pipeline's limits/stage-turns.ts: shops take turns, a few jobs of one shop at a time), so
 * that one tenant's backlog in a queue shared by all never holds another's job for more than a
 * few of its own. BullMQ's FIFO queue cannot say that: groups are BullMQ Pro's. A job carries
 * the turn it serves. The runtime asks whether the turn is still current before the handler
 * runs (a turn given again after its job was lost leaves a late copy of that job nothing to
 * do), and ends it when the handler is done, gave up, or wants to run later: that wait is then
 * the turns', outside BullMQ, so a waiting generation holds no turn.
 */
export interface StageTurns {
  readonly queues: readonly string[];
  isCurrent(queue: string, ref: GenerationRef): Promise<boolean>;
  /** Ends the turn; with `later`, the generation waits `delayMs` for its next. */
  end(
    queue: string,
    ref: GenerationRef,
    later?: { delayMs: number; outage?: string },
  ): Promise<void>;
}

/** A stage: one job's work for one generation, given the context the workers were started with. */
export type StageHandler<Ctx extends StageContext = StageContext> = (
  ref: GenerationRef,
  ctx: Ctx,
) => Promise<StageOutcome>;

/**
 * What a generation becomes when its stage's last try failed: the first rule whose `from`
 * matches its state is applied (`reason`, `action` shown to the merchant), then `then` runs
 * (e.g. reconciliation of a submission left uncertain).
 */
export interface GiveUpRule {
  from: GenerationState[];
  to: GenerationState;
  reason: CodedText;
  action: CodedText | null;
  then?: (ref: GenerationRef) => Promise<void>;
}
