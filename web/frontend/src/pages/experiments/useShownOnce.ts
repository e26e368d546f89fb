import { useEffect, useState } from 'react';

/** How far below the fold an element counts as shown: its data is asked a little ahead. */
const AHEAD = '200px 0px';

/**
 * Whether the element (given by the returned ref) has come into view, or near it, yet; true from
 * then on. What only matters once seen (a card's chart) is asked then, not with the page. Where
 * the browser cannot tell (no IntersectionObserver), at once.
 */
export function useShownOnce<T extends Element>(): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown || node === null) return;
    if (typeof IntersectionObserver === 'undefined') {
      setShown(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, shown]);
  return [setNode, shown];
}
