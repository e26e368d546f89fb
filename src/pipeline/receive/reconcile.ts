/**
 * Reconciliation: settling submissions that went `uncertain` (the request may have reached
 * ProductAI, but no answer came back), without the merchant.
 *
 * What makes it exact is the submission claim (limits/submission-claims.ts): among the
 * submissions whose job id the app does not know, at most one has a given fingerprint (account,
 * model, prompt). A job nobody owns therefore belongs to the live holder of its fingerprint's
 * claim, or to no submission of this app at all.
 *
 * Two ways in, one `reconcile` queue:
 *  - a result for an unknown job id reaches a shop's webhook URL (job `reconcile.<shop>.job-<id>`):
 *    ProductAI is asked for the job's fingerprint and creation time; if the holder of that
 *    fingerprint is uncertain and submitted around that time, the job is adopted. A holder still
 *    in `submitting` will learn the id from its own answer (or go uncertain and come here again).
 *  - a generation goes uncertain (job `reconcile.<generation id>`, after
 *    `config.reconcile.firstCheckMs`): ProductAI's job list is read around the submission time for
 *    unowned jobs with the generation's fingerprint. One found: adopted. None found, once the
 *    job would certainly be listed (the request's last possible arrival, `submit.timeoutMs` +
 *    `limiter.arrivalMarginMs` after it left, plus `reconcile.listingDelayMs`): the request was
 *    never accepted, nothing was charged, and the generation goes back in line. Until then it
 *    looks again every `reconcile.recheckMs`.
 *
 * Adopting is one atomic transition `uncertain → processing` with the job id indexed
 * (adopt-job.ts): the poll or the webhook's result then finishes it like any other, and a
 * second reconciliation finds nothing to do. Several unowned jobs fitting one submission can
 * only come from outside the app (the merchant using the studio with the same prompt at the
 * same moment): nothing is guessed, the generation stays uncertain for the merchant, and the
 * results stay listed as unclaimed (see unclaimed-results.ts).
 */
import { toldWhy } from '../generations/reason.ts';
import { StaleTransitionError, type Generation } from '../generations/generation.ts';
import type { GenerationState } from '../generations/generation.ts';
import { accountOf } from '../../productai/account.ts';
import { generationFingerprint } from '../limits/submission-claims.ts';
import type { PipelineQueues } from '../stages/queues.ts';
import {
  DONE,
  later,
  type GenerationRef,
  type StageHandler,
  type StageOutcome,
} from '../stages/stage.ts';
import type { PipelineContext } from '../context.ts';
import { adoptJob, type AdoptJobDeps } from './adopt-job.ts';
import { describeJob, findJobs } from './job-lookup.ts';
import { keyForAccount } from './submission-key.ts';

/** Why an uncertain generation waits when the key saved is not the one its request used. */
export const KEY_CHANGED_MESSAGE = toldWhy(
  { code: 'reason_key_changed' },
  { code: 'action_key_changed' },
);

/** Settles an uncertain generation: its first look at ProductAI after `delayMs`. */
export async function requestReconcile(
  queues: PipelineQueues,
  ref: GenerationRef,
  delayMs: number,
): Promise<void> {
  await queues.add('reconcile', ref, ref.generationId, { delayMs });
}

/** Matches a result that reached a shop's webhook URL for a job id no generation recorded. */
export async function reconcileUnknownJob(
  queues: PipelineQueues,
  shop: string,
  jobId: number,
): Promise<void> {
  await queues.addForShop('reconcile', { shop, generationId: '' }, `job-${jobId}`);
}

export interface ReconcileDeps extends AdoptJobDeps {
  /** Puts a generation back in line (pipeline index: the state move and the scheduler). */
  requeue(
    shop: string,
    id: string,
    from: readonly GenerationState[],
    note: string,
  ): Promise<unknown>;
}

/**
 * What reconciliation uses of the pipeline's context: the generation, the key of the account its
 * request went to and ProductAI's job list, and what adopting a job moves (adopt-job.ts).
 */
export const RECONCILE_USES = [
  'generations',
  'settings',
  'productAi',
  'enqueue',
  'clock',
  'config',
  'logger',
] as const satisfies readonly (keyof PipelineContext)[];
export type ReconcileContext = Pick<PipelineContext, (typeof RECONCILE_USES)[number]>;

/** When a submission's request could last have reached ProductAI. */
function lastArrival(ctx: ReconcileContext, generation: Generation): number {
  const { submit, limiter } = ctx.config;
  return Date.parse(generation.submittedAt!) + submit.timeoutMs + limiter.arrivalMarginMs;
}

/** The creation times (ProductAI's clock) a job of this submission can have. */
function creationWindow(ctx: ReconcileContext, generation: Generation) {
  const { clockSkewMs, listingDelayMs } = ctx.config.reconcile;
  return {
    from: Date.parse(generation.submittedAt!) - clockSkewMs,
    // The service may still create the job after our request gave up: the listing delay,
    // which bounds how long it takes until the job shows, covers that too.
    to: lastArrival(ctx, generation) + listingDelayMs + clockSkewMs,
  };
}

