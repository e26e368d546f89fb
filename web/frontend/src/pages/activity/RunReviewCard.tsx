import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { bulkProgress } from '../../lib/bulk-progress.ts';
import { t } from '../../i18n/index.ts';
import { formatRunName } from '../../lib/format.ts';
import type { BulkRunView, FidelityVerdict, ReviewBatchAction } from '../../shared/contract.ts';
import { setQueryParam } from '../../router/location.ts';
import type { ReviewConfirmation } from './ConfirmReviewModal.tsx';
import type { RunResults } from './useRunFlagged.ts';

const NONE: RunResults = { results: [], total: 0 };

interface Props {
  /** The run, reloaded by the page with every decision. */
  run: BulkRunView;
  /** Its results the fidelity check called changed, waiting for review. */
  changed: RunResults;
  /** Its results the check flagged (changed, check it), waiting for review. */
  flagged: RunResults;
  /** Asks the merchant to confirm a decision over the whole run. */
  onConfirm: (confirmation: ReviewConfirmation) => void;
  /**
   * `fidelity`: only the results the check gave this verdict; `approveFlagged`: the
   * confirmation named the flagged results among them.
   */
  startBatch: (
    action: ReviewBatchAction,
    runId: string,
    options: { fidelity?: FidelityVerdict; approveFlagged?: boolean },
  ) => void;
  busy: boolean;
}

/** A bulk run's results at once: approve every one waiting for review, or undo every published one. */
export function RunReviewCard({ run, changed, flagged, onConfirm, startBatch, busy }: Props) {
  const { counts } = run;
  const waiting = counts.in_review ?? 0;
  const published = counts.published ?? 0;
  const changedWaiting = changed.total;
  // Products still to make, as the run card counts them (run-outcome.ts).
  const making = run.state === 'cancelled' ? 0 : bulkProgress(run).toGo;
  const confirm = (action: ReviewBatchAction, results: number, fidelity?: FidelityVerdict) => {
    // Approving names what the check flagged among them (all of them for "Approve all changed").
    const named = action !== 'approve' ? NONE : fidelity === 'changed' ? changed : flagged;
    // A bulk run makes one generation per product, so results and products are the same count.
    onConfirm({
      action,
      results,
      products: results,
      left: 0,
      flagged: named.results,
      flaggedTotal: named.total,
      run: () =>
        startBatch(action, run.id, {
          ...(fidelity ? { fidelity } : {}),
          ...(named.total > 0 ? { approveFlagged: true } : {}),
        }),
    });
  };
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
