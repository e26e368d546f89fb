/** `afterCrash`: a repeat after a crash found the generation `submitting`: did its request leave? */
import { generationFingerprint } from '../../limits/submission-claims.ts';
import type { Generation } from '../../generations/generation.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import type { PipelineContext } from '../../context.ts';
import { sameToken, tokenOf } from './claim.ts';
import { move } from './move.ts';
import { toUncertain } from './to-uncertain.ts';
import type { SubmitStageDeps } from './types.ts';

/** The generation back in `queued` if the request certainly did not leave, else null. */
export async function afterCrash(
  steps: Pick<SubmitStageDeps, 'claims' | 'limiter' | 'queues'>,
  ctx: PipelineContext,
  ref: GenerationRef,
  generation: Generation,
): Promise<Generation | null> {
  const { claims, limiter } = steps;
  // The account the request went to, not the key saved now: the merchant may have changed it.
  // A record without one (written before accounts were recorded) cannot prove anything.
  const account = generation.productAiAccount;
  const holder = account ? await claims.holder(generationFingerprint(account, generation)) : null;
  if (!account || sameToken(holder, tokenOf(generation))) {
    await limiter.settle(ref.generationId);
    await toUncertain(steps, ctx, ref, 'the worker stopped while the request was being sent');
    return null;
  }
  await limiter.release(ref.generationId);
  return move(ctx, ref, {
    from: ['submitting'],
    to: 'queued',
    note: 'the worker stopped before the request left; nothing was sent',
  });
}
