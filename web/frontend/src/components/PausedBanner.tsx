import { Banner } from '@shopify/polaris';
import { api } from '../api/client.ts';
import { useAction } from '../api/useAction.ts';
import { formatRelative } from '../lib/format.ts';
import { storedText } from '../i18n/coded-text.ts';
import type { SettingsView } from '../shared/contract.ts';
import { ErrorBanner } from './ErrorBanner.tsx';
import { t } from '../i18n/index.ts';

interface Props {
  paused: NonNullable<SettingsView['paused']>;
  /** Called with the fresh settings once the shop's work runs again. */
  onResumed: (settings: SettingsView) => void;
}

/** The shop's work is on hold (out of credits, key refused): say why and offer to resume. */
export function PausedBanner({ paused, onResumed }: Props) {
  const resume = useAction(() => api.post<SettingsView>('/shop/resume'));
  return (
    <>
      <Banner
        tone="warning"
        title={t('common.paused.title')}
        action={{
          content: t('common.paused.resume'),
          loading: resume.pending,
          onAction: async () => {
            const settings = await resume.run();
            if (settings) {
              onResumed(settings);
              shopify.toast.show(t('common.paused.resumed'));
            }
          },
        }}
      >
        <p>
          {t('common.paused.body', {
            reason: storedText(paused.reasonText, paused.reason),
            since: formatRelative(paused.since),
          })}
        </p>
      </Banner>
      {resume.error ? <ErrorBanner error={resume.error} onDismiss={resume.clearError} /> : null}
    </>
  );
}
