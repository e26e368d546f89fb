/**
 * Where a generation is on its way to the product, in the steps a merchant reads (the product
 * action's started screen and the product page's block): one mapping of the pipeline's states
 * to those steps, and which states still move without the merchant.
 */
import type { GenerationState } from '../../src/app-api/contract.ts';

export const STEPS = ['queued', 'sending', 'making', 'saving', 'onProduct'] as const;
export type Step = (typeof STEPS)[number];

/** The step a state is at; null once it ended anywhere but on the product. */
export const STEP_OF: Readonly<Record<GenerationState, Step | null>> = {
  queued: 'queued',
  paused: 'queued',
  submitting: 'sending',
  uncertain: 'sending',
  processing: 'making',
  saving: 'saving',
  published: 'onProduct',
  in_review: null,
  failed: null,
  cancelled: null,
  discarded: null,
};

/** Work the app is still doing: it changes without the merchant, so it is read again. */
export const MOVING: readonly GenerationState[] = [
  'queued',
  'paused',
  'submitting',
  'uncertain',
  'processing',
  'saving',
];

export function isMoving(state: GenerationState): boolean {
  return MOVING.includes(state);
}
