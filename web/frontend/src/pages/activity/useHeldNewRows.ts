import { useState } from 'react';
import type { GenerationView } from '../../shared/contract.ts';

export interface HeldNewRows {
  /** The rows the merchant is looking at, each as fresh as the last answer has it. */
  rows: GenerationView[];
  /** Generations the list did not show, above its last row: held until the merchant asks. */
  held: number;
  /** Shows the latest answer as it is, the held generations on top. */
  show: () => void;
}

/**
 * The first page of Activity while polls bring generations it did not show: made since (on top)
 * or come into its filter (a result now waiting for review, anywhere in the list), they would
 * push the rows under the merchant's pointer down (a bulk run adds one every few hundred
 * milliseconds). The rows shown stay, updated in place; the arrivals above the last of them are
 * counted for a "Show N new" button, those below it are added (they push nothing). A row the answer no longer has is dropped where newer rows than it are
 * there (it left the filter: approved, say), and kept as last seen where it only fell off the
 * end of the page, pushed by the held ones. `reset` (another filter, another page, not the first
 * page) shows every answer as it comes.
 */
export function useHeldNewRows(
  fresh: GenerationView[] | undefined,
  reset: string,
  hold: boolean,
): HeldNewRows {
  const [shown, setShown] = useState<{ reset: string; rows: GenerationView[] } | null>(null);
  const showFresh = () => setShown(fresh ? { reset, rows: fresh } : null);
  if (!fresh) return { rows: [], held: 0, show: showFresh };
  if (!hold || !shown || shown.reset !== reset || shown.rows.length === 0) {
    if (shown?.rows !== fresh || shown.reset !== reset) setShown({ reset, rows: fresh });
    return { rows: fresh, held: 0, show: showFresh };
  }
  const shownIds = new Set(shown.rows.map((row) => row.id));
  const oldestShown = shown.rows.at(-1)!.id;
  const arrived = fresh.filter((generation) => !shownIds.has(generation.id));
  const held = arrived.filter((generation) => generation.id > oldestShown).length;
  if (held === 0) {
    if (shown.rows !== fresh) setShown({ reset, rows: fresh });
    return { rows: fresh, held: 0, show: showFresh };
  }
  const oldestFresh = fresh.at(-1)?.id ?? '';
  const byId = new Map(fresh.map((generation) => [generation.id, generation]));
  const rows = [
    ...shown.rows.flatMap((row) => {
      const now = byId.get(row.id);
      if (now) return [now];
      return row.id < oldestFresh ? [row] : [];
    }),
    // Below every row shown, they push nothing.
    ...arrived.filter((generation) => generation.id < oldestShown),
  ];
  return { rows, held, show: showFresh };
}
