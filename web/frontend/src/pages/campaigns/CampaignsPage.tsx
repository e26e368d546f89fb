import { Card, EmptyState } from '@shopify/polaris';
import { useResource } from '../../api/useResource.ts';
import { RunListPage } from '../../components/RunListPage.tsx';
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
  return (
    <RunListPage
      title="Campaigns"
      subtitle="Seasonal scenes that go live and come off on their own, on your store’s clock."
      settings={settings}
      list={list}
      staleTitle="Not up to date"
    >
      {(settingsView, { campaigns, timeZone }) => (
        <>
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
            <CampaignCard key={campaign.id} campaign={campaign} now={now} onChange={list.reload} />
          ))}
          <NewCampaignCard settings={settingsView} timeZone={timeZone} onCreated={list.reload} />
        </>
      )}
    </RunListPage>
  );
}
