import { BlockStack, Card, Layout, Page, useIndexResourceState } from '@shopify/polaris';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { query } from '../../api/client.ts';
import { useResource } from '../../api/useResource.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { flaggedAmong } from '../../components/FlaggedResults.tsx';
import { LoadFailedPage } from '../../components/LoadFailedPage.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { isInFlight, LIVE_POLL_MS, WAITING_POLL_MS } from '../../lib/generation-states.ts';
import { useLocation } from '../../router/location.ts';
import type {
  BulkRunView,
  GenerationPage,
  GenerationState,
  ReviewBatchAction,
} from '../../shared/contract.ts';
import { ActivityEmptyState } from './ActivityEmptyState.tsx';
import { ActivityFilters } from './ActivityFilters.tsx';
import { ActivityPagination } from './ActivityPagination.tsx';
import { ActivityTable } from './ActivityTable.tsx';
import { ConfirmReviewModal, type ReviewConfirmation } from './ConfirmReviewModal.tsx';
import { ReviewBatchProgress } from './ReviewBatchProgress.tsx';
import { ViewerSlot, type ViewerOpener } from './ViewerSlot.tsx';
import { RunReviewCard } from './RunReviewCard.tsx';
import { NewRowsNotice } from './NewRowsNotice.tsx';
import { useHeldNewRows } from './useHeldNewRows.ts';
import { useUnchangedKept } from './useUnchangedKept.ts';
import { UnclaimedResults } from './UnclaimedResults.tsx';
import { VariantSetReview, variantSetsOf } from './VariantSetReview.tsx';
import { BATCH_WORDS } from './review-wording.ts';
import { useReviewBatch } from './useReviewBatch.ts';
import { useRunFlagged } from './useRunFlagged.ts';
import { t } from '../../i18n/index.ts';

const PAGE_SIZE = 25;
/** Asked again sooner while anything shown is still being made (a result shows within 2 s). */
const listPoll = (page: GenerationPage) =>
  page.generations.some((generation) => isInFlight(generation.state))
    ? LIVE_POLL_MS
    : WAITING_POLL_MS;
const runPoll = (run: BulkRunView) => (run.state === 'running' ? LIVE_POLL_MS : WAITING_POLL_MS);

/** The state a decision over selected results applies to. */
const APPLIES_TO: Readonly<Record<ReviewBatchAction, GenerationState>> = {
  approve: 'in_review',
  reject: 'in_review',
  undo: 'published',
};

interface PagePosition {
  cursor: string | undefined;
  /** Items on the pages before this one (for "26–50 of 160"). */
  offset: number;
}

