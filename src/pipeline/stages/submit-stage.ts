/**
 * Submit: send one queued generation to ProductAI, at most once.
 *
 * The dispatcher (limits/dispatcher.ts) chose this generation and enqueued this job. The
 * handler checks what can be checked without ProductAI, waits for a slot of the shared rate
 * limit as its last step before sending (then the dispatcher may choose the next), and sends:
 *
 *   queued ──(one atomic transition, immediately before the request)──► submitting
 *   answer 200          → processing (job id recorded and indexed in the same step), poll armed
 *   400 validation      → failed with the API's message (nothing was charged)
 *   400 OUT_OF_TOKENS   → paused, and the whole shop paused with the reason
 *   401 / 403           → paused, key marked invalid, the whole shop paused
 *   429                 → back to queued at the front of its shop's line; every submission
 *                         waits for the time the service asked (the limiter's pause)
 *   certainly not sent  → back to queued and this job retried with backoff (network down)
 *   anything else       → uncertain: timeout after sending, 5xx, garbled 200. The request may
 *                         have created a job and charged credits, so it is never resent
 *                         blindly; reconciliation or the merchant settles it.
 *
 * A job that finds its generation already `submitting` is a repeat after a crash mid-request:
 * the request may have gone, so it goes to `uncertain`, never out again.
 */
import type { Job } from '../../productai/schemas.ts';
import type { ProductAiClient } from '../../productai/client.ts';
import { isProductAiError, type ProductAiError } from '../../productai/errors.ts';
import { validateRequest } from '../../productai/catalogue.ts';
import { toProductAiRequest, type ProductAiRequest } from '../sources/request-rules.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import type { FairScheduler } from '../limits/fair-scheduler.ts';
import type { JobResults } from '../receive/job-results.ts';
import type { PipelineQueues } from './queues.ts';
import { PAUSE_MESSAGES, type PauseCause, type ShopPause } from './shop-pause.ts';
import { StaleTransitionError, type Generation } from '../generations/generation.ts';
import {
  DONE,
  type GenerationRef,
  type PipelineContext,
  type StageHandler,
  type StageOutcome,
} from './stage.ts';

export const UNCERTAIN_MESSAGE = {
  reason:
    'The request may have reached ProductAI, but no answer came back, so the app cannot tell whether it was charged.',
  action:
    'If ProductAI made the result, it is added here automatically when it arrives. Otherwise check your ProductAI account: resubmit if nothing was charged, or abandon.',
};

/** The history note of a submission ProductAI refused with 429 (it goes back in line). */
export const RATE_LIMITED_NOTE = 'ProductAI answered 429 (too many requests); back in line';

export interface SubmitStageDeps {
  limiter: RateLimiter;
  scheduler: FairScheduler;
  shopPause: ShopPause;
  jobResults: JobResults;
  queues: PipelineQueues;
}

/** The delay before the first poll, counted from the submission. */
function firstPollDelay(ctx: PipelineContext, generation: Generation): number {
  const elapsed = generation.submittedAt ? ctx.clock.now() - Date.parse(generation.submittedAt) : 0;
  return Math.max(0, ctx.config.polling.firstPollMs[generation.kind] - elapsed);
}

/** Starts reconciliation for a shop's uncertain submissions and unclaimed results. */
export async function requestReconcile(
  queues: PipelineQueues,
  shop: string,
  trigger: string,
): Promise<void> {
  await queues.add('reconcile', { shop, generationId: '' }, `${shop}.${trigger}`);
}

function send(client: ProductAiClient, request: ProductAiRequest, timeoutMs: number): Promise<Job> {
  const call = { timeoutMs };
  if (request.kind === 'image') return client.generate(request.body as never, call);
  if (request.kind === 'video') return client.generateVideo(request.body as never, call);
  return client.upscale(request.body as never, call);
}

export function createSubmitStage(deps: SubmitStageDeps): StageHandler {
  const { limiter, scheduler, shopPause, jobResults, queues } = deps;

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
    await requestReconcile(queues, ref.shop, ref.generationId);
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

  async function onAccepted(
    ctx: PipelineContext,
    ref: GenerationRef,
    generation: Generation,
    job: Job,
  ): Promise<void> {
    const processing = await ctx.generations.transition(ref.shop, ref.generationId, {
      from: ['submitting'],
      to: 'processing',
      patch: { productAiJobId: job.id, chargedCredits: generation.estimatedCredits },
      note: `ProductAI job ${job.id}`,
      alsoSet: jobResults.ownerEntry(job.id, ref),
    });
    await ctx.enqueue('await', ref, { delayMs: firstPollDelay(ctx, processing) });
    // A webhook can beat the answer to our own request: its result was kept as unclaimed.
    if (await jobResults.get(job.id)) {
      await jobResults.removeUnclaimed(ref.shop, job.id);
      await queues.add('result', ref, ref.generationId);
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
        if (back) {
          await scheduler.push(
            { shop: ref.shop, generationId: ref.generationId, priority: back.priority },
            { front: true },
          );
        }
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

  return async (ref, ctx) => {
    try {
      return await submit(ref, ctx);
    } finally {
      // Whatever happened, this generation no longer waits for a slot (idempotent).
      await scheduler.disarm(ref.shop, ref.generationId);
    }
  };

  async function submit(ref: GenerationRef, ctx: PipelineContext): Promise<StageOutcome> {
    const generation = await ctx.generations.get(ref.shop, ref.generationId);
    if (generation?.state === 'submitting') {
      await limiter.settle(ref.generationId);
      await toUncertain(ctx, ref, 'the worker stopped while the request was being sent');
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

    await limiter.acquire(ref.generationId);
    await scheduler.disarm(ref.shop, ref.generationId);
    const submitting = await move(ctx, ref, {
      from: ['queued'],
      to: 'submitting',
      patch: { submittedAt: new Date(ctx.clock.now()).toISOString(), reason: null, action: null },
    });
    if (!submitting) {
      await limiter.release(ref.generationId);
      return DONE;
    }

    let job: Job;
    try {
      job = await send(ctx.productAi(apiKey), request, ctx.config.submit.timeoutMs);
    } catch (error) {
      if (!isProductAiError(error)) {
        await limiter.settle(ref.generationId);
        throw error; // the repeat finds `submitting` and goes uncertain
      }
      await onRefused(ctx, ref, apiKey, error);
      return DONE;
    }
    await limiter.settle(ref.generationId);
    await onAccepted(ctx, ref, submitting, job);
    return DONE;
  }
}
