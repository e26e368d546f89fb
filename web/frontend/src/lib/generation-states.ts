/**
 * How each generation state reads to a merchant: label, badge tone and progress, and which
 * actions the server accepts in it. Typed as a record over the contract's states, so a state
 * added to the contract fails the typecheck here until it has a label.
 */
import type { BadgeProps } from '@shopify/polaris';
import type { GenerationState } from '../shared/contract.ts';
import { isTerminalState } from '../shared/generation-states.ts';

export interface StateInfo {
  label: string;
  /** The label inside a sentence or a count: "3 saving to Shopify". */
  phrase: string;
  tone?: BadgeProps['tone'];
  progress: NonNullable<BadgeProps['progress']>;
}

export const STATE_INFO: Readonly<Record<GenerationState, StateInfo>> = {
  queued: {
    label: 'Queued',
    phrase: 'queued',
    tone: 'info',
    progress: 'incomplete',
  },
  paused: {
    label: 'Paused',
    phrase: 'paused',
    tone: 'warning',
    progress: 'incomplete',
  },
  submitting: {
    label: 'Sending',
    phrase: 'sending',
    tone: 'info',
    progress: 'partiallyComplete',
  },
  uncertain: {
    label: 'Checking with ProductAI',
    phrase: 'checking with ProductAI',
    tone: 'info',
    progress: 'partiallyComplete',
  },
  processing: {
    label: 'Generating',
    phrase: 'generating',
    tone: 'info',
    progress: 'partiallyComplete',
  },
  saving: {
    label: 'Saving to Shopify',
    phrase: 'saving to Shopify',
    tone: 'info',
    progress: 'partiallyComplete',
  },
  in_review: {
    label: 'Ready for review',
    phrase: 'ready for review',
    tone: 'attention',
    progress: 'complete',
  },
  published: {
    label: 'Published',
    phrase: 'published',
    tone: 'success',
    progress: 'complete',
  },
  failed: {
    label: 'Failed',
    phrase: 'failed',
    tone: 'critical',
    progress: 'complete',
  },
  cancelled: { label: 'Cancelled', phrase: 'cancelled', progress: 'complete' },
  discarded: { label: 'Discarded', phrase: 'discarded', progress: 'complete' },
};

export const ALL_STATES = Object.keys(STATE_INFO) as GenerationState[];

/** States in which work is still moving without the merchant (uncertain settles on its own). */
export function isInFlight(state: GenerationState): boolean {
  return !isTerminalState(state) && state !== 'in_review';
}

export type GenerationAction = 'approve' | 'reject' | 'retry' | 'undo' | 'cancel';

/** The actions offered per state; the server re-checks every one (409 when it no longer applies). */
export const ACTIONS_BY_STATE: Readonly<Record<GenerationState, readonly GenerationAction[]>> = {
  queued: ['cancel'],
  paused: ['cancel'],
  submitting: [],
  uncertain: ['cancel'],
  processing: [],
  saving: [],
  in_review: ['approve', 'reject'],
  published: ['undo'],
  failed: ['retry'],
  cancelled: [],
  discarded: [],
};