export default function ActivityPage() {
  const { params } = useLocation();
  const filters = {
    state: params.get('state'),
    bulkRunId: params.get('bulkRunId'),
    productId: params.get('productId'),
    fidelity: params.get('fidelity'),
  };
  const filterKey = JSON.stringify(filters);
  // The pages before the current one; a new filter starts again at the first page.
  const [pages, setPages] = useState<{ filterKey: string; trail: PagePosition[] }>({
    filterKey,
    trail: [],
  });
  const trail = pages.filterKey === filterKey ? pages.trail : [];
  const position = trail.at(-1) ?? { cursor: undefined, offset: 0 };
  const list = useResource<GenerationPage>(
    `/generations${query({ ...filters, cursor: position.cursor, limit: PAGE_SIZE })}`,
    listPoll,
  );
  // The run's card, counts and the viewer's "waiting" reload with every decision, not on the
  // next poll (they read 5-10 s stale after an approval).
  const run = useResource<BulkRunView>(
    filters.bulkRunId ? `/bulk-runs/${encodeURIComponent(filters.bulkRunId)}` : null,
    runPoll,
  );
  const runFlagged = useRunFlagged(filters.bulkRunId);
  const reload = () => {
    list.reload();
    run.reload();
    runFlagged.reload();
  };
  // New generations wait for the merchant's click on the first page: they would push the rows.
  const shown = useHeldNewRows(
    useUnchangedKept(list.data?.generations),
    `${filterKey} ${position.cursor ?? ''}`,
    trail.length === 0,
  );
  const generations = shown.rows;
  const selection = useIndexResourceState(generations);
  const batch = useReviewBatch(reload);
  const [confirmation, setConfirmation] = useState<ReviewConfirmation | null>(null);
  const viewer = useRef<ViewerOpener>(null);
  // The rows' handlers stay the same functions from render to render (reading the latest rows),
  // so a row whose generation did not change is not rendered again (GenerationRow is memoized).
  const latest = useRef({ generations, reload });
  useLayoutEffect(() => {
    latest.current = { generations, reload };
  });
  const rowHandlers = useMemo(
    () => ({
      open: (index: number) => viewer.current?.open(latest.current.generations, index),
      change: () => latest.current.reload(),
    }),
    [],
  );

  if (list.loading && !list.data) return <PageSkeleton title={t('nav.activity')} cards={1} />;
  if (!list.data) {
    return <LoadFailedPage title={t('nav.activity')} error={list.error} onRetry={list.reload} />;
  }
  const { nextCursor, total } = list.data;
  const filtered = Object.values(filters).some((value) => value !== null);

  const startBatch = (action: ReviewBatchAction, ids: string[], approveFlagged: boolean) =>
    void batch
      .run({
        action,
        target: { type: 'generations', ids },
        ...(approveFlagged ? { approveFlagged } : {}),
      })
      .then((started) => {
        if (started) selection.clearSelection();
      });
  const selected = generations.filter((generation) =>
    selection.selectedResources.includes(generation.id),
  );
  const bulkActions = (['approve', 'reject', 'undo'] as const).map((action) => {
    const applicable = selected.filter((generation) => generation.state === APPLIES_TO[action]);
    const flagged = action === 'approve' ? flaggedAmong(applicable) : [];
    return {
      content: `${t(BATCH_WORDS[action].verb)} (${applicable.length})`,
      disabled: applicable.length === 0 || batch.view?.state === 'running',
      onAction: () =>
        setConfirmation({
          action,
          results: applicable.length,
          products: new Set(applicable.map((generation) => generation.product.id)).size,
          left: selected.length - applicable.length,
          flagged,
          run: () =>
            startBatch(
              action,
              applicable.map((generation) => generation.id),
              flagged.length > 0,
            ),
        }),
    };
  });

  return (
    <Page
      title={t('nav.activity')}
      subtitle={t('activity.subtitle')}
      primaryAction={{ content: t('nav.generate'), url: '/generate' }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {/* Notices about results that need the merchant go first. */}
            <UnclaimedResults onAttached={list.reload} />
            {list.error ? <ErrorBanner title={t('activity.stale')} error={list.error} /> : null}
            <ReviewBatchProgress batch={batch} />
            {filters.bulkRunId && run.data ? (
              <RunReviewCard
                run={run.data}
                changed={runFlagged.changed}
                flagged={runFlagged.flagged}
                onConfirm={setConfirmation}
                busy={batch.pending || batch.view?.state === 'running'}
                startBatch={(action, bulkRunId, { fidelity, approveFlagged }) =>
                  void batch.run({
                    action,
                    target: { type: 'bulkRun', bulkRunId, ...(fidelity ? { fidelity } : {}) },
                    ...(approveFlagged ? { approveFlagged } : {}),
                  })
                }
              />
            ) : null}
            {variantSetsOf(generations).map((set) => (
              <VariantSetReview key={set.id} set={set} onDecided={reload} />
            ))}
            <Card padding="0">
              <ActivityFilters filters={filters} productTitle={params.get('productTitle')} />
              {generations.length === 0 ? (
                <ActivityEmptyState filtered={filtered} />
              ) : (
                <NewRowsNotice held={shown.held} onShow={shown.show}>
                  <ActivityTable
                    generations={generations}
                    selected={selection.selectedResources}
                    allSelected={selection.allResourcesSelected}
                    onSelectionChange={selection.handleSelectionChange}
                    bulkActions={bulkActions}
                    onOpen={rowHandlers.open}
                    onChange={rowHandlers.change}
                  />
                </NewRowsNotice>
              )}
            </Card>
            <ActivityPagination
              offset={position.offset}
              count={generations.length}
              total={total}
              page={trail.length + 1}
              onPrevious={
                trail.length > 0 ? () => setPages({ filterKey, trail: trail.slice(0, -1) }) : null
              }
              onNext={
                nextCursor
                  ? () =>
                      setPages({
                        filterKey,
                        trail: [
                          ...trail,
                          { cursor: nextCursor, offset: position.offset + generations.length },
                        ],
                      })
                  : null
              }
            />
          </BlockStack>
        </Layout.Section>
      </Layout>
      <ConfirmReviewModal confirmation={confirmation} onClose={() => setConfirmation(null)} />
      <ViewerSlot ref={viewer} waiting={run.data?.counts.in_review ?? null} onDecided={reload} />
    </Page>
  );
}
