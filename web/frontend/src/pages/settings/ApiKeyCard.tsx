import { Badge, BlockStack, Button, ButtonGroup, Card, InlineStack, Text } from '@shopify/polaris';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useConfirm } from '../../components/ConfirmModal.tsx';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import type { SettingsView } from '../../shared/contract.ts';
import { ApiKeyEntry } from './ApiKeyEntry.tsx';
import { t } from '../../i18n/index.ts';

interface Props {
  apiKey: SettingsView['apiKey'];
  onChange: (settings: SettingsView) => void;
}

/** The key is never shown again after saving: only its masked form, and replace or remove. */
export function ApiKeyCard({ apiKey, onChange }: Props) {
  const [replacing, setReplacing] = useState(false);
  const confirm = useConfirm();
  const remove = useAction(() => api.delete<SettingsView>('/settings/api-key'));

  const onRemove = async () => {
    const view = await remove.run();
    if (view) {
      onChange(view);
      shopify.toast.show(t('settings.key.removed'));
    }
  };
  const onSaved = (view: SettingsView) => {
    setReplacing(false);
    onChange(view);
  };

  if (!apiKey.masked) {
    return (
      <Card>
        <ApiKeyEntry onSaved={onSaved} />
      </Card>
    );
  }
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              {t('settings.key.heading')}
            </Text>
            <Text as="p" fontWeight="medium">
              <span translate="no" style={{ fontFamily: 'var(--p-font-family-mono)' }}>
                {apiKey.masked}
              </span>
            </Text>
          </BlockStack>
          <Badge tone={apiKey.state === 'valid' ? 'success' : 'critical'}>
            {t(apiKey.state === 'valid' ? 'settings.key.valid' : 'settings.key.refused')}
          </Badge>
        </InlineStack>
        {apiKey.state === 'invalid' ? (
          <Text as="p" tone="critical">
            {t('settings.key.invalid')}
          </Text>
        ) : null}
        {replacing ? (
          <ApiKeyEntry onSaved={onSaved} onCancel={() => setReplacing(false)} />
        ) : (
          <ButtonGroup>
            <Button onClick={() => setReplacing(true)}>{t('settings.key.replace')}</Button>
            <Button
              tone="critical"
              variant="plain"
              loading={remove.pending}
              onClick={() =>
                confirm.ask({
                  title: t('settings.key.removeTitle'),
                  consequences: [t('settings.key.removeStops'), t('settings.key.removeFinishes')],
                  confirm: t('settings.key.remove'),
                  destructive: true,
                  run: () => void onRemove(),
                })
              }
            >
              {t('settings.key.remove')}
            </Button>
          </ButtonGroup>
        )}
        {confirm.modal}
        {remove.error ? <ErrorBanner error={remove.error} onDismiss={remove.clearError} /> : null}
      </BlockStack>
    </Card>
  );
}
