/**
 * What cancelling or ending a campaign throws away, for the confirmation that asks first: the
 * results made and held (never live) or sent and still being made, all discarded by the end
 * sweep (campaign-phases.ts), and the credits ProductAI charged for them, which are lost.
 * Products still waiting in line are not counted: the run cancels them before they are sent,
 * so they cost nothing.
 */
import type { GenerationState } from '../../app-api/contract.ts';
import type { BulkRun } from '../bulk-runs/bulk-run.ts';

/** Held for the start, or sent to ProductAI (charged when it accepted the request). */
const DISCARDED_AT_THE_END: readonly GenerationState[] = [
  'in_review',
  'submitting',
  'uncertain',
  'processing',
  'saving',
];

export interface AtStake {
  results: number;
  credits: number;
}

export function atStake(
  run: Pick<BulkRun, 'creditsPerProduct' | 'options'>,
  counts: Partial<Record<GenerationState, number>>,
): AtStake {
  const results = DISCARDED_AT_THE_END.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
  // Every request of a run costs the same: a product's credits cover its `options` requests.
  const perResult = run.options > 0 ? run.creditsPerProduct / run.options : 0;
  return { results, credits: Math.round(results * perResult) };
}
