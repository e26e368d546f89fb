import { forwardRef, useId, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import type { GenerationView } from '../../shared/contract.ts';
import { ReviewViewer } from './ReviewViewer.tsx';
import dialogStyles from '../../components/Dialog.module.css';
import { keepFocusInside } from '../../components/keep-focus-inside.ts';

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
 *
 * It is the platform's modal `<dialog>`, mounted with the page and opened with showModal(): the
 * browser makes the page behind it inert, closes it on Esc and names it by its title. Polaris'
 * Modal mounted its portal, backdrop, focus trap and transition with every opening and rendered
 * its header and footer again with every →, inside the click or key (Activity's slowest
 * interactions, 440-1,712 ms at load 11-16).
 */
export const ViewerSlot = forwardRef<ViewerOpener, Props>(function ViewerSlot(
  { waiting, onDecided },
  ref,
) {
  const [viewer, setViewer] = useState<{ items: GenerationView[]; index: number } | null>(null);
  useImperativeHandle(ref, () => ({ open: (items, index) => setViewer({ items, index }) }), []);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const shown = viewer !== null;
  // Opened once its content is in, so focus lands inside it (on the dialog, as Polaris' did).
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (shown && !element.open) {
      element.showModal();
      element.focus();
    } else if (!shown && element.open) {
      element.close();
    }
  }, [shown]);
  return (
    <dialog
      ref={dialog}
      className={`${dialogStyles.dialog} ${dialogStyles.large}`}
      aria-labelledby={shown ? titleId : undefined}
      tabIndex={-1}
      onClose={() => setViewer(null)}
      onKeyDown={keepFocusInside}
    >
      {viewer ? (
        <ReviewViewer
          titleId={titleId}
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
      ) : null}
    </dialog>
  );
});
