/**
 * The merchant cancels a generation: one not sent yet (queued or paused) simply stops; one whose
 * request may have reached ProductAI (uncertain) is never sent again, and a result ProductAI
 * still delivers for it is listed as unclaimed, to attach without paying again.
 */
import type { Generation } from '../generations/generation.ts';
import { toldWhy } from '../generations/reason.ts';
import type { GenerationStore } from '../generations/generation-store.ts';

/** A cancelled uncertain generation: what happens to a result that still comes. */
export const UNCERTAIN_CANCELLED_MESSAGE = toldWhy(
  { code: 'reason_uncertain_cancelled' },
  { code: 'action_uncertain_cancelled' },
);

/** Throws StaleTransitionError when the generation is past the point it can be cancelled. */
export async function cancelGeneration(
  generations: GenerationStore,
  shop: string,
  id: string,
  note = 'cancelled by the merchant',
): Promise<Generation> {
  const generation = await generations.get(shop, id);
  if (generation?.state === 'uncertain') {
    return generations.transition(shop, id, {
      from: ['uncertain'],
      to: 'cancelled',
      patch: UNCERTAIN_CANCELLED_MESSAGE,
      note: `${note} while the app was checking with ProductAI`,
    });
  }
  return generations.transition(shop, id, {
    from: ['queued', 'paused'],
    to: 'cancelled',
    patch: { ...toldWhy(null), pausedBy: null },
    note,
  });
}
