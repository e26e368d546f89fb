/**
 * Submit: send one queued generation to ProductAI, at most once.
 *
 * The dispatcher (limits/dispatcher.ts) chose this generation and enqueued this job. The
 * handler checks what can be checked without ProductAI, waits until no other submission holds
 * its fingerprint (limits/submission-claims.ts) and for a slot of the shared rate limit as its
 * last steps before sending (then the dispatcher may choose the next), and sends:
 *
 *   queued ──(one atomic transition, immediately before the request)──► submitting
 *   the fingerprint claimed for this submission; only then does the request leave
 *   answer 200          → processing (job id recorded and indexed in the same step), poll armed
 *   400 validation      → failed with the API's message (nothing was charged)
 *   400 OUT_OF_TOKENS   → paused, and the whole shop paused with the reason
 *   401 / 403           → paused, key marked invalid, the whole shop paused
 *   429                 → back to queued at the front of its shop's line; every submission
 *                         waits for the time the service asked (the limiter's pause)
 *   certainly not sent  → back to queued and this job retried with backoff (network down)
 *   anything else       → uncertain: timeout after sending, 5xx, garbled 200. The request may
 *                         have created a job and charged credits, so it is never resent
 *                         blindly; reconciliation (receive/reconcile.ts) settles it.
 *
 * A job that finds its generation already `submitting` is a repeat after a crash. If the
 * fingerprint's claim (in the account the generation recorded, whatever key is saved now) is
 * this submission's, the request may have gone: `uncertain`, never out again. If not, the crash came before the claim, so before the request: back to `queued` and on.
 */
import type { Job } from '../../productai/schemas.ts';
import type { ProductAiClient } from '../../productai/client.ts';
import { isProductAiError, type ProductAiError } from '../../productai/errors.ts';
import { validateRequest } from '../../productai/catalogue.ts';
import { toProductAiRequest, type ProductAiRequest } from '../sources/request-rules.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import type { FairScheduler } from '../limits/fair-scheduler.ts';
import type { JobResults } from '../receive/job-results.ts';
import { adoptJob, firstPollDelay } from '../receive/adopt-job.ts';
import { requestReconcile } from '../receive/reconcile.ts';
import {
  accountOf,
  generationFingerprint,
  type ClaimToken,
  type Fingerprint,
  type SubmissionClaims,
} from '../limits/submission-claims.ts';
import type { PipelineQueues } from '../stages/queues.ts';
import { PAUSE_MESSAGES, type PauseCause, type ShopPause } from './shop-pause.ts';
import { StaleTransitionError, type Generation } from '../generations/generation.ts';
import { DONE, type GenerationRef, type GiveUpRule, type StageOutcome } from '../stages/stage.ts';
import type { PipelineContext, PipelineStageHandler } from '../context.ts';

export const UNCERTAIN_MESSAGE = {
  reason:
    'The request may have reached ProductAI, but no answer came back, so the app cannot tell whether it was charged.',
  action:
    'Nothing to do: the app is checking with ProductAI and nothing will be charged twice. It adds the result when it is ready, or sends the request again only if ProductAI never received it.',
};

/**
 * What a submission becomes when its last try failed: uncertain if its request may have left
 * (then reconciled after `reconcileAfterMs`), failed if it certainly did not.
 */
export function submitGiveUp(queues: PipelineQueues, reconcileAfterMs: number): GiveUpRule[] {
  return [
    {
      from: ['submitting'],
      to: 'uncertain',
      ...UNCERTAIN_MESSAGE,
      then: (ref) => requestReconcile(queues, ref, reconcileAfterMs),
    },
    {
      from: ['queued'],
      to: 'failed',
      reason: 'ProductAI could not be reached after several tries; nothing was charged.',
      action: 'Try again later.',
    },
  ];
}

/** The history note of a submission ProductAI refused with 429 (it goes back in line). */
export const RATE_LIMITED_NOTE = 'ProductAI answered 429 (too many requests); back in line';

export interface SubmitStageDeps {
  limiter: RateLimiter;
  scheduler: FairScheduler;
  shopPause: ShopPause;
  jobResults: JobResults;
  claims: SubmissionClaims;
  queues: PipelineQueues;
}

const tokenOf = (generation: Generation): ClaimToken => ({
  shop: generation.shop,
  generationId: generation.id,
  submittedAt: generation.submittedAt ?? '',
});

const sameToken = (a: ClaimToken | null, b: ClaimToken) =>
  a !== null &&
  a.shop === b.shop &&
  a.generationId === b.generationId &&
  a.submittedAt === b.submittedAt;

