import { BlockStack, Button, InlineStack, TextField } from '@shopify/polaris';
import type { PromptPreset } from '../../shared/contract.ts';

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
            label={`Preset ${position} name`}
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
          accessibilityLabel={`Remove preset ${preset.name || position}`}
        >
          Remove
        </Button>
      </InlineStack>
      <TextField
        label={`Preset ${position} prompt`}
        labelHidden
        value={preset.prompt}
        onChange={(prompt) => onChange({ ...preset, prompt })}
        multiline={2}
        autoComplete="off"
        error={promptError}
        placeholder="Describe the scene, light and mood"
      />
    </BlockStack>
  );
}
