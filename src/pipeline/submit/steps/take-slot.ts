/**
 * `takeSlot`: the last steps before sending. The generation waits, still armed, until its
 * fingerprint is free and for a slot of the shared rate limit; once it has one it is disarmed
 * (the dispatcher may choose the next) and moves `queued` → `submitting` in one atomic
 * transition, immediately before the request, recording the shop style it is sent with.
 */
import { generationFingerprint } from '../../limits/submission-claims.ts';
import type { Generation } from '../../generations/generation.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import { backInLine } from './back-in-line.ts';
import { fingerprintFree, takeClaim } from './claim.ts';
import { move } from './move.ts';
import type { SubmitContext, SubmitStageDeps } from './types.ts';

/** The generation now `submitting` with its fingerprint claimed, or null if it was not sent. */
export async function takeSlot(
  steps: Pick<SubmitStageDeps, 'claims' | 'limiter' | 'scheduler'>,
  ctx: SubmitContext,
  ref: GenerationRef,
  generation: Generation,
  account: string,
): Promise<Generation | null> {
  const { limiter, scheduler } = steps;
  const fingerprint = generationFingerprint(account, generation);
  if (!(await fingerprintFree(steps, ctx, fingerprint))) {
    await backInLine(steps, ref, generation, false);
    return null;
  }
  await limiter.acquire(ref.generationId, { priority: generation.priority, arming: ref.arming });
  await scheduler.disarm(ref);
  const submitting = await move(ctx, ref, {
    from: ['queued'],
    to: 'submitting',
    patch: {
      submittedAt: new Date(ctx.clock.now()).toISOString(),
      productAiAccount: account,
      // The prompt sent depends on it, so the fingerprint claimed below does too.
      style: generation.style,
      reason: null,
      action: null,
      // A wait to send (wait-to-send.ts) ends as the request leaves.
      waitingFor: null,
    },
  });
  if (!submitting) {
    await limiter.release(ref.generationId);
    return null;
  }
  return (await takeClaim(steps, ctx, ref, fingerprint, submitting)) ? submitting : null;
}
