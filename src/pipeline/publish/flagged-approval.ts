/**
 * Approving many results at once (a review batch, a variant set's "approve all") never publishes
 * results the fidelity check flagged (changed, or check it) without a word: a request whose
 * results include any must say so (`approveFlagged`, sent once the page's confirmation named them
 * with the check's reason and the merchant confirmed). Otherwise it is refused before anything is
 * decided, so a stale page or another API client learns of them instead of publishing them.
 */
import { AppError } from '../../platform/errors.ts';
import type { Generation } from '../generations/generation.ts';

export function isFlagged(generation: Pick<Generation, 'fidelity'>): boolean {
  const verdict = generation.fidelity?.verdict;
  return verdict === 'changed' || verdict === 'check_it';
}

export class FlaggedApprovalError extends AppError {
  override readonly name = 'FlaggedApprovalError';
  constructor(count: number) {
    super('conflict', 'flagged_results', { params: { count } });
  }
}

/** Throws when `approving` includes flagged results the request did not confirm. */
export function refuseUnconfirmedFlagged(
  approving: readonly Pick<Generation, 'fidelity'>[],
  confirmed: boolean,
): void {
  const flagged = approving.filter(isFlagged).length;
  if (flagged > 0 && !confirmed) throw new FlaggedApprovalError(flagged);
}
