import { PROMPT_MAX_LENGTH } from '../../shared/prompt-limits.ts';
import { STYLE_PHRASE_MAX_LENGTH } from '../../shared/shop-style.ts';
import type { SettingsView, UpdateSettingsRequest } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

/** The part of the settings edited under the save bar (the API key has its own checked flow). */
export type EditableSettings = Required<
  Pick<
    SettingsView,
    | 'defaults'
    | 'reviewMode'
    | 'mediaPosition'
    | 'fidelityGuard'
    | 'fidelityRetries'
    | 'altTemplate'
    | 'presets'
  >
> & {
  /** The style's phrase (its image is saved on its own, as a file). */
  style: { phrase: string };
  /** The channels the shop's results are checked for. */
  channels: SettingsView['channels'];
};

export function editable(settings: SettingsView): EditableSettings {
  const { defaults, reviewMode, mediaPosition, fidelityGuard, fidelityRetries } = settings;
  const { altTemplate, presets } = settings;
  const style = { phrase: settings.style.phrase };
  const { channels } = settings;
  return {
    defaults,
    reviewMode,
    mediaPosition,
    fidelityGuard,
    fidelityRetries,
    altTemplate,
    presets,
    style,
    channels,
  };
}

/** Only the fields that differ from what was saved, so the PATCH says exactly what changed. */
export function changes(saved: EditableSettings, draft: EditableSettings): UpdateSettingsRequest {
  const patch: UpdateSettingsRequest = {};
  for (const key of Object.keys(draft) as (keyof EditableSettings)[]) {
    if (JSON.stringify(saved[key]) !== JSON.stringify(draft[key])) {
      Object.assign(patch, { [key]: draft[key] });
    }
  }
  return patch;
}

/** Field problems to fix before saving, keyed like the server's `fields` (presets by index). */
export function problems(draft: EditableSettings): Record<string, string> {
  const found: Record<string, string> = {};
  draft.presets.forEach((preset, index) => {
    if (!preset.name.trim()) found[`presets.${index}.name`] = t('settings.presets.nameMissing');
    if (!preset.prompt.trim())
      found[`presets.${index}.prompt`] = t('settings.presets.promptMissing');
    else if (preset.prompt.length > PROMPT_MAX_LENGTH) {
      found[`presets.${index}.prompt`] = t('settings.presets.promptTooLong', {
        max: PROMPT_MAX_LENGTH,
        count: preset.prompt.length,
      });
    }
  });
  if (draft.altTemplate.length > 512) found.altTemplate = t('settings.publishing.altTooLong');
  if (draft.style.phrase.length > STYLE_PHRASE_MAX_LENGTH) {
    found['style.phrase'] = t('settings.style.phraseTooLong', { max: STYLE_PHRASE_MAX_LENGTH });
  }
  return found;
}
