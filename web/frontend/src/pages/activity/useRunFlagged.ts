import { query } from '../../api/client.ts';
import { useResource } from '../../api/useResource.ts';
import { WAITING_POLL_MS } from '../../lib/generation-states.ts';
import type { FidelityVerdict, GenerationPage, GenerationView } from '../../shared/contract.ts';

/** Some of a run's results (up to a page of 100) and how many there are in all. */
export interface RunResults {
  results: GenerationView[];
  total: number;
}

const NONE: RunResults = { results: [], total: 0 };

function useWaiting(bulkRunId: string | null, fidelity: FidelityVerdict) {
  return useResource<GenerationPage>(
    bulkRunId
      ? `/generations${query({ bulkRunId, state: 'in_review', fidelity, limit: 100 })}`
      : null,
    WAITING_POLL_MS,
  );
}

const asResults = (page: GenerationPage | undefined): RunResults =>
  page ? { results: page.generations, total: page.total ?? page.generations.length } : NONE;

/**
 * A run's results waiting for review that the product check flagged: the changed ones, to act
 * on together ("Reject all changed"), and with those to check, every one "Approve all" would
 * publish as it is, for its confirmation to name.
 */
export function useRunFlagged(bulkRunId: string | null) {
  const changed = useWaiting(bulkRunId, 'changed');
  const checkIt = useWaiting(bulkRunId, 'check_it');
  const changedResults = asResults(changed.data);
  const checkItResults = asResults(checkIt.data);
  return {
    changed: changedResults,
    flagged: {
      results: [...changedResults.results, ...checkItResults.results],
      total: changedResults.total + checkItResults.total,
    },
    reload() {
      changed.reload();
      checkIt.reload();
    },
  };
}
