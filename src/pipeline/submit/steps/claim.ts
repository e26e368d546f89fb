/**
 * The submission claim (limits/submission-claims.ts): one request with a fingerprint in flight
 * per ProductAI account. A submission waits until no other holds its fingerprint, then claims it
 * as the generation moves to `submitting`; only then does the request leave.
 */
import type { Generation } from '../../generations/generation.ts';
import type { ClaimToken, Fingerprint } from '../../limits/submission-claims.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import { backInLine } from './back-in-line.ts';
import { move } from './move.ts';
import type { SubmitContext, SubmitStageDeps } from './types.ts';

export const tokenOf = (generation: Generation): ClaimToken => ({
  shop: generation.shop,
  generationId: generation.id,
  submittedAt: generation.submittedAt ?? '',
});

export const sameToken = (a: ClaimToken | null, b: ClaimToken) =>
  a !== null &&
  a.shop === b.shop &&
  a.generationId === b.generationId &&
  a.submittedAt === b.submittedAt;

/**
 * Waits (the generation still armed, as for a rate-limit slot) until no other submission
 * holds the fingerprint; false after `claims.waitMs` (an uncertain holder may keep it for
 * minutes: the dispatcher must not stand still that long).
 */
export async function fingerprintFree(
  { claims }: Pick<SubmitStageDeps, 'claims'>,
  ctx: SubmitContext,
  fingerprint: Fingerprint,
) {
  const { pollMs, waitMs } = ctx.config.claims;
  const deadline = ctx.clock.now() + waitMs;
  while ((await claims.holder(fingerprint)) !== null) {
    if (ctx.clock.now() >= deadline) return false;
    await ctx.clock.sleep(pollMs);
  }
  return true;
}

/**
 * Claims the fingerprint for the `submitting` generation; false if it was not sent and went back
 * in line.
 */
export async function takeClaim(
  steps: Pick<SubmitStageDeps, 'claims' | 'limiter' | 'scheduler'>,
  ctx: SubmitContext,
  ref: GenerationRef,
  fingerprint: Fingerprint,
  submitting: Generation,
): Promise<boolean> {
  if (await steps.claims.take(fingerprint, tokenOf(submitting))) return true;
  // Another submission with this fingerprint left between our look and now (another shop on
  // the same account, another worker): this one was not sent, it goes back to the front.
  await steps.limiter.release(ref.generationId);
  const back = await move(ctx, ref, {
    from: ['submitting'],
    to: 'queued',
    note: 'a request with the same prompt was in flight; not sent, back in line',
  });
  if (back) await backInLine(steps, ref, back, true);
  return false;
}
