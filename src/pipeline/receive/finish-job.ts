/**
 * A ProductAI job's end, as ProductAI's job endpoint reported it (job-check.ts), applied to its
 * generation: a result moves it to `saving` and starts the attach stage; an error fails it. The
 * check runs from the poll and from the `result` job a webhook delivery triggers; the move is one
 * atomic transition from the states the caller expects, so whichever comes second finds the
 * generation moved on and changes nothing: a webhook racing a poll is processed once.
 */
import type { GenerationKind } from '../../app-api/contract.ts';
import type { CodedText } from '../../app-api/error-codes.ts';
import {
  JOB_ERROR_NOTE,
  StaleTransitionError,
  type Generation,
  type GenerationPatch,
  type GenerationState,
} from '../generations/generation.ts';
import type { GenerationRef } from '../stages/stage.ts';
import { toldWhy } from '../generations/reason.ts';
import type { PipelineContext } from '../context.ts';

/** What a job's end moves: the generation, and the attach stage it starts. */
export type FinishJobContext = Pick<PipelineContext, 'generations' | 'enqueue'>;

export interface JobEnd {
  status: 'success' | 'error';
  /** ProductAI's `image_url` for the job (never a delivery's). */
  imageUrl: string | null;
}

/** What a job of each kind makes, as a word of a text ("this upscaled image"). */
export const KIND_TEXTS: Record<GenerationKind, CodedText> = {
  photo: { code: 'kind_photo' },
  video: { code: 'kind_video' },
  upscale: { code: 'kind_upscaled_image' },
};

export async function finishJob(
  ctx: FinishJobContext,
  ref: GenerationRef,
  end: JobEnd & { jobId: number; kind: GenerationKind },
  options: {
    from: readonly GenerationState[];
    via: string;
    patch?: GenerationPatch;
    alsoSet?: { key: string; value: string };
  },
): Promise<boolean> {
  const success = end.status === 'success' && end.imageUrl !== null;
  try {
    await ctx.generations.transition(ref.shop, ref.generationId, {
      from: options.from,
      to: success ? 'saving' : 'failed',
      patch: success
        ? { ...options.patch, resultUrl: end.imageUrl, ...toldWhy(null) }
        : {
            ...options.patch,
            ...toldWhy(
              { code: 'reason_job_error', params: { kind: KIND_TEXTS[end.kind], job: end.jobId } },
              { code: 'action_try_another' },
            ),
          },
      note: success ? `result by ${options.via}` : `${JOB_ERROR_NOTE} (by ${options.via})`,
      alsoSet: options.alsoSet,
    });
  } catch (error) {
    if (error instanceof StaleTransitionError) return false;
    throw error;
  }
  if (success) await ctx.enqueue('attach', ref);
  return true;
}

/**
 * After a crash between the move to `saving` and the attach enqueue, a repeated job finds the
 * generation saving without a file: arm attach again (a no-op when attach is already pending;
 * attach itself is idempotent, see publish/attach-stage.ts).
 */
export async function ensureAttachArmed(
  ctx: FinishJobContext,
  ref: GenerationRef,
  generation: { state: GenerationState; fileId: string | null },
): Promise<void> {
  if (generation.state === 'saving' && generation.fileId === null) await ctx.enqueue('attach', ref);
}

/**
 * The generation a job's end may move on, as the `result` job and the poll see it: null when
 * there is nothing to do (gone, never accepted by ProductAI, or already past `processing`, in
 * which case attach is armed again if a crash lost it).
 */
export async function processingGeneration(
  ctx: FinishJobContext,
  ref: GenerationRef,
): Promise<(Generation & { productAiJobId: number }) | null> {
  const generation = await ctx.generations.get(ref.shop, ref.generationId);
  if (!generation || generation.productAiJobId === null) return null;
  if (generation.state !== 'processing') {
    await ensureAttachArmed(ctx, ref, generation);
    return null;
  }
  return { ...generation, productAiJobId: generation.productAiJobId };
}
