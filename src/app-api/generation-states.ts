/**
 * The states of a generation and which of them are terminal: one list for the server's
 * contract (contract.ts builds its zod enum from it), the pipeline and the app home. No
 * dependencies, so the browser bundle can import it without zod.
 */
export const GENERATION_STATES = [
  'queued',
  'paused',
  'submitting',
  'uncertain',
  'processing',
  'saving',
  'in_review',
  'published',
  'failed',
  'cancelled',
  'discarded',
] as const;
export type GenerationState = (typeof GENERATION_STATES)[number];

/** Every generation ends in exactly one of these. */
export const TERMINAL_STATES: readonly GenerationState[] = [
  'published',
  'failed',
  'cancelled',
  'discarded',
];

export function isTerminalState(state: GenerationState): boolean {
  return TERMINAL_STATES.includes(state);
}
