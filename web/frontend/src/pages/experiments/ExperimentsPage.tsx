import { Card, EmptyState } from '@shopify/polaris';
import { useResource } from '../../api/useResource.ts';
import { RunListPage } from '../../components/RunListPage.tsx';
import { useScrollToCard } from '../../components/useScrollToCard.ts';
import { EMPTY_STATE_IMAGE } from '../../lib/illustration.ts';
import { useLocation } from '../../router/location.ts';
import type { ExperimentList, SettingsView } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';
import { ExperimentCard } from './ExperimentCard.tsx';
import { SetupEmbedCard } from './SetupEmbedCard.tsx';

const POLL_MS = 10_000;

/** `/experiments?experiment=<id>` shows that experiment's card (one just started). */
export default function ExperimentsPage() {
  const settings = useResource<SettingsView>('/settings');
  const list = useResource<ExperimentList>('/experiments', POLL_MS);
  const shownId = useLocation().params.get('experiment');
  useScrollToCard(shownId, list.data?.experiments);
  return (
    <RunListPage
      title={t('nav.experiments')}
      subtitle={t('experiments.subtitle')}
      settings={settings}
      list={list}
      staleTitle={t('experiments.stale')}
    >
      {(_settings, { experiments }) => (
        <>
          {/* No visitor counted yet in any experiment: the storefront's app embed is not on yet
              (the API says nothing more direct about the theme). */}
          {experiments.every((experiment) => experiment.arms.every((arm) => arm.visitors === 0)) ? (
            <SetupEmbedCard />
          ) : null}
          {experiments.length === 0 ? (
            <Card>
              <EmptyState heading={t('experiments.empty.heading')} image={EMPTY_STATE_IMAGE}>
                <p>{t('experiments.empty.body')}</p>
              </EmptyState>
            </Card>
          ) : null}
          {experiments.map((experiment) => (
            <ExperimentCard key={experiment.id} experiment={experiment} onChange={list.reload} />
          ))}
        </>
      )}
    </RunListPage>
  );
}