function send(client: ProductAiClient, request: ProductAiRequest, timeoutMs: number): Promise<Job> {
  const call = { timeoutMs };
  if (request.kind === 'image') return client.generate(request.body as never, call);
  if (request.kind === 'video') return client.generateVideo(request.body as never, call);
  return client.upscale(request.body as never, call);
}

export function createSubmitStage(deps: SubmitStageDeps): PipelineStageHandler {
  const { limiter, scheduler, shopPause, claims, queues } = deps;

  /** A transition that lost a race is not an error here: someone else moved the generation. */
  async function move(
    ctx: PipelineContext,
    ref: GenerationRef,
    request: Parameters<PipelineContext['generations']['transition']>[2],
  ): Promise<Generation | null> {
    try {
      return await ctx.generations.transition(ref.shop, ref.generationId, request);
    } catch (error) {
      if (error instanceof StaleTransitionError) return null;
      throw error;
    }
  }

  async function toUncertain(
    ctx: PipelineContext,
    ref: GenerationRef,
    note: string,
  ): Promise<void> {
    await move(ctx, ref, { from: ['submitting'], to: 'uncertain', patch: UNCERTAIN_MESSAGE, note });
    await requestReconcile(queues, ref, ctx.config.reconcile.firstCheckMs);
  }

  async function pauseFor(
    ctx: PipelineContext,
    ref: GenerationRef,
    cause: PauseCause,
    note: string,
  ): Promise<void> {
    await move(ctx, ref, {
      from: ['submitting'],
      to: 'paused',
      patch: { ...PAUSE_MESSAGES[cause], pausedBy: 'shop' },
      note,
    });
    await shopPause.pause(ref.shop, cause);
  }

  async function onAccepted(ctx: PipelineContext, generation: Generation, job: Job): Promise<void> {
    // From `uncertain` too: a worker that lost its lock (a long pause) may have been declared
    // dead and its submission uncertain while the answer was still coming.
    try {
      await adoptJob(deps, ctx, generation, job.id, {
        from: ['submitting', 'uncertain'],
        note: `ProductAI job ${job.id}`,
      });
    } catch (error) {
      // Reconciliation adopted the job first (its webhook came before our answer).
      if (!(error instanceof StaleTransitionError)) throw error;
    }
  }

  async function onRefused(
    ctx: PipelineContext,
    ref: GenerationRef,
    apiKey: string,
    error: ProductAiError,
  ): Promise<void> {
    if (error.received === 'no') await limiter.release(ref.generationId);
    else await limiter.settle(ref.generationId);

    switch (error.code) {
      case 'validation':
        await move(ctx, ref, {
          from: ['submitting'],
          to: 'failed',
          patch: {
            reason: `ProductAI refused the request: ${error.details ?? error.message}`,
            action: 'Change the parameters and try again.',
          },
          note: 'refused (400)',
        });
        return;
      case 'out_of_credits':
        return pauseFor(ctx, ref, 'out_of_credits', 'OUT_OF_TOKENS');
      case 'missing_key':
      case 'invalid_key':
        await ctx.settings.markApiKeyInvalid(ref.shop, apiKey);
        return pauseFor(ctx, ref, 'invalid_key', `key refused (${error.status ?? error.code})`);
      case 'rate_limited': {
        await limiter.pauseFor(error.retryAfterMs ?? ctx.config.limiter.windowMs);
        const back = await move(ctx, ref, {
          from: ['submitting'],
          to: 'queued',
          note: RATE_LIMITED_NOTE,
        });
        if (back) await backInLine(ref, back, true);
        return;
      }
      case 'not_sent':
        await move(ctx, ref, {
          from: ['submitting'],
          to: 'queued',
          note: 'ProductAI could not be reached; trying again',
        });
        // Retried by the queue with backoff; when the tries run out the generation fails.
        throw error;
      default:
        return toUncertain(ctx, ref, `no usable answer (${error.code})`);
    }
  }

  /** Generations a running submit job put back in line (the push disarms them). */
  const putBack = new Set<string>();

  return async (ref, ctx) => {
    try {
      return await submit(ref, ctx);
    } finally {
      // Whatever happened, this generation no longer waits for a slot (idempotent). Unless it
      // went back in line: the push disarmed it already, and the dispatcher may have chosen and
      // armed it again since; disarming now would drop that arming, and the generation with it
      // (neither waiting nor armed, so never recovered: it stayed `queued` for good).
      if (!putBack.delete(ref.generationId)) await scheduler.disarm(ref.shop, ref.generationId);
    }
  };

  /** A repeat after a crash found the generation `submitting`: did its request leave? */
  async function afterCrash(
    ctx: PipelineContext,
    ref: GenerationRef,
    generation: Generation,
  ): Promise<Generation | null> {
    // The account the request went to, not the key saved now: the merchant may have changed it.
    // A record without one (written before accounts were recorded) cannot prove anything.
    const account = generation.productAiAccount;
    const holder = account ? await claims.holder(generationFingerprint(account, generation)) : null;
    if (!account || sameToken(holder, tokenOf(generation))) {
      await limiter.settle(ref.generationId);
      await toUncertain(ctx, ref, 'the worker stopped while the request was being sent');
      return null;
    }
    await limiter.release(ref.generationId);
    return move(ctx, ref, {
      from: ['submitting'],
      to: 'queued',
      note: 'the worker stopped before the request left; nothing was sent',
    });
  }

  /**
   * Waits (the generation still armed, as for a rate-limit slot) until no other submission
   * holds the fingerprint; false after `claims.waitMs` (an uncertain holder may keep it for
   * minutes: the dispatcher must not stand still that long).
   */
  async function fingerprintFree(ctx: PipelineContext, fingerprint: Fingerprint) {
    const { pollMs, waitMs } = ctx.config.claims;
    const deadline = ctx.clock.now() + waitMs;
    while ((await claims.holder(fingerprint)) !== null) {
      if (ctx.clock.now() >= deadline) return false;
      await ctx.clock.sleep(pollMs);
    }
    return true;
  }

  async function backInLine(ref: GenerationRef, generation: Generation, front: boolean) {
    putBack.add(ref.generationId);
    await scheduler.push(
      { shop: ref.shop, generationId: ref.generationId, priority: generation.priority },
      { front },
    );
  }

  async function submit(ref: GenerationRef, ctx: PipelineContext): Promise<StageOutcome> {
    let generation = await ctx.generations.get(ref.shop, ref.generationId);
    if (generation?.state === 'submitting') generation = await afterCrash(ctx, ref, generation);
    if (generation?.state === 'uncertain') {
      // A repeat after a crash between the move to uncertain and its reconciliation request.
      await requestReconcile(queues, ref, ctx.config.reconcile.firstCheckMs);
      return DONE;
    }
    if (generation?.state === 'processing') {
      // A repeat after a crash between recording the job and arming the poll.
      await ctx.enqueue('await', ref, { delayMs: firstPollDelay(ctx, generation) });
      return DONE;
    }
    if (generation?.state !== 'queued') return DONE;
    // Chosen just before its shop was paused: it waits with the others instead of being sent.
    if (await shopPause.holdIfPaused(ref.shop, ref.generationId)) return DONE;

    const apiKey = await ctx.settings.getApiKey(ref.shop);
    if (!apiKey) {
      await shopPause.pause(ref.shop, 'missing_key');
      return DONE;
    }
    const request = toProductAiRequest(
      generation.kind,
      generation.params,
      generation.sourceImageUrls,
    );
    const problems = validateRequest(request.kind, request.body);
    if (problems.length > 0) {
      await move(ctx, ref, {
        from: ['queued'],
        to: 'failed',
        patch: {
          reason: `ProductAI would refuse this request: ${problems.map((p) => p.message).join('; ')}`,
          action: 'Change the parameters and try again.',
        },
      });
      return DONE;
    }

    const account = accountOf(apiKey);
    const fingerprint = generationFingerprint(account, generation);
    if (!(await fingerprintFree(ctx, fingerprint))) {
      await backInLine(ref, generation, false);
      return DONE;
    }
    await limiter.acquire(ref.generationId);
    await scheduler.disarm(ref.shop, ref.generationId);
    const submitting = await move(ctx, ref, {
      from: ['queued'],
      to: 'submitting',
      patch: {
        submittedAt: new Date(ctx.clock.now()).toISOString(),
        productAiAccount: account,
        reason: null,
        action: null,
      },
    });
    if (!submitting) {
      await limiter.release(ref.generationId);
      return DONE;
    }
    // Another submission with this fingerprint left between our look and now (another shop on
    // the same account, another worker): this one was not sent, it goes back to the front.
    if (!(await claims.take(fingerprint, tokenOf(submitting)))) {
      await limiter.release(ref.generationId);
      const back = await move(ctx, ref, {
        from: ['submitting'],
        to: 'queued',
        note: 'a request with the same prompt was in flight; not sent, back in line',
      });
      if (back) await backInLine(ref, back, true);
      return DONE;
    }

    let job: Job;
    try {
      job = await send(ctx.productAi(apiKey), request, ctx.config.submit.timeoutMs);
    } catch (error) {
      if (!isProductAiError(error)) {
        await limiter.settle(ref.generationId);
        throw error; // the repeat finds `submitting`, its claim held: uncertain
      }
      await onRefused(ctx, ref, apiKey, error);
      return DONE;
    }
    await limiter.settle(ref.generationId);
    await onAccepted(ctx, submitting, job);
    return DONE;
  }
}
