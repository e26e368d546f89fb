import type { GenerationKind, GenerationParams, SettingsView } from '../../shared/contract.ts';
import { fitParams } from '../../shared/models.ts';

/** What the merchant is composing on the Generate and Bulk runs pages. */
export interface Draft {
  kind: GenerationKind;
  params: GenerationParams;
}

export type Defaults = SettingsView['defaults'];

export function initialDraft(defaults: Defaults): Draft {
  return { kind: 'photo', params: fitParams('photo', {}, defaults) };
}

/** The draft after choosing another kind: the prompt stays, the model's options reset. */
export function withKind(draft: Draft, kind: GenerationKind, defaults: Defaults): Draft {
  return { kind, params: fitParams(kind, { prompt: draft.params.prompt }, defaults) };
}

/** The draft after changing one parameter; a new model re-fits the options to what it accepts. */
export function withParams(draft: Draft, change: Partial<Draft['params']>, defaults: Defaults) {
  return {
    kind: draft.kind,
    params: fitParams(draft.kind, { ...draft.params, ...change }, defaults),
  };
}
