import { Badge, BlockStack, InlineStack, Text } from '@shopify/polaris';
import type { BulkProgress } from '../../lib/bulk-progress.ts';
import { t } from '../../i18n/index.ts';
import styles from './RunOutcome.module.css';
import { statePhrase } from '../../lib/generation-states.ts';
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
    skipped.noImage > 0 ? t('bulk.outcome.noImage', { count: skipped.noImage }) : null,
    skipped.alreadyDone > 0 ? t('bulk.outcome.alreadyDone', { count: skipped.alreadyDone }) : null,
    skipped.budget > 0 ? t('bulk.outcome.budget', { count: skipped.budget }) : null,
  ].filter((reason) => reason !== null);
  return (
    <BlockStack gap="200">
      <Text as="p">{summary(run, progress)}</Text>
      <InlineStack gap="200" wrap>
        {progress.published > 0 ? (
          <Badge tone="success">{statePhrase('published', progress.published)}</Badge>
        ) : null}
        {progress.inReview > 0 ? (
          <Badge tone="attention">{t('bulk.outcome.inReview', { count: progress.inReview })}</Badge>
        ) : null}
        {progress.failed > 0 ? (
          <Badge tone="critical">{statePhrase('failed', progress.failed)}</Badge>
        ) : null}
        {skipped.total > 0 ? (
          <Badge tone="warning">{t('bulk.outcome.skipped', { count: skipped.total })}</Badge>
        ) : null}
        {progress.cancelled > 0 ? (
          <Badge>
            {t(run.campaign?.ended ? 'bulk.outcome.notMade' : 'bulk.outcome.cancelled', {
              count: progress.cancelled,
            })}
          </Badge>
        ) : null}
        {progress.toGo > 0 ? (
          <Badge tone="info">{t('bulk.outcome.toGo', { count: progress.toGo })}</Badge>
        ) : null}
      </InlineStack>
      {run.variantSets ? <RunSets sets={run.variantSets} /> : null}
      {skippedWhy.length > 0 ? (
        <Text as="p" tone="subdued">
          {t('bulk.skippedList', { list: skippedWhy.join(', ') })}
        </Text>
      ) : null}
      {/* When the rest should be done, then that every request is sent, two lines high: the
          line went when the last request was sent, moving the card's end and the form below up
          48 px (CLS 0.095). */}
      {progress.status !== 'cancelled' ? (
        <p className={styles.schedule}>
          {run.schedule
            ? t('bulk.outcome.restIn', {
                duration: formatDuration(run.schedule.finishInMs),
                queue: queueSentence(run.schedule),
              })
            : t('bulk.outcome.allSent')}
        </p>
      ) : null}
    </BlockStack>
  );
}

/** A run of one photo per colour: its sets, and the products it made one photo for instead. */
function RunSets({ sets }: { sets: NonNullable<BulkRunView['variantSets']> }) {
  return (
    <Text as="p" tone="subdued">
      {sets.products > 0
        ? t('bulk.outcome.sets', {
            count: sets.results,
            products: t('bulk.products', { count: sets.products }),
          })
        : null}
      {sets.products > 0 && sets.single > 0 ? ' ' : null}
      {sets.single > 0
        ? t('bulk.outcome.single', { products: t('bulk.products', { count: sets.single }) })
        : null}
    </Text>
  );
}

function summary(run: BulkRunView, progress: BulkProgress): string {
  // A run of sets counts photos (a product makes one per colour), others count products.
  const made = t(run.variantSets ? 'bulk.outcome.madeResults' : 'bulk.outcome.made', {
    made: progress.made,
    count: progress.toMake,
  });
  if (run.campaign?.ended) {
    return t('bulk.outcome.ended', { name: run.campaign.name, made });
  }
  if (progress.status === 'cancelled') {
    return progress.cancelled > 0
      ? t('bulk.outcome.cancelledSome', { made, count: progress.cancelled })
      : t('bulk.outcome.cancelledAll', { made });
  }
  if (progress.status === 'review') {
    return t('bulk.outcome.review', { count: progress.inReview });
  }
  return t('bulk.outcome.sentence', { made });
}
