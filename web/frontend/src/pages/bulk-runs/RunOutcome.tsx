import { Badge, BlockStack, InlineStack, Text } from '@shopify/polaris';
import type { BulkProgress } from '../../lib/bulk-progress.ts';
import { formatNumber } from '../../lib/format.ts';
import { formatDuration, queueSentence } from '../../lib/schedule.ts';
import type { BulkRunView } from '../../shared/contract.ts';

interface Props {
  run: BulkRunView;
  progress: BulkProgress;
}

/** "12 of 59 products made", each outcome apart, and when the rest should be done. */
export function RunOutcome({ run, progress }: Props) {
  const { skipped } = progress;
  const skippedWhy = [
    skipped.noImage > 0 ? `${formatNumber(skipped.noImage)} without an image` : null,
    skipped.alreadyDone > 0
      ? `${formatNumber(skipped.alreadyDone)} already made with these options`
      : null,
    skipped.budget > 0 ? `${formatNumber(skipped.budget)} beyond the budget` : null,
  ].filter((reason) => reason !== null);
  return (
    <BlockStack gap="200">
      <Text as="p">{summary(run, progress)}</Text>
      <InlineStack gap="200" wrap>
        {progress.published > 0 ? (
          <Badge tone="success">{`${formatNumber(progress.published)} published`}</Badge>
        ) : null}
        {progress.inReview > 0 ? (
          <Badge tone="attention">{`${formatNumber(progress.inReview)} waiting for review`}</Badge>
        ) : null}
        {progress.failed > 0 ? (
          <Badge tone="critical">{`${formatNumber(progress.failed)} failed`}</Badge>
        ) : null}
        {skipped.total > 0 ? (
          <Badge tone="warning">{`${formatNumber(skipped.total)} skipped`}</Badge>
        ) : null}
        {progress.cancelled > 0 ? (
          <Badge>{`${formatNumber(progress.cancelled)} ${run.campaign?.ended ? 'not made' : 'cancelled'}`}</Badge>
        ) : null}
        {progress.toGo > 0 ? (
          <Badge tone="info">{`${formatNumber(progress.toGo)} to go`}</Badge>
        ) : null}
      </InlineStack>
      {skippedWhy.length > 0 ? (
        <Text as="p" tone="subdued">
          Skipped, and never charged: {skippedWhy.join(', ')}.
        </Text>
      ) : null}
      {run.schedule ? (
        <Text as="p" tone="subdued">
          {`The rest should be done in ${formatDuration(run.schedule.finishInMs)}. ${queueSentence(run.schedule)}`}
        </Text>
      ) : null}
    </BlockStack>
  );
}

function summary(run: BulkRunView, progress: BulkProgress): string {
  const made = `${formatNumber(progress.made)} of ${formatNumber(progress.toMake)} ${progress.toMake === 1 ? 'product' : 'products'} made`;
  if (run.campaign?.ended) {
    return `Ended with the campaign “${run.campaign.name}”: ${made}.`;
  }
  if (progress.status === 'cancelled') {
    return progress.cancelled > 0
      ? `Cancelled: ${made}; ${formatNumber(progress.cancelled)} will not be made.`
      : `Cancelled: ${made}.`;
  }
  if (progress.status === 'review') {
    return `Every product is made; ${formatNumber(progress.inReview)} ${progress.inReview === 1 ? 'result waits' : 'results wait'} for your review in Activity.`;
  }
  return `${made}.`;
}
