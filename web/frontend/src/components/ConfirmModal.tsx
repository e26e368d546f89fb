import { BlockStack, Modal, Text } from '@shopify/polaris';
import {
  startTransition,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type MutableRefObject,
} from 'react';
import { t } from '../i18n/index.ts';

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
 * The app home's one confirmation (Polaris Modal): what the action will do before it runs. Cancel
 * or closing leaves everything as it was; confirming closes it and runs the action. The close is
 * the click's visible answer and renders first; the action's own renders (a "Starting" card, a
 * pending button, the page around them) follow as a transition, in slices a next click can cut:
 * inside the click they re-rendered the whole Bulk runs page before its paint.
 */
export function ConfirmModal({ confirmation, onClose }: Props) {
  if (!confirmation) return null;
  return (
    <Modal
      open
      onClose={onClose}
      title={confirmation.title}
      primaryAction={{
        content: confirmation.confirm,
        destructive: confirmation.destructive,
        onAction: () => {
          onClose();
          startTransition(() => confirmation.run());
        },
      }}
      secondaryActions={[
        { content: confirmation.dismiss ?? t('common.cancel'), onAction: onClose },
      ]}
    >
      <Modal.Section>
        <BlockStack gap="200">
          {confirmation.consequences.map((consequence, index) => (
            <Text as="p" key={index}>
              {consequence}
            </Text>
          ))}
        </BlockStack>
      </Modal.Section>
    </Modal>
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
