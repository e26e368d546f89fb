import { BlockStack } from '@shopify/polaris';
import { acceptedOptions } from '../../shared/models.ts';
import type { PromptPreset } from '../../shared/contract.ts';
import { KindPicker } from './KindPicker.tsx';
import { ModelSelect } from './ModelSelect.tsx';
import { OptionFields } from './OptionFields.tsx';
import { PromptField } from './PromptField.tsx';
import { withKind, withParams, type Defaults, type Draft } from './draft.ts';

interface Props {
  draft: Draft;
  onChange: (draft: Draft) => void;
  defaults: Defaults;
  presets: PromptPreset[];
  promptError?: string;
  /** What choosing a preset means here (PromptField's default otherwise). */
  presetHelp?: string;
  kinds?: readonly Draft['kind'][];
  /** The shop has a style image (the model picker says whether it goes with the model). */
  styleImage?: boolean;
}

/** Kind, model, prompt and options: the part of a request the Generate and Bulk pages share. */
export function GenerationOptions({
  draft,
  onChange,
  defaults,
  presets,
  promptError,
  presetHelp,
  kinds,
  styleImage,
}: Props) {
  const accepted = acceptedOptions(draft.kind, draft.params.model);
  const change = (params: Partial<Draft['params']>) =>
    onChange(withParams(draft, params, defaults));
  return (
    <BlockStack gap="400">
      <KindPicker
        kind={draft.kind}
        kinds={kinds}
        onChange={(kind) => onChange(withKind(draft, kind, defaults))}
      />
      {accepted.usesModel ? (
        <ModelSelect
          kind={draft.kind}
          model={draft.params.model}
          onChange={(model) => change({ model })}
          styleImage={styleImage}
        />
      ) : null}
      {accepted.usesPrompt ? (
        <PromptField
          kind={draft.kind}
          model={draft.params.model}
          prompt={draft.params.prompt ?? ''}
          presets={presets}
          onChange={(prompt) => change({ prompt })}
          error={promptError}
          presetHelp={presetHelp}
        />
      ) : null}
      <OptionFields kind={draft.kind} params={draft.params} onChange={change} />
    </BlockStack>
  );
}
