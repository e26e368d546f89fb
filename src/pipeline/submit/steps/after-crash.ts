/** `afterCrash`: a repeat after a crash found the generation `submitting`: did its request leave? */
import { generationFingerprint } from '../../limits/submission-claims.ts';
import type { Generation } from '../../generations/generation.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import { sameToken, tokenOf } from './claim.ts';
import { move } from './move.ts';
import { toUncertain } from './to-uncertain.ts';
import type { SubmitContext, SubmitStageDeps } from './types.ts';

/** The generation back in `queued` if the request certainly did not leave, else null. */
export async function afterCrash(
  steps: Pick<SubmitStageDeps, 'claims' | 'limiter' | 'queues'>,
  ctx: SubmitContext,
  ref: GenerationRef,
  generation: Generation,
): Promise<Generation | null> {
  const { claims, limiter } = steps;
  // The account the request went to, not the key saved now: the merchant may have changed it.
  // A record without one (written before accounts were recorded) cannot prove anything.
  const account = generation.productAiAccount;
  const fingerprint = account ? generationFingerprint(account, generation) : null;
  const holder = fingerprint ? await claims.holder(fingerprint) : null;
  if (!account || sameToken(holder, tokenOf(generation))) {
    await limiter.settle(ref.generationId);
    await toUncertain(steps, ctx, ref, 'the worker stopped while the request was being sent');
    return null;
  }
  // Without a durable record (durable.ts: REDIS_DURABILITY=none), the claim's absence proves
  // nothing: Redis may have lost it after the request left. The submission takes its claim again
  // (so any unowned job with its fingerprint can only be its own) and goes to reconciliation,
  // which looks for its job in ProductAI's list by fingerprint first and puts it back in line
  // only once none can appear. (Another submission holding the fingerprint meanwhile owns any
  // such job, so this one is sent again: the limit of running without durability.)
  if (
    ctx.config.durability.mode === 'none' &&
    fingerprint &&
    holder === null &&
    (await claims.take(fingerprint, tokenOf(generation)))
  ) {
    await limiter.settle(ref.generationId);
    await toUncertain(steps, ctx, ref, 'the worker stopped; the record of the send may be lost');
    return null;
  }
  await limiter.release(ref.generationId);
  return move(ctx, ref, {
    from: ['submitting'],
    to: 'queued',
    note: 'the worker stopped before the request left; nothing was sent',
  });
}
