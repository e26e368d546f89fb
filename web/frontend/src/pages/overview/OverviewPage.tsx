import { BlockStack, Layout, Page } from '@shopify/polaris';
import { useResource } from '../../api/useResource.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { LoadFailedPage } from '../../components/LoadFailedPage.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { PausedBanner } from '../../components/PausedBanner.tsx';
import type { OverviewView } from '../../shared/contract.ts';
import { ConnectionCard } from './ConnectionCard.tsx';
import { CreditsCard } from './CreditsCard.tsx';
import { RecentResultsCard } from './RecentResultsCard.tsx';
import { RunningCard } from './RunningCard.tsx';
import { SetupGuideCard } from './SetupGuideCard.tsx';
import { t } from '../../i18n/index.ts';

const POLL_MS = 5000;

export default function OverviewPage() {
  const overview = useResource<OverviewView>('/overview', POLL_MS);
  if (overview.loading) return <PageSkeleton title={t('nav.overview')} cards={3} />;
  if (!overview.data) {
    return (
      <LoadFailedPage title={t('nav.overview')} error={overview.error} onRetry={overview.reload} />
    );
  }
  const data = overview.data;
  const connected = data.connection.apiKeyState === 'valid';
  return (
    <Page
      title={t('nav.overview')}
      primaryAction={{ content: t('nav.generate'), url: '/generate', disabled: !connected }}
      secondaryActions={[
        { content: t('overview.startBulkRun'), url: '/bulk-runs', disabled: !connected },
      ]}
    >
      <Layout>
        {overview.error ? (
          <Layout.Section>
            <ErrorBanner title={t('overview.stale')} error={overview.error} />
          </Layout.Section>
        ) : null}
        {data.paused ? (
          <Layout.Section>
            <PausedBanner paused={data.paused} onResumed={overview.reload} />
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <SetupGuideCard overview={data} />
        </Layout.Section>
        <Layout.Section>
          <BlockStack gap="400">
            <RunningCard active={data.active} bulkRuns={data.bulkRuns} />
            {data.recent.length > 0 ? <RecentResultsCard recent={data.recent} /> : null}
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <ConnectionCard connection={data.connection} />
            <CreditsCard byDay={data.creditsByDay} byModel={data.creditsByModel} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
