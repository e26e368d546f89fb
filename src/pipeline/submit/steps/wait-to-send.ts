/**
 * `waitingToSend`: a request ProductAI did not take (a 429, or unreachable before it left) is
 * back in line, and its view says why it waits (generation-view.ts): ProductAI's limit, with when
 * the shared rate limit gives slots out again, or ProductAI's outage; not the plain "waiting for
 * its turn", which would hide that it is ProductAI's. The wait is written with the move back to
 * `queued`, in the same atomic step and as of that move (`since`: the move's time), so it counts
 * for this stay in line only (generation.ts `currentWait`) and no reader sees the generation back
 * in line without it; the move to `submitting` clears it (take-slot.ts).
 */
import type { GenerationPatch } from '../../generations/generation.ts';

export function waitingToSend(sendAgainAt?: string): (at: string) => GenerationPatch {
  return (at) => ({
    waitingFor: {
      since: at,
      failures: 1,
      on: 'productai',
      sending: true,
      ...(sendAgainAt ? { sendAgainAt } : {}),
    },
  });
}
