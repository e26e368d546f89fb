import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { useResource } from '../../api/useResource.ts';
import { ALL_STATES, isInFlight } from '../../lib/generation-states.ts';
import { bulkRunName } from '../../shared/bulk-run-name.ts';
import type { BulkRunView, ReviewBatchAction } from '../../shared/contract.ts';
import type { ReviewConfirmation } from './ConfirmReviewModal.tsx';
import { plural } from './review-wording.ts';

const POLL_MS = 5000;
const IN_FLIGHT = ALL_STATES.filter(isInFlight);

interface Props {
  runId: string;
  /** Asks the merchant to confirm a decision over the whole run. */
  onConfirm: (confirmation: ReviewConfirmation) => void;
  startBatch: (action: ReviewBatchAction, runId: string) => void;
  busy: boolean;
}

/** A bulk run's results at once: approve every one waiting for review, or undo every published one. */
export function RunReviewCard({ runId, onConfirm, startBatch, busy }: Props) {
  const run = useResource<BulkRunView>(`/bulk-runs/${encodeURIComponent(runId)}`, POLL_MS);
  if (!run.data) return null;
  const { counts, productCount, expandedCount } = run.data;
  const waiting = counts.in_review ?? 0;
  const published = counts.published ?? 0;
  const making =
    Math.max(0, (productCount ?? expandedCount) - expandedCount) +
    IN_FLIGHT.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
  const confirm = (action: ReviewBatchAction, results: number) =>
    // A bulk run makes one generation per product, so results and products are the same count.
    onConfirm({
      action,
      results,
      products: results,
      left: 0,
      run: () => startBatch(action, runId),
    });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Bulk run: {bulkRunName(run.data)}
        </Text>
        <Text as="p" tone="subdued">
          {plural(waiting, 'result')} waiting for review, {published} published
          {making > 0 ? `, ${making} still being made` : ''}.
        </Text>
        <InlineStack gap="200">
          <Button
            variant="primary"
            disabled={waiting === 0 || busy}
            onClick={() => confirm('approve', waiting)}
          >
            {`Approve all ${waiting}`}
          </Button>
          <Button
            tone="critical"
            disabled={published === 0 || busy}
            onClick={() => confirm('undo', published)}
          >
            {`Undo all ${published}`}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
