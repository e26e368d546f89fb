import { useResource } from '../../api/useResource.ts';
import { LoadFailedPage } from '../../components/LoadFailedPage.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import type { SettingsView } from '../../shared/contract.ts';
import { SettingsForm } from './SettingsForm.tsx';
import { t } from '../../i18n/index.ts';

const WAIT_FOR_WEBHOOK_MS = 5000;

/** Polls only while the webhook has not connected yet, so "Connected" appears by itself. */
function nextPoll(settings: SettingsView): number | null {
  return settings.webhook.connectedAt ? null : WAIT_FOR_WEBHOOK_MS;
}

export default function SettingsPage() {
  const settings = useResource<SettingsView>('/settings', nextPoll);
  if (settings.loading) return <PageSkeleton title={t('nav.settings')} cards={4} />;
  if (!settings.data) {
    return (
      <LoadFailedPage title={t('nav.settings')} error={settings.error} onRetry={settings.reload} />
    );
  }
  return <SettingsForm settings={settings.data} onSaved={settings.replace} />;
}
