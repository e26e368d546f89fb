import { useEffect, useRef } from 'react';
import type { BulkRunView } from '../../shared/contract.ts';

/**
 * Brings the card of run `id` into view once it is on the page, and moves focus to its heading
 * (screen readers announce the run the merchant just started). Once per id: polls that re-render
 * the list never scroll the page away from where the merchant went since.
 *
 * The new-run form sits below every run, and runs are listed newest first: without this, a
 * merchant who pressed "Start bulk run" at the bottom saw only the emptied form.
 */
export function useScrollToRun(id: string | null, runs: readonly BulkRunView[] | undefined): void {
  const shown = useRef<string | null>(null);
  const present = id !== null && (runs?.some((run) => run.id === id) ?? false);
  useEffect(() => {
    if (!present || id === null || shown.current === id) return;
    const card = document.getElementById(id);
    if (!card) return;
    shown.current = id;
    card.scrollIntoView({ block: 'start', behavior: 'smooth' });
    const heading = card.querySelector<HTMLElement>('h2');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus({ preventScroll: true });
  }, [id, present]);
}
