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
import { SettingsSection } from './SettingsSection.tsx';
import { WebhookCard } from './WebhookCard.tsx';
import { changes, editable, problems, type EditableSettings } from './settings-form.ts';

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
      shopify.toast.show('Settings saved');
    }
  };
  const onDiscard = () => {
    setDraft(saved);
    setShowProblems(false);
    save.clearError();
  };

  return (
    <Page title="Settings">
      <SaveBar id={SAVE_BAR_ID} open={dirty}>
        <button variant="primary" onClick={onSave} loading={save.pending ? '' : undefined}>
          Save
        </button>
        <button onClick={onDiscard}>Discard</button>
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
              title="Your changes were not saved"
              error={save.error}
              onDismiss={save.clearError}
            />
          </Layout.Section>
        ) : null}
        {showProblems && Object.keys(problems(draft)).length > 0 ? (
          <Layout.Section>
            <Banner tone="critical" title="Your changes were not saved">
              <p>Fix the fields marked in red, then save again.</p>
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="600">
            <SettingsSection
              id="api-key"
              title="ProductAI account"
              description="The app makes every photo and video with your ProductAI account and its credits."
            >
              <ApiKeyCard apiKey={settings.apiKey} onChange={onSaved} />
            </SettingsSection>
            <SettingsSection
              id="webhook"
              title="Webhook"
              description="Lets ProductAI tell the app the moment a result is ready."
            >
              <WebhookCard webhook={settings.webhook} />
            </SettingsSection>
            <SettingsSection
              id="defaults"
              title="Default options"
              description="What new photos start with. You can change them for each generation."
            >
              <DefaultsCard
                defaults={draft.defaults}
                onChange={(defaults) => update({ defaults })}
              />
            </SettingsSection>
            <SettingsSection
              id="publishing"
              title="Adding results to products"
              description="Whether results wait for your approval, where they go, and their alt text."
            >
              <PublishingCard
                settings={draft}
                onChange={update}
                altTemplateError={fieldErrors.altTemplate}
              />
            </SettingsSection>
            <SettingsSection
              id="presets"
              title="Prompt presets"
              description="Ready-made scenes to pick on the Generate and Bulk runs pages."
            >
              <PresetsCard
                presets={draft.presets}
                onChange={(presets) => update({ presets })}
                errors={fieldErrors}
              />
            </SettingsSection>
            <SettingsSection
              id="automatic-photos"
              title="Automatic photos"
              description="Photos or videos made for new products as they arrive, within a daily credit cap. Off until you add a rule."
            >
              <AutomaticPhotosCard defaults={settings.defaults} presets={settings.presets} />
            </SettingsSection>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
