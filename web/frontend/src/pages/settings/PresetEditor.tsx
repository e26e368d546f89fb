import { BlockStack, Button, InlineStack, TextField } from '@shopify/polaris';
import type { PromptPreset } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

interface Props {
  preset: PromptPreset;
  position: number;
  onChange: (preset: PromptPreset) => void;
  onRemove: () => void;
  nameError?: string;
  promptError?: string;
}

export function PresetEditor({
  preset,
  position,
  onChange,
  onRemove,
  nameError,
  promptError,
}: Props) {
  return (
    <BlockStack gap="200">
      <InlineStack align="space-between" blockAlign="end" gap="200" wrap={false}>
        <div style={{ flexGrow: 1 }}>
          <TextField
            label={t('settings.presets.name', { position })}
            value={preset.name}
            onChange={(name) => onChange({ ...preset, name })}
            maxLength={60}
            autoComplete="off"
            error={nameError}
          />
        </div>
        <Button
          tone="critical"
          variant="plain"
          onClick={onRemove}
          accessibilityLabel={t('settings.presets.removeLabel', {
            name: preset.name || String(position),
          })}
        >
          {t('settings.presets.remove')}
        </Button>
      </InlineStack>
      <TextField
        label={t('settings.presets.prompt', { position })}
        labelHidden
        value={preset.prompt}
        onChange={(prompt) => onChange({ ...preset, prompt })}
        multiline={2}
        autoComplete="off"
        error={promptError}
        placeholder={t('settings.presets.placeholder')}
      />
    </BlockStack>
  );
}
