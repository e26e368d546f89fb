import { useEffect, useRef } from 'react';

/**
 * Brings the card of record `id` (a bulk run, a campaign: a card whose element has that id) into
 * view once it is on the page, and moves focus to its heading (screen readers announce what the
 * merchant just started). Once per id: polls that re-render the list never scroll the page away
 * from where the merchant went since.
 *
 * The forms sit below every card, and cards are listed newest first: without this, a merchant who
 * pressed "Start bulk run" or "Schedule campaign" at the bottom saw only the emptied form.
 */
export function useScrollToCard(
  id: string | null,
  records: readonly { id: string }[] | undefined,
): void {
  const shown = useRef<string | null>(null);
  const present = id !== null && (records?.some((record) => record.id === id) ?? false);
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
