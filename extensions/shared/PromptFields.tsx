import { useState } from 'preact/hooks';
import type { PromptPreset } from '../../src/app-api/contract.ts';
import { isImageModelId, type ImageModelId } from '../../src/productai/catalogue.ts';
import { credits, t } from './i18n.ts';
import { imageModels } from './models.ts';

const CUSTOM = 'custom';

interface PromptFieldsProps {
  presets: readonly PromptPreset[];
  model: ImageModelId;
  onModelChange: (model: ImageModelId) => void;
  prompt: string;
  onPromptChange: (prompt: string) => void;
  modelError?: string | undefined;
  promptError?: string | undefined;
}

/**
 * Model, preset and prompt: the choices every ProductAI photo needs. Picking a preset fills the
 * prompt; editing the prompt afterwards turns the choice into a custom prompt.
 */
export function PromptFields(props: PromptFieldsProps) {
  const { presets, model, prompt } = props;
  const [presetId, setPresetId] = useState(
    () => presets.find((preset) => preset.prompt === prompt)?.id ?? CUSTOM,
  );

  const choosePreset = (id: string) => {
    setPresetId(id);
    const preset = presets.find((candidate) => candidate.id === id);
    if (preset) props.onPromptChange(preset.prompt);
  };
  const editPrompt = (text: string) => {
    const preset = presets.find((candidate) => candidate.id === presetId);
    if (preset && preset.prompt !== text) setPresetId(CUSTOM);
    props.onPromptChange(text);
  };

  return (
    <s-stack direction="block" gap="base">
      <s-select
        label={t('fields.model')}
        name="model"
        value={model}
        error={props.modelError}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isImageModelId(value)) props.onModelChange(value);
        }}
      >
        {imageModels.map((option) => (
          <s-option key={option.id} value={option.id}>
            {t('fields.modelOption', {
              model: option.id,
              credits: credits(option.credits),
              description: option.description,
            })}
          </s-option>
        ))}
      </s-select>
      {presets.length > 0 && (
        <s-select
          label={t('fields.preset')}
          name="preset"
          value={presetId}
          onChange={(event) => choosePreset(event.currentTarget.value)}
        >
          {presets.map((preset) => (
            <s-option key={preset.id} value={preset.id}>
              {preset.name}
            </s-option>
          ))}
          <s-option value={CUSTOM}>{t('fields.customPrompt')}</s-option>
        </s-select>
      )}
      <s-text-area
        label={t('fields.prompt')}
        name="prompt"
        value={prompt}
        rows={4}
        maxLength={2000}
        details={t('fields.promptHelp')}
        error={props.promptError}
        onInput={(event) => editPrompt(event.currentTarget.value)}
      />
    </s-stack>
  );
}
