import { BlockStack, Button, ButtonGroup, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { t } from '../../i18n/index.ts';
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
      shopify.toast.show(t('settings.key.saved'));
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
          label={t('settings.key.label')}
          type="password"
          value={value}
          onChange={(next) => {
            setValue(next);
            if (save.error) save.clearError();
          }}
          autoComplete="off"
          error={refused ? save.error?.message || t('settings.key.refusedThis') : undefined}
          helpText={t('settings.key.help')}
        />
        <ButtonGroup>
          <Button submit variant="primary" loading={save.pending} disabled={!value.trim()}>
            {t('settings.key.checkAndSave')}
          </Button>
          {onCancel ? <Button onClick={onCancel}>{t('common.cancel')}</Button> : null}
        </ButtonGroup>
        {save.error && !refused ? (
          <ErrorBanner error={save.error} onDismiss={save.clearError} />
        ) : null}
      </BlockStack>
    </form>
  );
}
