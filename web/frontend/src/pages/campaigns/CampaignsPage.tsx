import { BlockStack, EmptyState, Card, Layout, Page } from '@shopify/polaris';
import { useResource } from '../../api/useResource.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { LoadFailedPage } from '../../components/LoadFailedPage.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { PausedBanner } from '../../components/PausedBanner.tsx';
import { EMPTY_STATE_IMAGE } from '../../lib/illustration.ts';
import type { CampaignList, SettingsView } from '../../shared/contract.ts';
import { CampaignCard } from './CampaignCard.tsx';
import { NewCampaignCard } from './NewCampaignCard.tsx';
import { useNow } from './useNow.ts';

const POLL_MS = 5000;

export default function CampaignsPage() {
  const settings = useResource<SettingsView>('/settings');
  const list = useResource<CampaignList>('/campaigns', POLL_MS);
  const now = useNow();
  if (settings.loading || list.loading) return <PageSkeleton title="Campaigns" cards={2} />;
  if (!settings.data || !list.data) {
    const failed = settings.data ? list : settings;
    return <LoadFailedPage title="Campaigns" error={failed.error} onRetry={failed.reload} />;
  }
  const { campaigns, timeZone } = list.data;
  return (
    <Page
      title="Campaigns"
      subtitle="Seasonal scenes that go live and come off on their own, on your store’s clock."
    >
      <Layout>
        {settings.data.paused ? (
          <Layout.Section>
            <PausedBanner paused={settings.data.paused} onResumed={settings.replace} />
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            {list.error ? <ErrorBanner title="Not up to date" error={list.error} /> : null}
            {campaigns.length === 0 ? (
              <Card>
                <EmptyState heading="Plan your next season" image={EMPTY_STATE_IMAGE}>
                  <p>
                    Make holiday scenes for a collection now; they become the featured images on the
                    first day and your originals are back after the last.
                  </p>
                </EmptyState>
              </Card>
            ) : null}
            {campaigns.map((campaign) => (
              <CampaignCard
                key={campaign.id}
                campaign={campaign}
                now={now}
                onChange={list.reload}
              />
            ))}
            <NewCampaignCard settings={settings.data} timeZone={timeZone} onCreated={list.reload} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
