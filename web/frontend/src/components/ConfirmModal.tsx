import { BlockStack, Modal, Text } from '@shopify/polaris';
import { useState, type ReactNode } from 'react';
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
 * or closing leaves everything as it was; confirming closes it and runs the action.
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
          confirmation.run();
          onClose();
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

/** A confirmation to ask (`ask`) and the modal that asks it (`modal`, rendered once). */
export function useConfirm() {
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  return {
    ask: setConfirmation,
    modal: <ConfirmModal confirmation={confirmation} onClose={() => setConfirmation(null)} />,
  };
}
