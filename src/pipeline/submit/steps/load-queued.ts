/**
 * `loadQueued`: the generation this job is to send, if it is still `queued`. A job that finds it
 * further on is a repeat after a crash, and finishes what the crash interrupted.
 */
import { firstPollDelay } from '../../receive/poll-schedule.ts';
import { requestReconcile } from '../../receive/reconcile.ts';
import type { Generation } from '../../generations/generation.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import { afterCrash } from './after-crash.ts';
import type { SubmitContext, SubmitStageDeps } from './types.ts';

export async function loadQueued(
  steps: Pick<SubmitStageDeps, 'claims' | 'limiter' | 'queues'>,
  ctx: SubmitContext,
  ref: GenerationRef,
): Promise<Generation | null> {
  let generation = await ctx.generations.get(ref.shop, ref.generationId);
  if (generation?.state === 'submitting')
    generation = await afterCrash(steps, ctx, ref, generation);
  if (generation?.state === 'uncertain') {
    // A repeat after a crash between the move to uncertain and its reconciliation request.
    await requestReconcile(steps.queues, ref, ctx.config.reconcile.firstCheckMs);
    return null;
  }
  if (generation?.state === 'processing') {
    // A repeat after a crash between recording the job and arming the poll.
    await ctx.enqueue('await', ref, { delayMs: await firstPollDelay(ctx, generation) });
    return null;
  }
  return generation?.state === 'queued' ? generation : null;
}
