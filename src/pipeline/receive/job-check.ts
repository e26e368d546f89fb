/**
 * Asking ProductAI how a generation's job ended: the only way the pipeline learns a result.
 *
 * ProductAI does not sign its webhooks, so a delivery is only a notice that job N may have ended
 * (its `result` job runs this check at once); the poll runs it on its schedule. What the
 * generation finishes with, and what the publish stage downloads, is the `image_url` ProductAI's
 * own job endpoint returns, read with the key of the account the job was submitted to
 * (submission-key.ts). A delivery's body is never used, so a forged one can at most make the app
 * ask ProductAI a little earlier.
 */
import {
  DEFAULT_RETRY_AFTER_MS,
  isProductAiError,
  isTransientProductAiError,
} from '../../productai/errors.ts';
import type { GenerationKind } from '../../app-api/contract.ts';
import { StaleTransitionError, type Generation } from '../generations/generation.ts';
import type { GenerationRef } from '../stages/stage.ts';
import type { ShopPause } from '../line/shop-pause.ts';
import type { PipelineContext } from '../context.ts';
import { toldWhy } from '../generations/reason.ts';
import { KIND_TEXTS, finishJob, type FinishJobContext } from './finish-job.ts';
import { submissionKey } from './submission-key.ts';

/**
 * `settled`: the generation moved on (or someone else moved it); `running`: ProductAI answered,
 * ask again later; `unreachable`: ProductAI did not answer (a transient failure after the
 * client's own retries); `{ retryAfterMs }`: it refused the read for the account's rate limit
 * (a 429), asking to wait that long (productai/errors.ts `retryAfterMs`). The await stage waits
 * both out (productai-outage.ts).
 */
export type JobCheck = 'settled' | 'running' | 'unreachable' | RateLimited;

/** What reading a generation's job uses: its submission's key, ProductAI, the job's end. */
export type JobCheckContext = FinishJobContext &
  Pick<PipelineContext, 'settings' | 'productAi' | 'logger'>;

export interface RateLimited {
  retryAfterMs: number;
}

/** Why a generation whose submission key is gone or refused fails (see submission-key.ts). */
export function unreadableReason(kind: GenerationKind, jobId: number, why: 'gone' | 'refused') {
  return toldWhy(
    {
      code: why === 'gone' ? 'key_gone' : 'key_refused',
      params: { kind: KIND_TEXTS[kind], job: jobId },
    },
    { code: 'action_find_result' },
  );
}

async function failUnreadable(
  ctx: Pick<PipelineContext, 'generations'>,
  ref: GenerationRef,
  generation: Generation & { productAiJobId: number },
  why: 'gone' | 'refused',
): Promise<void> {
  try {
    await ctx.generations.transition(ref.shop, ref.generationId, {
      from: ['processing'],
      to: 'failed',
      patch: unreadableReason(generation.kind, generation.productAiJobId, why),
      note: `result unreadable: submission key ${why}`,
    });
  } catch (error) {
    if (!(error instanceof StaleTransitionError)) throw error;
  }
}

/** Reads the generation's job from ProductAI and applies its end, if it has one. */
export async function checkJob(
  deps: { shopPause: ShopPause },
  ctx: JobCheckContext,
  ref: GenerationRef,
  generation: Generation & { productAiJobId: number },
  via: 'poll' | 'webhook',
): Promise<JobCheck> {
  const jobId = generation.productAiJobId;
  const apiKey = await submissionKey(ctx.settings, generation);
  if (!apiKey) {
    await failUnreadable(ctx, ref, generation, 'gone');
    return 'settled';
  }
  const finish = async (imageUrl: string | null) => {
    const status = imageUrl === null ? 'error' : 'success';
    const end = { status, imageUrl, jobId, kind: generation.kind } as const;
    await finishJob(ctx, ref, end, { from: ['processing'], via });
    return 'settled' as const;
  };
  try {
    const job = await ctx.productAi(apiKey).getJob(jobId);
    if (job.status === 'COMPLETED' && job.image_url) return await finish(job.image_url);
    if (job.status === 'ERROR') return await finish(null);
    return 'running';
  } catch (error) {
    if (isProductAiError(error, 'invalid_key') || isProductAiError(error, 'missing_key')) {
      // When it is also the saved key, nothing else of the shop can be sent with it either.
      if (await ctx.settings.markApiKeyInvalid(ref.shop, apiKey)) {
        await deps.shopPause.pause(ref.shop, 'invalid_key');
      }
      await failUnreadable(ctx, ref, generation, 'refused');
      return 'settled';
    }
    if (!isProductAiError(error)) throw error;
    ctx.logger.warn({ err: error, jobId, shop: ref.shop, via }, 'job check failed');
    // 5xx, 429, network after the client's own retries: no answer, the deadline waits.
    if (isProductAiError(error, 'rate_limited'))
      return { retryAfterMs: error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS };
    if (isTransientProductAiError(error)) return 'unreachable';
    // job_not_found (or another answer): ProductAI answered; the next poll may succeed.
    return 'running';
  }
}
