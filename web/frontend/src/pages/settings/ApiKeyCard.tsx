import { Badge, BlockStack, Button, ButtonGroup, Card, InlineStack, Text } from '@shopify/polaris';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import type { SettingsView } from '../../shared/contract.ts';
import { ApiKeyEntry } from './ApiKeyEntry.tsx';

interface Props {
  apiKey: SettingsView['apiKey'];
  onChange: (settings: SettingsView) => void;
}

/** The key is never shown again after saving: only its masked form, and replace or remove. */
export function ApiKeyCard({ apiKey, onChange }: Props) {
  const [replacing, setReplacing] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const remove = useAction(() => api.delete<SettingsView>('/settings/api-key'));

  const onRemove = async () => {
    const view = await remove.run();
    if (view) {
      setConfirmingRemoval(false);
      onChange(view);
      shopify.toast.show('API key removed');
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
              API key
            </Text>
            <Text as="p" fontWeight="medium">
              <span translate="no" style={{ fontFamily: 'var(--p-font-family-mono)' }}>
                {apiKey.masked}
              </span>
            </Text>
          </BlockStack>
          <Badge tone={apiKey.state === 'valid' ? 'success' : 'critical'}>
            {apiKey.state === 'valid' ? 'Valid' : 'Refused by ProductAI'}
          </Badge>
        </InlineStack>
        {apiKey.state === 'invalid' ? (
          <Text as="p" tone="critical">
            ProductAI no longer accepts this key, so generations are paused. Replace it with a new
            key from the API access page of the ProductAI studio.
          </Text>
        ) : null}
        {replacing ? (
          <ApiKeyEntry onSaved={onSaved} onCancel={() => setReplacing(false)} />
        ) : confirmingRemoval ? (
          <BlockStack gap="200">
            <Text as="p">
              Remove the key? New generations stop until you add a key again. Work already sent to
              ProductAI still finishes.
            </Text>
            <ButtonGroup>
              <Button tone="critical" variant="primary" loading={remove.pending} onClick={onRemove}>
                Remove key
              </Button>
              <Button onClick={() => setConfirmingRemoval(false)}>Keep key</Button>
            </ButtonGroup>
          </BlockStack>
        ) : (
          <ButtonGroup>
            <Button onClick={() => setReplacing(true)}>Replace key</Button>
            <Button tone="critical" variant="plain" onClick={() => setConfirmingRemoval(true)}>
              Remove key
            </Button>
          </ButtonGroup>
        )}
        {remove.error ? <ErrorBanner error={remove.error} onDismiss={remove.clearError} /> : null}
      </BlockStack>
    </Card>
  );
}
