import { BlockStack, Layout, Page } from '@shopify/polaris';
import { useResource } from '../../api/useResource.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { LoadFailedPage } from '../../components/LoadFailedPage.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { PausedBanner } from '../../components/PausedBanner.tsx';
import { setQueryParam, useLocation } from '../../router/location.ts';
import type { BulkRunView, SettingsView } from '../../shared/contract.ts';
import { BulkRunCard } from './BulkRunCard.tsx';
import { BulkRunsEmptyState } from './BulkRunsEmptyState.tsx';
import { NewBulkRunCard } from './NewBulkRunCard.tsx';
import { useScrollToRun } from './useScrollToRun.ts';

const POLL_MS = 3000;

/** `/bulk-runs?bulkRun=<id>` shows that run's card (a run just started, a link from elsewhere). */
export default function BulkRunsPage() {
  const settings = useResource<SettingsView>('/settings');
  const runs = useResource<{ bulkRuns: BulkRunView[] }>('/bulk-runs', POLL_MS);
  const shownRunId = useLocation().params.get('bulkRun');
  useScrollToRun(shownRunId, runs.data?.bulkRuns);
  if (settings.loading || runs.loading) return <PageSkeleton title="Bulk runs" cards={2} />;
  if (!settings.data || !runs.data) {
    const failed = settings.data ? runs : settings;
    return <LoadFailedPage title="Bulk runs" error={failed.error} onRetry={failed.reload} />;
  }
  const bulkRuns = runs.data.bulkRuns;
  return (
    <Page
      title="Bulk runs"
      subtitle="One set of options applied to a whole collection or a selection of products."
    >
      <Layout>
        {settings.data.paused ? (
          <Layout.Section>
            <PausedBanner paused={settings.data.paused} onResumed={settings.replace} />
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            {runs.error ? (
              <ErrorBanner title="Progress is not up to date" error={runs.error} />
            ) : null}
            {bulkRuns.length === 0 ? <BulkRunsEmptyState /> : null}
            {bulkRuns.map((run) => (
              <BulkRunCard key={run.id} run={run} onChange={runs.reload} />
            ))}
            <NewBulkRunCard
              settings={settings.data}
              onStarted={(run) => {
                setQueryParam('bulkRun', run.id);
                runs.reload();
              }}
            />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
