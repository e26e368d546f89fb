/**
 * `adoptAttached`: a queued generation that already names its ProductAI job is an unclaimed
 * result the merchant attached (receive/unclaimed-results.ts) or a failed one's result saved
 * again (receive/resave-result.ts), whose adoption the web process did not finish (it died after
 * putting it in line). It is adopted here, in its turn, and never sent: the job was paid for
 * already, and has ended (it is polled at once). A job another generation owns by now (attached twice
 * across that crash) fails this one instead of publishing the result twice.
 */
import { StaleTransitionError, type Generation } from '../../generations/generation.ts';
import { toldWhy } from '../../generations/reason.ts';
import { ATTACHED_NOTE, adoptJob } from '../../receive/adopt-job.ts';
import { RESAVED_NOTE } from '../../receive/resave-result.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import { move } from './move.ts';
import type { SubmitContext, SubmitStageDeps } from './types.ts';

export async function adoptAttached(
  steps: Pick<SubmitStageDeps, 'jobResults' | 'claims' | 'queues'>,
  ctx: SubmitContext,
  ref: GenerationRef,
  generation: Generation & { productAiJobId: number },
): Promise<void> {
  const jobId = generation.productAiJobId;
  const owner = await steps.jobResults.owner(jobId);
  // A result saved again (receive/resave-result.ts) takes its job over from the failed generation.
  const resaving = generation.retryOf !== null && owner?.generationId === generation.retryOf;
  if (owner && owner.generationId !== generation.id && !resaving) {
    await move(ctx, ref, {
      from: ['queued'],
      to: 'failed',
      patch: toldWhy({ code: 'reason_attached_already', params: { job: jobId } }),
      note: 'attached twice',
    });
    return;
  }
  try {
    await adoptJob(steps, ctx, generation, jobId, {
      from: ['queued'],
      note: `ProductAI job ${jobId}, ${generation.retryOf ? RESAVED_NOTE : ATTACHED_NOTE}`,
      pollNow: true,
    });
  } catch (error) {
    if (!(error instanceof StaleTransitionError)) throw error;
  }
}
