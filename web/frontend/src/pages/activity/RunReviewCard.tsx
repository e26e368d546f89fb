import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { bulkProgress } from '../../lib/bulk-progress.ts';
import { t } from '../../i18n/index.ts';
import { formatRunName } from '../../lib/format.ts';
import type { BulkRunView, ReviewBatchAction } from '../../shared/contract.ts';
import type { ReviewConfirmation } from './ConfirmReviewModal.tsx';

interface Props {
  /** The run, reloaded by the page with every decision. */
  run: BulkRunView;
  /** Asks the merchant to confirm a decision over the whole run. */
  onConfirm: (confirmation: ReviewConfirmation) => void;
  startBatch: (action: ReviewBatchAction, runId: string) => void;
  busy: boolean;
}

/** A bulk run's results at once: approve every one waiting for review, or undo every published one. */
export function RunReviewCard({ run, onConfirm, startBatch, busy }: Props) {
  const { counts } = run;
  const waiting = counts.in_review ?? 0;
  const published = counts.published ?? 0;
  // Products still to make, as the run card counts them (run-outcome.ts).
  const making = run.state === 'cancelled' ? 0 : bulkProgress(run).toGo;
  const confirm = (action: ReviewBatchAction, results: number) =>
    // A bulk run makes one generation per product, so results and products are the same count.
    onConfirm({
      action,
      results,
      products: results,
      left: 0,
      run: () => startBatch(action, run.id),
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
      </BlockStack>
    </Card>
  );
}
