import { BlockStack, Select, TextField } from '@shopify/polaris';
import { videoImageMarker, isVideoModelId } from '../../shared/models.ts';
import { t } from '../../i18n/index.ts';
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
  const values = { count: prompt.length, max: PROMPT_MAX_LENGTH };
  return prompt.length >= PROMPT_WARN_LENGTH && prompt.length <= PROMPT_MAX_LENGTH
    ? t('options.promptCountNear', values)
    : t('options.promptCount', values);
}

function lengthError(prompt: string): string | undefined {
  return prompt.length > PROMPT_MAX_LENGTH
    ? t('options.promptTooLong', { count: prompt.length, max: PROMPT_MAX_LENGTH })
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
  presetHelp = t('options.presetHelp'),
}: Props) {
  const matching = presets.find((preset) => preset.prompt === prompt);
  const videoHelp =
    kind === 'video' && isVideoModelId(model)
      ? ` ${t('options.videoMarkers', { first: videoImageMarker(model, 0), second: videoImageMarker(model, 1) })}`
      : '';
  return (
    <BlockStack gap="300">
      {presets.length > 0 ? (
        <Select
          label={t('options.preset')}
          options={[
            { value: NO_PRESET, label: t('options.ownPrompt') },
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
        label={t('options.prompt')}
        value={prompt}
        onChange={onChange}
        multiline={3}
        autoComplete="off"
        error={error ?? lengthError(prompt)}
        helpText={`${t('options.promptHelp')}${videoHelp} ${lengthNote(prompt)}`}
      />
    </BlockStack>
  );
}
