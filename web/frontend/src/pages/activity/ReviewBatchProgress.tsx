import { Banner, BlockStack, ProgressBar, Text } from '@shopify/polaris';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import type { ReviewBatch } from './useReviewBatch.ts';
import { BATCH_WORDS, plural } from './review-wording.ts';

/** The progress of a decision over many results, then its outcome. */
export function ReviewBatchProgress({ batch }: { batch: ReviewBatch }) {
  if (batch.error) return <ErrorBanner error={batch.error} onDismiss={batch.clearError} />;
  const view = batch.view;
  if (!view) return null;
  const words = BATCH_WORDS[view.action];
  const handled = view.done + view.skipped + view.failed;
  if (view.state === 'running') {
    return (
      <Banner tone="info" title={`${words.doing} ${plural(view.total, 'result')}`}>
        <BlockStack gap="200">
          <ProgressBar progress={view.total ? (handled / view.total) * 100 : 100} size="small" />
          <Text as="p" aria-live="polite">
            {handled} of {view.total} done
          </Text>
        </BlockStack>
      </Banner>
    );
  }
  const notes = [
    view.skipped
      ? `${plural(view.skipped, 'result')} had already been decided and stayed as ${view.skipped === 1 ? 'it was' : 'they were'}.`
      : '',
    view.failed
      ? `${plural(view.failed, 'result')} could not be changed: try ${view.failed === 1 ? 'it' : 'them'} again from the list.`
      : '',
  ].filter(Boolean);
  return (
    <Banner
      tone={view.failed ? 'warning' : 'success'}
      title={`${words.done}: ${view.done} of ${plural(view.total, 'result')}`}
      onDismiss={batch.dismiss}
    >
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </Banner>
  );
}
