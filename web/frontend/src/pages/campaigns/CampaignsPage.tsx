import { Card, EmptyState } from '@shopify/polaris';
import { useState } from 'react';
import { useResource } from '../../api/useResource.ts';
import { RunListPage } from '../../components/RunListPage.tsx';
import { useScrollToCard } from '../../components/useScrollToCard.ts';
import { EMPTY_STATE_IMAGE } from '../../lib/illustration.ts';
import { setQueryParam, useLocation } from '../../router/location.ts';
import type { CampaignList, SettingsView } from '../../shared/contract.ts';
import { CampaignCard } from './CampaignCard.tsx';
import { NewCampaignCard } from './NewCampaignCard.tsx';
import { useNow } from './useNow.ts';
import { t } from '../../i18n/index.ts';

const POLL_MS = 5000;

/** `/campaigns?campaign=<id>` shows that campaign's card (one just scheduled). */
export default function CampaignsPage() {
  const settings = useResource<SettingsView>('/settings');
  const list = useResource<CampaignList>('/campaigns', POLL_MS);
  const now = useNow();
  const shownId = useLocation().params.get('campaign');
  // A new form after each campaign scheduled: its name, target and prompt kept would make a
  // duplicate one click away.
  const [formNumber, setFormNumber] = useState(0);
  useScrollToCard(shownId, list.data?.campaigns);
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
          <NewCampaignCard
            key={formNumber}
            settings={settingsView}
            timeZone={timeZone}
            onCreated={(campaign) => {
              setFormNumber((number) => number + 1);
              setQueryParam('campaign', campaign.id);
              list.reload();
            }}
          />
        </>
      )}
    </RunListPage>
  );
}
