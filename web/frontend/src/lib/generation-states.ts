/**
 * How each generation state reads to a merchant: label, badge tone and progress, and which
 * actions the server accepts in it. Typed as a record over the contract's states, so a state
 * added to the contract fails the typecheck here until it has a label.
 */
import type { BadgeProps } from '@shopify/polaris';
import { t } from '../i18n/index.ts';
import type { GenerationState, GenerationView } from '../shared/contract.ts';
import { isTerminalState } from '../shared/generation-states.ts';

export interface StateInfo {
  tone?: BadgeProps['tone'];
  progress: NonNullable<BadgeProps['progress']>;
}

export const STATE_INFO: Readonly<Record<GenerationState, StateInfo>> = {
  queued: {
    tone: 'info',
    progress: 'incomplete',
  },
  paused: {
    tone: 'warning',
    progress: 'incomplete',
  },
  submitting: {
    tone: 'info',
    progress: 'partiallyComplete',
  },
  uncertain: {
    tone: 'info',
    progress: 'partiallyComplete',
  },
  processing: {
    tone: 'info',
    progress: 'partiallyComplete',
  },
  saving: {
    tone: 'info',
    progress: 'partiallyComplete',
  },
  in_review: {
    tone: 'attention',
    progress: 'complete',
  },
  published: {
    tone: 'success',
    progress: 'complete',
  },
  failed: {
    tone: 'critical',
    progress: 'complete',
  },
  cancelled: { progress: 'complete' },
  discarded: { progress: 'complete' },
};

/** "Saving to Shopify": the state's name on its badge and in lists. */
export function stateLabel(state: GenerationState): string {
  return t(`states.${state}.label`);
}

/** The state inside a count: "3 saving to Shopify". */
export function statePhrase(state: GenerationState, count: number): string {
  return t(`states.${state}.phrase`, { count });
}

export const ALL_STATES = Object.keys(STATE_INFO) as GenerationState[];

/**
 * How often a view of generations asks again: while work moves, so a result shows within 2 s
 * of being ready; while it waits for the merchant, less often.
 */
export const LIVE_POLL_MS = 2000;
export const WAITING_POLL_MS = 5000;

/** States in which work is still moving without the merchant (uncertain settles on its own). */
export function isInFlight(state: GenerationState): boolean {
  return !isTerminalState(state) && state !== 'in_review';
}

/**
 * `retry` sends a new request at its cost (ProductAI never charged for this one); for a result
 * ProductAI made and charged for, Try again is `resave` (saved again, no new credits) beside
 * `remake` (Make a new one: a new request, confirmed with its cost).
 */
export type GenerationAction =
  'approve' | 'reject' | 'retry' | 'resave' | 'remake' | 'undo' | 'cancel';

/** The actions offered per state (see `actionsOf`); the server re-checks every one (409 when it no longer applies). */
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

/** The actions a generation offers: a failed one whose result ProductAI made saves it again. */
export function actionsOf(
  generation: Pick<GenerationView, 'state' | 'tryAgain'>,
): readonly GenerationAction[] {
  if (generation.state === 'failed' && generation.tryAgain === 'resave')
    return ['resave', 'remake'];
  return ACTIONS_BY_STATE[generation.state];
}
