import { describe, expect, it } from 'vitest';
import type { GenerationState } from '../../src/app-api/contract.ts';
import { generationCost } from '../../src/app-api/generation-cost.ts';

function generation(
  state: GenerationState,
  chargedCredits: number | null,
  history: GenerationState[] = ['queued', state],
) {
  return {
    state,
    estimatedCredits: 5,
    chargedCredits,
    transitions: history.map((at) => ({ state: at, at: '2025-11-23T10:00:00.000Z' })),
  };
}

describe('what a generation cost', () => {
  it('is what ProductAI charged once it accepted the request', () => {
    expect(generationCost(generation('published', 5))).toEqual({
      certainty: 'charged',
      credits: 5,
    });
  });

  it('is about the estimate while it is still to be charged', () => {
    expect(generationCost(generation('queued', null))).toEqual({ certainty: 'about', credits: 5 });
  });

  it('is 0 when it was cancelled before it was sent', () => {
    expect(generationCost(generation('cancelled', null))).toEqual({
      certainty: 'charged',
      credits: 0,
    });
  });

  it('is 0 when ProductAI refused the request', () => {
    const refused = generation('failed', null, ['queued', 'submitting', 'failed']);
    expect(generationCost(refused)).toEqual({ certainty: 'charged', credits: 0 });
  });

  it('is up to the estimate when it ended after a submission nobody could confirm', () => {
    const stopped = generation('cancelled', null, [
      'queued',
      'submitting',
      'uncertain',
      'cancelled',
    ]);
    expect(generationCost(stopped)).toEqual({ certainty: 'up-to', credits: 5 });
  });
});
