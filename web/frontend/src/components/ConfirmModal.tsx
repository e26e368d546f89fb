import { BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import {
  startTransition,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type MutableRefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { t } from '../i18n/index.ts';
import { DialogHeader } from './DialogHeader.tsx';
import styles from './Dialog.module.css';
import { keepFocusInside } from './keep-focus-inside.ts';

/** A question asked before an action that changes products, spends credits or throws work away. */
export interface Confirmation {
  title: string;
  /** What will happen, in numbers: one paragraph each. */
  consequences: ReactNode[];
  /** The confirming button's label: the action itself, never "OK". */
  confirm: string;
  /**
   * The other button's label, "Cancel" unless said: an action that is itself a cancel names
   * what staying means ("Keep running" beside "Cancel run"), never "Cancel" beside "Cancel run".
   */
  dismiss?: string;
  /** Takes something away (a critical button). */
  destructive: boolean;
  run: () => void;
}

interface Props {
  confirmation: Confirmation | null;
  onClose: () => void;
}

/**
 * The app home's one confirmation: what the action will do before it runs. Cancel, Esc or the
 * close button leave everything as it was; confirming closes it and runs the action. The close
 * is the click's visible answer and renders first; the action's own renders (a "Starting" card, a
 * pending button, the page around them) follow as a transition, in slices a next click can cut:
 * inside the click they re-rendered the whole Bulk runs page before its paint.
 */
export function ConfirmModal({ confirmation, onClose }: Props) {
  if (!confirmation) return null;
  return <ConfirmDialog confirmation={confirmation} onClose={onClose} />;
}

/**
 * The platform's modal `<dialog>`, opened with showModal() in Polaris' look
 * (Dialog.module.css): the browser makes the page behind it inert, closes it on Esc and names it
 * by its title. Polaris' Modal opened with a fade-up whose style recalculation held the click's
 * paint back ~236 ms (Bulk runs' worst interaction, 176-352 ms at load 6-10). Focus goes to the
 * dialog, or to the button that keeps things as they are when the action takes something away,
 * and back to what had it once the dialog closes.
 */
function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const footer = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // What had focus when asked (read while rendering, before the dialog takes focus).
  const [opener] = useState(() => document.activeElement);
  const { destructive } = confirmation;
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    const safe = destructive ? footer.current?.querySelector('button') : null;
    (safe ?? element).focus();
    return () => {
      // Closed first (Cancel, confirming): an open modal dialog keeps the page behind it inert.
      if (element.open) element.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [destructive, opener]);
  // At the end of the body, as Polaris' Modal was: not inside the card that asks, whose stacking
  // context axe read as lying over the dialog (in the top layer) and whose styles it inherited.
  return createPortal(
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      tabIndex={-1}
      onClose={onClose}
      onKeyDown={keepFocusInside}
    >
      <DialogHeader titleId={titleId} title={confirmation.title} onClose={onClose} />
      <div className={styles.body}>
        <BlockStack gap="200">
          {confirmation.consequences.map((consequence, index) => (
            <Text as="p" key={index}>
              {consequence}
            </Text>
          ))}
        </BlockStack>
      </div>
      <div className={styles.footer} ref={footer}>
        <InlineStack align="end" gap="200">
          <Button onClick={onClose}>{confirmation.dismiss ?? t('common.cancel')}</Button>
          <Button
            variant="primary"
            tone={destructive ? 'critical' : undefined}
            onClick={() => {
              onClose();
              startTransition(() => confirmation.run());
            }}
          >
            {confirmation.confirm}
          </Button>
        </InlineStack>
      </div>
    </dialog>,
    document.body,
  );
}

/** Where a confirmation is handed to its modal (set while the modal is mounted). */
type Show = (confirmation: Confirmation) => void;

/** The modal with its own state: asking renders it alone, not the card that asks. */
function ConfirmHost({ show }: { show: MutableRefObject<Show | null> }) {
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  useLayoutEffect(() => {
    show.current = setConfirmation;
    return () => {
      show.current = null;
    };
  }, [show]);
  return <ConfirmModal confirmation={confirmation} onClose={() => setConfirmation(null)} />;
}

/**
 * A confirmation to ask (`ask`, the same function from render to render) and the modal that asks
 * it (`modal`, rendered once). The asked confirmation is the modal's state, not the caller's: the
 * click that opens it rendered the whole form that asked (Bulk runs' new run card) before its paint.
 */
export function useConfirm() {
  const show = useRef<Show | null>(null);
  return useMemo(
    () => ({
      ask: (confirmation: Confirmation) => show.current?.(confirmation),
      modal: <ConfirmHost show={show} />,
    }),
    [],
  );
}
