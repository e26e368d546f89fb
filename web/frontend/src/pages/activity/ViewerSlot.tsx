import { forwardRef, useImperativeHandle, useState } from 'react';
import type { GenerationView } from '../../shared/contract.ts';
import { ReviewViewer } from './ReviewViewer.tsx';

export interface ViewerOpener {
  /** Opens the large viewer on `items[index]`, to go through `items` as they are now. */
  open(items: GenerationView[], index: number): void;
}

interface Props {
  /** Results of the run waiting for review in all, if known (ReviewViewer). */
  waiting: number | null;
  /** A decision was made in the viewer: the page reloads its list. */
  onDecided: () => void;
}

/**
 * Where Activity's large viewer opens. Its state lives here, not in the page: opening it and
 * each → re-rendered the whole page with its table of 25 rows, inside the click's or key's own
 * task (a 359 ms long task and 390-480 ms to open at load 20). The viewer goes through
 * the page as it was when opened, so decisions do not reshuffle it.
 */
export const ViewerSlot = forwardRef<ViewerOpener, Props>(function ViewerSlot(
  { waiting, onDecided },
  ref,
) {
  const [viewer, setViewer] = useState<{ items: GenerationView[]; index: number } | null>(null);
  useImperativeHandle(ref, () => ({ open: (items, index) => setViewer({ items, index }) }), []);
  if (!viewer) return null;
  return (
    <ReviewViewer
      generations={viewer.items}
      index={viewer.index}
      waiting={waiting}
      onIndexChange={(index) => setViewer((current) => current && { ...current, index })}
      onClose={() => setViewer(null)}
      onDecided={(views) => {
        const decided = new Map(views.map((view) => [view.id, view]));
        setViewer(
          (current) =>
            current && {
              ...current,
              items: current.items.map((item) => decided.get(item.id) ?? item),
            },
        );
        onDecided();
      }}
    />
  );
});
