import { Modal, Text } from '@shopify/polaris';
import type { ReviewBatchAction } from '../../shared/contract.ts';
import { BATCH_WORDS, plural } from './review-wording.ts';

export interface ReviewConfirmation {
  action: ReviewBatchAction;
  results: number;
  products: number;
  /** Selected results the action does not apply to (another state): left as they are. */
  left: number;
  run: () => void;
}

interface Props {
  confirmation: ReviewConfirmation | null;
  onClose: () => void;
}

/** Says how many products a decision over many results touches, and what it does, before it runs. */
export function ConfirmReviewModal({ confirmation, onClose }: Props) {
  if (!confirmation) return null;
  const words = BATCH_WORDS[confirmation.action];
  const title = `${words.verb} ${plural(confirmation.results, 'result')} on ${plural(confirmation.products, 'product')}?`;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      primaryAction={{
        content: `${words.verb} ${plural(confirmation.results, 'result')}`,
        destructive: confirmation.action !== 'approve',
        onAction: () => {
          confirmation.run();
          onClose();
        },
      }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">{words.consequence}</Text>
        {confirmation.left > 0 ? (
          <Text as="p" tone="subdued">
            {plural(confirmation.left, 'other selected result')}{' '}
            {confirmation.left === 1 ? 'is' : 'are'} not in a state this applies to and{' '}
            {confirmation.left === 1 ? 'stays' : 'stay'} as{' '}
            {confirmation.left === 1 ? 'it is' : 'they are'}.
          </Text>
        ) : null}
      </Modal.Section>
    </Modal>
  );
}
