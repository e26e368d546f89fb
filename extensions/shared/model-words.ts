import type { ImageModelId } from '../../src/productai/catalogue.ts';
import { t } from './i18n.ts';

/**
 * A photo model's plain name ("Balanced") in the merchant's language. The English is the app's
 * (src/app-api/models.ts; test/extensions/locales.test.ts holds each locale file to it), the
 * French the app home's.
 */
export function modelName(id: ImageModelId): string {
  switch (id) {
    case 'nanobanana2':
      return t('models.names.balanced');
    case 'nanobananapro':
      return t('models.names.best');
    case 'nanobanana':
      return t('models.names.fast');
    case 'seedream-5-pro':
      return t('models.names.bestEdits');
    case 'seedream-5-lite':
      return t('models.names.fastEdits');
    case 'seedream':
      return t('models.names.artistic');
    case 'kontext-pro':
      return t('models.names.preciseEdits');
    case 'kontext-max':
      return t('models.names.preciseEditsBest');
    case 'gpt-2':
      return t('models.names.fromDescription');
    case 'gpt-1.5':
      return t('models.names.fromDescriptionEarlier');
    case 'gpt-high':
      return t('models.names.detailed');
    case 'gpt-medium':
      return t('models.names.standard');
    case 'gpt-low':
      return t('models.names.draft');
  }
}

/** What a photo model is good for, as a sentence in the merchant's language. */
export function modelDescription(id: ImageModelId): string {
  switch (id) {
    case 'nanobanana2':
      return t('models.descriptions.balanced');
    case 'nanobananapro':
      return t('models.descriptions.highest');
    case 'nanobanana':
      return t('models.descriptions.previews');
    case 'seedream-5-pro':
      return t('models.descriptions.editBest');
    case 'seedream-5-lite':
      return t('models.descriptions.editFast');
    case 'seedream':
      return t('models.descriptions.artistic');
    case 'kontext-pro':
      return t('models.descriptions.context');
    case 'kontext-max':
      return t('models.descriptions.contextMax');
    case 'gpt-2':
    case 'gpt-1.5':
      return t('models.descriptions.noImage');
    case 'gpt-high':
      return t('models.descriptions.high');
    case 'gpt-medium':
      return t('models.descriptions.medium');
    case 'gpt-low':
      return t('models.descriptions.low');
  }
}
