import { SaveBar } from '@shopify/app-bridge-react';
import { Banner, BlockStack, Layout, Page } from '@shopify/polaris';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { PausedBanner } from '../../components/PausedBanner.tsx';
import type { SettingsView } from '../../shared/contract.ts';
import { ApiKeyCard } from './ApiKeyCard.tsx';
import { AutomaticPhotosCard } from './AutomaticPhotosCard.tsx';
import { DefaultsCard } from './DefaultsCard.tsx';
import { PresetsCard } from './PresetsCard.tsx';
import { PublishingCard } from './PublishingCard.tsx';
import { ChannelsCard } from './ChannelsCard.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { StyleCard } from './StyleCard.tsx';
import { WebhookCard } from './WebhookCard.tsx';
import { changes, editable, problems, type EditableSettings } from './settings-form.ts';
import { t } from '../../i18n/index.ts';

const SAVE_BAR_ID = 'settings-save-bar';

interface Props {
  settings: SettingsView;
  onSaved: (settings: SettingsView) => void;
}

export function SettingsForm({ settings, onSaved }: Props) {
  const [saved, setSaved] = useState<EditableSettings>(() => editable(settings));
  const [draft, setDraft] = useState<EditableSettings>(saved);
  const [showProblems, setShowProblems] = useState(false);
  const save = useAction((patch: ReturnType<typeof changes>) =>
    api.patch<SettingsView>('/settings', patch),
  );
  const patch = changes(saved, draft);
  const dirty = Object.keys(patch).length > 0;
  const fieldErrors = { ...(showProblems ? problems(draft) : {}), ...save.error?.fields };

  const update = (change: Partial<EditableSettings>) => setDraft((d) => ({ ...d, ...change }));
  const onSave = async () => {
    if (Object.keys(problems(draft)).length > 0) {
      setShowProblems(true);
      return;
    }
    const view = await save.run(patch);
    if (view) {
      const next = editable(view);
      setSaved(next);
      setDraft(next);
      setShowProblems(false);
      onSaved(view);
      shopify.toast.show(t('settings.saved'));
    }
  };
  const onDiscard = () => {
    setDraft(saved);
    setShowProblems(false);
    save.clearError();
  };

  return (
    <Page title={t('nav.settings')}>
      <SaveBar id={SAVE_BAR_ID} open={dirty}>
        <button variant="primary" onClick={onSave} loading={save.pending ? '' : undefined}>
          {t('settings.save')}
        </button>
        <button onClick={onDiscard}>{t('settings.discard')}</button>
      </SaveBar>
      <Layout>
        {settings.paused ? (
          <Layout.Section>
            <PausedBanner paused={settings.paused} onResumed={onSaved} />
          </Layout.Section>
        ) : null}
        {save.error ? (
          <Layout.Section>
            <ErrorBanner
              title={t('settings.notSaved')}
              error={save.error}
              onDismiss={save.clearError}
            />
          </Layout.Section>
        ) : null}
        {showProblems && Object.keys(problems(draft)).length > 0 ? (
          <Layout.Section>
            <Banner tone="critical" title={t('settings.notSaved')}>
              <p>{t('settings.fixFields')}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="600">
            <SettingsSection
              id="api-key"
              title={t('settings.account.title')}
              description={t('settings.account.description')}
            >
              <ApiKeyCard apiKey={settings.apiKey} onChange={onSaved} />
            </SettingsSection>
            <SettingsSection
              id="webhook"
              title={t('settings.webhook.title')}
              description={t('settings.webhook.description')}
            >
              <WebhookCard webhook={settings.webhook} />
            </SettingsSection>
            <SettingsSection
              id="defaults"
              title={t('settings.defaults.title')}
              description={t('settings.defaults.description')}
            >
              <DefaultsCard
                defaults={draft.defaults}
                onChange={(defaults) => update({ defaults })}
              />
            </SettingsSection>
            <SettingsSection
              id="publishing"
              title={t('settings.publishing.title')}
              description={t('settings.publishing.description')}
            >
              <PublishingCard
                settings={draft}
                onChange={update}
                altTemplateError={fieldErrors.altTemplate}
              />
            </SettingsSection>
            <SettingsSection
              id="channels"
              title={t('settings.channels.title')}
              description={t('settings.channels.description')}
            >
              <ChannelsCard
                channels={draft.channels}
                onChange={(channels) => update({ channels })}
              />
            </SettingsSection>
            <SettingsSection
              id="style"
              title={t('settings.style.title')}
              description={t('settings.style.description')}
            >
              <StyleCard
                phrase={draft.style.phrase}
                onPhraseChange={(phrase) => update({ style: { phrase } })}
                phraseError={fieldErrors['style.phrase']}
                reference={settings.style.reference}
                onSaved={onSaved}
              />
            </SettingsSection>
            <SettingsSection
              id="presets"
              title={t('settings.presets.title')}
              description={t('settings.presets.description')}
            >
              <PresetsCard
                presets={draft.presets}
                onChange={(presets) => update({ presets })}
                errors={fieldErrors}
              />
            </SettingsSection>
            <SettingsSection
              id="automatic-photos"
              title={t('settings.automatic.title')}
              description={t('settings.automatic.description')}
            >
              <AutomaticPhotosCard defaults={settings.defaults} presets={settings.presets} />
            </SettingsSection>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
