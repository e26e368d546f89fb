import type { GenerationView, ReviewBatchAction } from '../../shared/contract.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { flaggedConsequences } from '../../components/FlaggedResults.tsx';
import { t } from '../../i18n/index.ts';
import { BATCH_WORDS } from './review-wording.ts';

export interface ReviewConfirmation {
  action: ReviewBatchAction;
  results: number;
  products: number;
  /** Selected results the action does not apply to (another state): left as they are. */
  left: number;
  /**
   * Results to approve the product check flagged, named in the question (`flaggedTotal`: how
   * many in all, when only some are loaded); `run` then confirms them to the server.
   */
  flagged?: readonly GenerationView[];
  flaggedTotal?: number;
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
        title: t('batch.confirmTitle', {
          verb: t(words.verb),
          results: t('batch.results', { count: confirmation.results }),
          products: t('bulk.products', { count: confirmation.products }),
        }),
        confirm: `${t(words.verb)} ${t('batch.results', { count: confirmation.results })}`,
        destructive: confirmation.action !== 'approve',
        run: confirmation.run,
        consequences: [
          t(words.consequence),
          ...(confirmation.action === 'approve'
            ? flaggedConsequences(confirmation.flagged ?? [], confirmation.flaggedTotal)
            : []),
          ...(left > 0 ? [t('batch.left', { count: left })] : []),
        ],
      }}
    />
  );
}
