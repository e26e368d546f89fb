import type { ReviewBatchAction } from '../../shared/contract.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
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
  const { left } = confirmation;
  return (
    <ConfirmModal
      onClose={onClose}
      confirmation={{
        title: `${words.verb} ${plural(confirmation.results, 'result')} on ${plural(confirmation.products, 'product')}?`,
        confirm: `${words.verb} ${plural(confirmation.results, 'result')}`,
        destructive: confirmation.action !== 'approve',
        run: confirmation.run,
        consequences: [
          words.consequence,
          ...(left > 0
            ? [
                `${plural(left, 'other selected result')} ${left === 1 ? 'is' : 'are'} not in a state this applies to and ${left === 1 ? 'stays' : 'stay'} as ${left === 1 ? 'it is' : 'they are'}.`,
              ]
            : []),
        ],
      }}
    />
  );
}
