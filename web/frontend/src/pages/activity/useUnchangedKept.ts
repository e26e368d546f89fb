import { useMemo, useRef } from 'react';
import type { GenerationView } from '../../shared/contract.ts';

/**
 * Each poll's answer with the generations that did not change kept as the objects already
 * shown, so the table's rows (memoized) re-render only where something changed: a poll of
 * Activity re-rendered all 25 rows and their badges, a 78 ms task at load 20 that any click or
 * key landing beside it waited behind.
 */
export function useUnchangedKept(
  fresh: GenerationView[] | undefined,
): GenerationView[] | undefined {
  const shown = useRef(new Map<string, { json: string; view: GenerationView }>());
  return useMemo(() => {
    if (!fresh) return fresh;
    const next = new Map<string, { json: string; view: GenerationView }>();
    const kept = fresh.map((view) => {
      const json = JSON.stringify(view);
      const before = shown.current.get(view.id);
      const entry = before?.json === json ? before : { json, view };
      next.set(view.id, entry);
      return entry.view;
    });
    shown.current = next;
    return kept;
  }, [fresh]);
}
