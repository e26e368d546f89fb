import { BlockStack, Select, TextField } from '@shopify/polaris';
import { videoImageMarker, isVideoModelId } from '../../shared/catalogue.ts';
import type { GenerationKind, PromptPreset } from '../../shared/contract.ts';

interface Props {
  kind: GenerationKind;
  model: string | undefined;
  prompt: string;
  presets: PromptPreset[];
  onChange: (prompt: string) => void;
  error?: string;
}

const NO_PRESET = '';

/** A preset fills the prompt; the merchant can then edit it freely. */
export function PromptField({ kind, model, prompt, presets, onChange, error }: Props) {
  const matching = presets.find((preset) => preset.prompt === prompt);
  const videoHelp =
    kind === 'video' && isVideoModelId(model)
      ? ` Refer to your images as ${videoImageMarker(model, 0)}, ${videoImageMarker(model, 1)}, ... in the order you chose them.`
      : '';
  return (
    <BlockStack gap="300">
      {presets.length > 0 ? (
        <Select
          label="Preset"
          options={[
            { value: NO_PRESET, label: 'Write my own prompt' },
            ...presets.map((preset) => ({ value: preset.id, label: preset.name })),
          ]}
          value={matching?.id ?? NO_PRESET}
          onChange={(id) => {
            const preset = presets.find((candidate) => candidate.id === id);
            if (preset) onChange(preset.prompt);
          }}
          helpText="Presets are edited in Settings."
        />
      ) : null}
      <TextField
        label="Prompt"
        value={prompt}
        onChange={onChange}
        multiline={3}
        maxLength={2000}
        showCharacterCount
        autoComplete="off"
        error={error}
        helpText={`Describe the scene, light and mood around your product.${videoHelp}`}
      />
    </BlockStack>
  );
}
