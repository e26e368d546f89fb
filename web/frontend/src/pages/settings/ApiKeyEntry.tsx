import { BlockStack, Button, ButtonGroup, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import type { SettingsView } from '../../shared/contract.ts';

interface Props {
  onSaved: (settings: SettingsView) => void;
  onCancel?: () => void;
}

/** Entering a key: the server checks it with ProductAI first; a refused key is an inline error. */
export function ApiKeyEntry({ onSaved, onCancel }: Props) {
  const [value, setValue] = useState('');
  const save = useAction((apiKey: string) =>
    api.put<SettingsView>('/settings/api-key', { apiKey }),
  );
  const refused = save.error?.code === 'invalid_api_key';
  const onSubmit = async () => {
    const view = await save.run(value.trim());
    if (view) {
      setValue('');
      onSaved(view);
      shopify.toast.show('API key checked and saved');
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim()) void onSubmit();
      }}
    >
      <BlockStack gap="300">
        <TextField
          label="ProductAI API key"
          type="password"
          value={value}
          onChange={(next) => {
            setValue(next);
            if (save.error) save.clearError();
          }}
          autoComplete="off"
          error={refused ? (save.error?.message ?? 'ProductAI refused this key.') : undefined}
          helpText="Copy it from the API access page of the ProductAI studio. The app checks it with ProductAI before saving it."
        />
        <ButtonGroup>
          <Button submit variant="primary" loading={save.pending} disabled={!value.trim()}>
            Check and save key
          </Button>
          {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        </ButtonGroup>
        {save.error && !refused ? (
          <ErrorBanner error={save.error} onDismiss={save.clearError} />
        ) : null}
      </BlockStack>
    </form>
  );
}
