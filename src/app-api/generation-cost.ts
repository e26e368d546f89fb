/**
 * What a generation cost the merchant, in one place for every screen that shows it. Browser-safe
 * (type imports only).
 *
 * ProductAI charges when it accepts a request, so:
 *  - charged credits known: that figure;
 *  - ended without ever being accepted (cancelled in line, refused with a 400, never sent): 0;
 *  - ended after an `uncertain` submission that was never found: ProductAI may or may not have
 *    charged it, so "up to" the estimate, never a confident 0;
 *  - still on its way: "about" the estimate.
 */
import type { GenerationView } from './generations.ts';
import { isTerminalState } from './generation-states.ts';

export type GenerationCost =
  | { certainty: 'charged'; credits: number }
  | { certainty: 'about'; credits: number }
  | { certainty: 'up-to'; credits: number };

export function generationCost(
  generation: Pick<GenerationView, 'state' | 'estimatedCredits' | 'chargedCredits' | 'transitions'>,
): GenerationCost {
  if (generation.chargedCredits !== null) {
    return { certainty: 'charged', credits: generation.chargedCredits };
  }
  if (!isTerminalState(generation.state)) {
    return { certainty: 'about', credits: generation.estimatedCredits };
  }
  const mayHaveReached = generation.transitions.some(
    (transition) => transition.state === 'uncertain',
  );
  return mayHaveReached
    ? { certainty: 'up-to', credits: generation.estimatedCredits }
    : { certainty: 'charged', credits: 0 };
}
