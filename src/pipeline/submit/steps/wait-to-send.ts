/**
 * `waitToSend`: a request ProductAI did not take (a 429, or unreachable before it left) is back
 * in line, and its view says why it waits (generation-view.ts): ProductAI's limit, with when the
 * shared rate limit gives slots out again, or ProductAI's outage; not the plain "waiting for its
 * turn", which would hide that it is ProductAI's. The wait is written after the move back to
 * `queued`, as of that move, so it counts for this stay in line only (generation.ts
 * `currentWait`); the move to `submitting` clears it (take-slot.ts).
 */
import type { Generation } from '../../generations/generation.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import type { SubmitContext } from './types.ts';

export async function waitToSend(
  ctx: Pick<SubmitContext, 'generations'>,
  ref: GenerationRef,
  back: Generation,
  sendAgainAt?: string,
): Promise<void> {
  await ctx.generations.patch(ref.shop, ref.generationId, {
    waitingFor: {
      since: back.updatedAt,
      failures: 1,
      on: 'productai',
      sending: true,
      ...(sendAgainAt ? { sendAgainAt } : {}),
    },
  });
}