export function createReconcileStage(deps: ReconcileDeps): StageHandler<ReconcileContext> {
  const { jobResults, claims, requeue } = deps;

  async function adopt(
    ctx: ReconcileContext,
    generation: Generation,
    jobId: number,
    how: string,
  ): Promise<void> {
    try {
      await adoptJob(deps, ctx, generation, jobId, {
        from: ['uncertain'],
        note: `ProductAI job ${jobId}, ${how}`,
      });
    } catch (error) {
      if (!(error instanceof StaleTransitionError)) throw error;
    }
  }

  async function explainKeyChanged(ctx: ReconcileContext, generation: Generation): Promise<void> {
    if (generation.reason === KEY_CHANGED_MESSAGE.reason) return;
    // A patch, not a transition (the state stays): nothing else settles this generation while
    // the saved key is another account's, since adopting needs that account's key.
    await ctx.generations.patch(generation.shop, generation.id, KEY_CHANGED_MESSAGE);
  }

  async function settleUncertain(ctx: ReconcileContext, ref: GenerationRef): Promise<StageOutcome> {
    const generation = await ctx.generations.get(ref.shop, ref.generationId);
    if (generation?.state !== 'uncertain' || !generation.submittedAt) return DONE;
    const { recheckMs, listingDelayMs } = ctx.config.reconcile;
    const account = generation.productAiAccount;
    const apiKey = account && (await keyForAccount(ctx.settings, ref.shop, account));
    if (!apiKey || !account) {
      // Only a key of the account the request went to can look there (the saved key, or one it
      // replaced, kept a while: submission-key.ts): never conclude "not sent" from another
      // account's list. Stays uncertain, and says why, until that key is back (or the merchant
      // cancels).
      await explainKeyChanged(ctx, generation);
      return later(recheckMs);
    }

    const fingerprint = generationFingerprint(account, generation);
    let jobs;
    try {
      jobs = await findJobs(
        ctx.productAi(apiKey),
        fingerprint,
        creationWindow(ctx, generation),
        async (jobId) => (await jobResults.owner(jobId)) !== null,
      );
    } catch (error) {
      // ProductAI unreachable, the key refused, a list we cannot read safely: decide nothing.
      ctx.logger.warn({ err: error, ...ref }, 'could not look up an uncertain submission');
      return later(recheckMs);
    }
    if (jobs.length === 1) {
      await adopt(ctx, generation, jobs[0]!.jobId, "found in ProductAI's list");
      return DONE;
    }
    if (jobs.length > 1) {
      ctx.logger.warn(
        { ...ref, jobIds: jobs.map((job) => job.jobId) },
        'several ProductAI jobs fit an uncertain submission; left to the merchant',
      );
      return DONE;
    }
    const certainAt = lastArrival(ctx, generation) + listingDelayMs;
    const now = ctx.clock.now();
    if (now < certainAt) return later(Math.min(recheckMs, certainAt - now));
    try {
      await requeue(
        ref.shop,
        ref.generationId,
        ['uncertain'],
        'ProductAI has no job for this request: it was never accepted, nothing was charged; sent again',
      );
    } catch (error) {
      if (!(error instanceof StaleTransitionError)) throw error;
    }
    return DONE;
  }

  async function matchUnclaimed(ctx: ReconcileContext, shop: string): Promise<StageOutcome> {
    const apiKey = await ctx.settings.getApiKey(shop);
    for (const { jobId } of await jobResults.unclaimed(shop)) {
      const owner = await jobResults.owner(jobId);
      if (owner) {
        // Claimed meanwhile by its own submission (the webhook was faster than the answer).
        await jobResults.removeUnclaimed(shop, jobId);
        await deps.queues.add('result', owner, owner.generationId);
        continue;
      }
      if (!apiKey) continue;
      const facts = await describeJob(ctx.productAi(apiKey), accountOf(apiKey), jobId);
      // Not this account's job, or no submission of the app can own it: the merchant's to place.
      const holder = facts && (await claims.holder(facts.fingerprint));
      if (!facts || !holder) continue;
      const generation = await ctx.generations.get(holder.shop, holder.generationId);
      // A holder still submitting learns its job id from its own answer.
      if (generation?.state !== 'uncertain') continue;
      const window = creationWindow(ctx, generation);
      if (facts.createdAt < window.from || facts.createdAt > window.to) continue;
      await adopt(ctx, generation, jobId, 'its webhook matched the uncertain request');
    }
    return DONE;
  }

  return (ref, ctx) =>
    ref.generationId ? settleUncertain(ctx, ref) : matchUnclaimed(ctx, ref.shop);
}
