import { useState } from 'react';
import { useResource } from '../../api/useResource.ts';
import { RunListPage } from '../../components/RunListPage.tsx';
import { useScrollToCard } from '../../components/useScrollToCard.ts';
import { setQueryParam, useLocation } from '../../router/location.ts';
import type { BulkRunView, SettingsView } from '../../shared/contract.ts';
import { BulkRunCard } from './BulkRunCard.tsx';
import { BulkRunsEmptyState } from './BulkRunsEmptyState.tsx';
import { NewBulkRunCard } from './NewBulkRunCard.tsx';
import { StartingRunCard } from './StartingRunCard.tsx';
import { t } from '../../i18n/index.ts';

const POLL_MS = 3000;

/** `/bulk-runs?bulkRun=<id>` shows that run's card (a run just started, a link from elsewhere). */
export default function BulkRunsPage() {
  const settings = useResource<SettingsView>('/settings');
  const runs = useResource<{ bulkRuns: BulkRunView[] }>('/bulk-runs', POLL_MS);
  const shownRunId = useLocation().params.get('bulkRun');
  useScrollToCard(shownRunId, runs.data?.bulkRuns);
  const [starting, setStarting] = useState(false);
  return (
    <RunListPage
      title={t('nav.bulkRuns')}
      subtitle={t('bulk.subtitle')}
      settings={settings}
      list={runs}
      staleTitle={t('bulk.stale')}
    >
      {(settingsView, { bulkRuns }) => (
        <>
          {bulkRuns.length === 0 && !starting ? <BulkRunsEmptyState /> : null}
          {starting ? <StartingRunCard /> : null}
          {bulkRuns.map((run) => (
            <BulkRunCard key={run.id} run={run} onChange={runs.reload} />
          ))}
          <NewBulkRunCard
            settings={settingsView}
            onStarting={setStarting}
            onStarted={(run) => {
              setQueryParam('bulkRun', run.id);
              // Its card at once from the answer, not after another request: the card pushes the
              // form down, within the click's 500 ms only if it comes without a second wait
              // (507 ms after the click at load 20).
              runs.replace({ bulkRuns: [run, ...(runs.data?.bulkRuns ?? [])] });
            }}
          />
        </>
      )}
    </RunListPage>
  );
}
