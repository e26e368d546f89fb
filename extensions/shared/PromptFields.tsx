import { useState } from 'preact/hooks';
import type { PromptPreset } from '../../src/app-api/contract.ts';
import { PROMPT_MAX_LENGTH } from '../../src/app-api/prompt-limits.ts';
import { modelChoices } from '../../src/app-api/models.ts';
import { styleReferenceFit } from '../../src/app-api/style-reference-fit.ts';
import { isImageModelId, type ImageModelId } from '../../src/productai/catalogue.ts';
import { credits, t } from './i18n.ts';
import { modelDescription, modelName } from './model-words.ts';
import { promptLength } from './prompt-length.ts';

const CUSTOM = 'custom';
const photoModels = modelChoices('photo').flatMap(({ id, credits }) =>
  isImageModelId(id) ? [{ id, credits }] : [],
);

interface PromptFieldsProps {
  presets: readonly PromptPreset[];
  model: ImageModelId;
  onModelChange: (model: ImageModelId) => void;
  prompt: string;
  onPromptChange: (prompt: string) => void;
  modelError?: string | undefined;
  promptError?: string | undefined;
  /** The shop has a style image: say under the model whether it goes with the request. */
  styleImage?: boolean;
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

  // No maxLength on the field: it would cut a pasted prompt silently. The count and the error
  // say how much is too much; the server refuses a longer one (400) all the same.
  const length = promptLength(prompt);
  return (
    <s-stack direction="block" gap="base">
      <s-select
        label={t('fields.model')}
        name="model"
        value={model}
        details={modelDetails(model, props.styleImage ?? false)}
        error={props.modelError}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isImageModelId(value)) props.onModelChange(value);
        }}
      >
        {photoModels.map((option) => (
          <s-option key={option.id} value={option.id}>
            {t('fields.modelOption', {
              name: modelName(option.id),
              credits: credits(option.credits),
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
        details={`${t('fields.promptHelp')} ${t('fields.promptCount', { count: length.count, max: PROMPT_MAX_LENGTH })}`}
        error={props.promptError ?? length.error}
        onInput={(event) => editPrompt(event.currentTarget.value)}
      />
    </s-stack>
  );
}

/**
 * What the model is, and, when the shop has a style image, whether it goes with this model (the
 * app's Generate page says the same beside its model): one product image, the usual request.
 */
function modelDetails(model: ImageModelId, styleImage: boolean): string {
  const details = t('fields.modelDetails', { description: modelDescription(model), model });
  if (!styleImage) return details;
  const note = styleReferenceFit('photo', model, 1).fits
    ? t('fields.styleImageSent')
    : t('fields.styleImageOneImage');
  return `${details} ${note}`;
}
