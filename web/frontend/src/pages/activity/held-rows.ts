import type { GenerationView } from '../../shared/contract.ts';

/**
 * The rows to show when the list's latest answer (`fresh`, newest first: ids sort by creation)
 * has generations the rows shown (`shown`) do not: those above the last row shown are held
 * (`held` counts them) and the rows shown stay, each as fresh as the answer has it. A row the
 * answer no longer has is dropped where older rows than it are there (it left the filter:
 * approved, say) and kept as last seen where it only fell off the page's end, pushed by the held
 * ones; arrivals below the last row shown are added (they push nothing). Nothing held: the
 * answer as it is.
 */
export function heldRows(
  shown: readonly GenerationView[],
  fresh: GenerationView[],
): { rows: GenerationView[]; held: number } {
  const oldestShown = shown.at(-1)?.id;
  if (oldestShown === undefined) return { rows: fresh, held: 0 };
  const shownIds = new Set(shown.map((row) => row.id));
  const arrived = fresh.filter((generation) => !shownIds.has(generation.id));
  const held = arrived.filter((generation) => generation.id > oldestShown).length;
  if (held === 0) return { rows: fresh, held: 0 };
  const oldestFresh = fresh.at(-1)?.id ?? '';
  const byId = new Map(fresh.map((generation) => [generation.id, generation]));
  const rows = [
    ...shown.flatMap((row) => {
      const now = byId.get(row.id);
      if (now) return [now];
      return row.id < oldestFresh ? [row] : [];
    }),
    ...arrived.filter((generation) => generation.id < oldestShown),
  ];
  return { rows, held };
}
