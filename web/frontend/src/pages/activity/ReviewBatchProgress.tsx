import { Banner, BlockStack, ProgressBar, Text } from '@shopify/polaris';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import type { ReviewBatch } from './useReviewBatch.ts';
import { t } from '../../i18n/index.ts';
import { BATCH_WORDS } from './review-wording.ts';

/** The progress of a decision over many results, then its outcome. */
export function ReviewBatchProgress({ batch }: { batch: ReviewBatch }) {
  if (batch.error) return <ErrorBanner error={batch.error} onDismiss={batch.clearError} />;
  const view = batch.view;
  if (!view) return null;
  const words = BATCH_WORDS[view.action];
  const handled = view.done + view.skipped + view.failed;
  if (view.state === 'running') {
    return (
      <Banner tone="info" title={`${t(words.doing)} ${t('batch.results', { count: view.total })}`}>
        <BlockStack gap="200">
          {/* Whole percents: the bar's value is read aloud ("42.857142857142854%" before). */}
          <ProgressBar
            progress={view.total ? Math.round((handled / view.total) * 100) : 100}
            size="small"
          />
          <Text as="p" aria-live="polite">
            {t('batch.progress', { handled, total: view.total })}
          </Text>
        </BlockStack>
      </Banner>
    );
  }
  const notes = [
    view.skipped ? t('batch.skipped', { count: view.skipped }) : '',
    view.failed ? t('batch.failed', { count: view.failed }) : '',
  ].filter(Boolean);
  return (
    <Banner
      tone={view.failed ? 'warning' : 'success'}
      title={t('batch.doneTitle', {
        done: t(words.done),
        count: view.done,
        results: t('batch.results', { count: view.total }),
      })}
      onDismiss={batch.dismiss}
    >
      {/* No notes, no content: an empty list left an empty strip under the title. */}
      {notes.length > 0 ? notes.map((note) => <p key={note}>{note}</p>) : null}
    </Banner>
  );
}
