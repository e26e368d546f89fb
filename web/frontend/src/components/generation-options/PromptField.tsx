import { BlockStack, Select, TextField } from '@shopify/polaris';
import { videoImageMarker, isVideoModelId } from '../../shared/models.ts';
import { formatNumber } from '../../lib/format.ts';
import type { GenerationKind, PromptPreset } from '../../shared/contract.ts';
import { PROMPT_MAX_LENGTH, PROMPT_WARN_LENGTH } from '../../shared/prompt-limits.ts';

interface Props {
  kind: GenerationKind;
  model: string | undefined;
  prompt: string;
  presets: PromptPreset[];
  onChange: (prompt: string) => void;
  error?: string;
  presetHelp?: string;
}

const NO_PRESET = '';

function lengthNote(prompt: string): string {
  const count = `${formatNumber(prompt.length)} of ${formatNumber(PROMPT_MAX_LENGTH)} characters`;
  return prompt.length >= PROMPT_WARN_LENGTH && prompt.length <= PROMPT_MAX_LENGTH
    ? `${count}: close to the limit.`
    : `${count}.`;
}

function lengthError(prompt: string): string | undefined {
  return prompt.length > PROMPT_MAX_LENGTH
    ? `The prompt is ${formatNumber(prompt.length)} characters; shorten it to ${formatNumber(PROMPT_MAX_LENGTH)}. Nothing is cut.`
    : undefined;
}

/** A preset fills the prompt; the merchant can then edit it freely. */
export function PromptField({
  kind,
  model,
  prompt,
  presets,
  onChange,
  error,
  presetHelp = 'Presets are edited in Settings.',
}: Props) {
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
          helpText={presetHelp}
        />
      ) : null}
      {/* No maxLength: it would cut a pasted prompt silently. The count (in the help, not
          Polaris's counter, which overlaps the text at 375 px) warns near the limit, the error
          says what is too much, and the server refuses a longer prompt all the same. */}
      <TextField
        label="Prompt"
        value={prompt}
        onChange={onChange}
        multiline={3}
        autoComplete="off"
        error={error ?? lengthError(prompt)}
        helpText={`Describe the scene, light and mood around your product.${videoHelp} ${lengthNote(prompt)}`}
      />
    </BlockStack>
  );
}
