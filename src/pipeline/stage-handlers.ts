/**
 * THE registration point of the pipeline's stage handlers: every queue the workers run gets its
 * handler here, and every stage what its generation becomes when the handler's last try failed.
 * Each handler lives with its feature:
 *
 *   submit              send a queued generation to ProductAI, at most once     submit/
 *   await               poll ProductAI for the result (the webhook's fallback)  receive/
 *   result, reconcile   a webhook's result; settle uncertain submissions        receive/
 *   attach, verify      save the result to Shopify and publish it               publish/
 *
 * The stage runtime (stages/) knows none of them: it is handed this set, and its workers refuse
 * to start when a queue has no handler (stages/stage-registry.ts). A new stage is added here.
 * Attach and verify are taken in turns by shop (limits/stage-turns.ts, handed to the workers by
 * pipeline-workers.ts): their handlers are written as any other's.
 *
 * Each stage declares what it uses of the pipeline's context (its `*_USES` list, and its context
 * type made of them) and is handed only that (`withOnly`), so what a stage depends on is read in
 * its signature, and a stage cannot come to lean on the rest unseen.
 */
import type { GenerationState } from './generations/generation.ts';
import type { FairScheduler } from './limits/fair-scheduler.ts';
import type { RateLimiter } from './limits/rate-limiter.ts';
import type { SubmissionClaims } from './limits/submission-claims.ts';
import type { PipelineConfig } from './config.ts';
import {
  ATTACH_GIVE_UP,
  ATTACH_USES,
  VERIFY_GIVE_UP,
  VERIFY_USES,
  attachStage,
  verifyStage,
  type AttachContext,
  type VerifyContext,
} from './publish/index.ts';
import type { JobResults } from './receive/job-results.ts';
import { RECONCILE_USES, createReconcileStage } from './receive/reconcile.ts';
import { RESULT_USES, createResultStage } from './receive/result-stage.ts';
import { AWAIT_GIVE_UP, AWAIT_USES, createAwaitStage } from './receive/await-stage.ts';
import type { PipelineQueues } from './stages/queues.ts';
import type { ShopPause } from './line/shop-pause.ts';
import type { PipelineContext } from './context.ts';
import type { GenerationRef, StageHandler, StageOutcome } from './stages/stage.ts';
import {
  checkStageHandlers,
  type GiveUpRules,
  type QueueHandlers,
} from './stages/stage-registry.ts';
import { SUBMIT_USES, createSubmitStage, submitGiveUp } from './submit/submit-stage.ts';
import type { Durability } from '../platform/redis/durability.ts';

/** Handlers tests and benchmarks may put in place of the publishing ones, given what those use. */
export interface PublishHandlers {
  attach?: StageHandler<AttachContext>;
  verify?: StageHandler<VerifyContext>;
}

export interface StageHandlerDeps {
  config: PipelineConfig;
  limiter: RateLimiter;
  scheduler: FairScheduler;
  shopPause: ShopPause;
  jobResults: JobResults;
  claims: SubmissionClaims;
  durability: Durability;
  queues: PipelineQueues;
  /** Puts a generation back in line (reconciliation: a request ProductAI never received). */
  requeue(
    shop: string,
    id: string,
    from: readonly GenerationState[],
    note: string,
  ): Promise<unknown>;
}

/**
 * The stage handed only the members of the context it uses (`uses`), picked from the context the
 * workers run with at each job. A stage missing stays missing, for the check to name it.
 */
function withOnly<K extends keyof PipelineContext>(
  uses: readonly K[],
  stage: (ref: GenerationRef, ctx: Pick<PipelineContext, K>) => Promise<StageOutcome>,
): StageHandler<PipelineContext> | undefined {
  if (typeof stage !== 'function') return undefined;
  return (ref, ctx) => {
    const given = {} as Pick<PipelineContext, K>;
    for (const member of uses) given[member] = ctx[member];
    return stage(ref, given);
  };
}

export interface PipelineStages {
  handlers: QueueHandlers<PipelineContext>;
  giveUp: GiveUpRules;
}

/** Every queue's handler and every stage's give-up rules; throws on a queue left without one. */
export function pipelineStages(
  deps: StageHandlerDeps,
  publish: PublishHandlers = {},
): PipelineStages {
  return {
    handlers: checkStageHandlers({
      submit: withOnly(SUBMIT_USES, createSubmitStage(deps)),
      await: withOnly(AWAIT_USES, createAwaitStage(deps)),
      attach: withOnly(ATTACH_USES, publish.attach ?? attachStage),
      verify: withOnly(VERIFY_USES, publish.verify ?? verifyStage),
      result: withOnly(RESULT_USES, createResultStage(deps)),
      reconcile: withOnly(RECONCILE_USES, createReconcileStage(deps)),
    }),
    giveUp: {
      submit: submitGiveUp(deps.queues, deps.config.reconcile.firstCheckMs),
      await: AWAIT_GIVE_UP,
      attach: ATTACH_GIVE_UP,
      verify: VERIFY_GIVE_UP,
    },
  };
}
