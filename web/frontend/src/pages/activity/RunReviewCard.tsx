import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { bulkProgress } from '../../lib/bulk-progress.ts';
import { t } from '../../i18n/index.ts';
import { formatRunName } from '../../lib/format.ts';
import type { BulkRunView, FidelityVerdict, ReviewBatchAction } from '../../shared/contract.ts';
import { setQueryParam } from '../../router/location.ts';
import type { ReviewConfirmation } from './ConfirmReviewModal.tsx';

interface Props {
  /** The run, reloaded by the page with every decision. */
  run: BulkRunView;
  /** Its results the fidelity check called changed, waiting for review. */
  changedWaiting: number;
  /** Asks the merchant to confirm a decision over the whole run. */
  onConfirm: (confirmation: ReviewConfirmation) => void;
  /** `fidelity`: only the results the check gave this verdict. */
  startBatch: (action: ReviewBatchAction, runId: string, fidelity?: FidelityVerdict) => void;
  busy: boolean;
}

/** A bulk run's results at once: approve every one waiting for review, or undo every published one. */
export function RunReviewCard({ run, changedWaiting, onConfirm, startBatch, busy }: Props) {
  const { counts } = run;
  const waiting = counts.in_review ?? 0;
  const published = counts.published ?? 0;
  // Products still to make, as the run card counts them (run-outcome.ts).
  const making = run.state === 'cancelled' ? 0 : bulkProgress(run).toGo;
  const confirm = (action: ReviewBatchAction, results: number, fidelity?: FidelityVerdict) =>
    // A bulk run makes one generation per product, so results and products are the same count.
    onConfirm({
      action,
      results,
      products: results,
      left: 0,
      run: () => startBatch(action, run.id, fidelity),
    });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('activity.run.heading', { name: formatRunName(run) })}
        </Text>
        <Text as="p" tone="subdued">
          {t(making > 0 ? 'activity.run.countsMaking' : 'activity.run.counts', {
            count: waiting,
            published,
            making,
          })}
        </Text>
        <InlineStack gap="200">
          <Button
            variant="primary"
            disabled={waiting === 0 || busy}
            onClick={() => confirm('approve', waiting)}
          >
            {t('activity.run.approveAll', { count: waiting })}
          </Button>
          <Button
            tone="critical"
            disabled={published === 0 || busy}
            onClick={() => confirm('undo', published)}
          >
            {t('activity.run.undoAll', { count: published })}
          </Button>
        </InlineStack>
        {changedWaiting > 0 ? (
          <BlockStack gap="200">
            <Text as="p" tone="critical">
              {t('fidelity.changedWaiting', { count: changedWaiting })}
            </Text>
            <InlineStack gap="200">
              <Button onClick={() => setQueryParam('fidelity', 'changed')}>
                {t('fidelity.showChanged')}
              </Button>
              <Button disabled={busy} onClick={() => confirm('approve', changedWaiting, 'changed')}>
                {t('fidelity.approveChanged', { count: changedWaiting })}
              </Button>
              <Button
                tone="critical"
                disabled={busy}
                onClick={() => confirm('reject', changedWaiting, 'changed')}
              >
                {t('fidelity.rejectChanged', { count: changedWaiting })}
              </Button>
            </InlineStack>
          </BlockStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
