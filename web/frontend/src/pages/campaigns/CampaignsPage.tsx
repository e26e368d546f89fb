import { Card, EmptyState } from '@shopify/polaris';
import { useResource } from '../../api/useResource.ts';
import { RunListPage } from '../../components/RunListPage.tsx';
import { EMPTY_STATE_IMAGE } from '../../lib/illustration.ts';
import type { CampaignList, SettingsView } from '../../shared/contract.ts';
import { CampaignCard } from './CampaignCard.tsx';
import { NewCampaignCard } from './NewCampaignCard.tsx';
import { useNow } from './useNow.ts';
import { t } from '../../i18n/index.ts';

const POLL_MS = 5000;

export default function CampaignsPage() {
  const settings = useResource<SettingsView>('/settings');
  const list = useResource<CampaignList>('/campaigns', POLL_MS);
  const now = useNow();
  return (
    <RunListPage
      title={t('nav.campaigns')}
      subtitle={t('campaigns.subtitle')}
      settings={settings}
      list={list}
      staleTitle={t('campaigns.stale')}
    >
      {(settingsView, { campaigns, timeZone }) => (
        <>
          {campaigns.length === 0 ? (
            <Card>
              <EmptyState heading={t('campaigns.empty.heading')} image={EMPTY_STATE_IMAGE}>
                <p>{t('campaigns.empty.body')}</p>
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
