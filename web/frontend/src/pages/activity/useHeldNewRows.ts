import { useState } from 'react';
import type { GenerationView } from '../../shared/contract.ts';
import { heldRows } from './held-rows.ts';

export interface HeldNewRows {
  /** The rows the merchant is looking at, each as fresh as the last answer has it. */
  rows: GenerationView[];
  /** Generations the list did not show, above its last row: held until the merchant asks. */
  held: number;
  /** Shows the latest answer as it is, the held generations in their places. */
  show: () => void;
}

/**
 * Activity's first page while polls bring generations it did not show: made since (on top) or
 * come into its filter (a result now waiting for review, anywhere in the list), they would push
 * the rows under the merchant's pointer down (a bulk run adds one every few hundred
 * milliseconds). They are held for a "Show N new" button (held-rows.ts). `reset` names the list
 * (its filter and page): another list shows its first answer as it comes; with `hold` false
 * (a later page) every answer shows as it comes.
 */
export function useHeldNewRows(
  fresh: GenerationView[] | undefined,
  reset: string,
  hold: boolean,
): HeldNewRows {
  const [shown, setShown] = useState<{ reset: string; rows: GenerationView[] } | null>(null);
  const show = () => setShown(fresh ? { reset, rows: fresh } : null);
  if (!fresh) return { rows: [], held: 0, show };
  const same = shown !== null && shown.reset === reset;
  const { rows, held } = hold && same ? heldRows(shown.rows, fresh) : { rows: fresh, held: 0 };
  // What is shown becomes the rows to hold against, once nothing is held (set while rendering:
  // React renders again at once, before the browser paints).
  if (held === 0 && (!same || shown.rows !== fresh)) setShown({ reset, rows: fresh });
  return { rows, held, show };
}
