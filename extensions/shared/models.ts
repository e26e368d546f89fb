/**
 * The image models the extensions offer, straight from the ProductAI catalogue (the same data
 * the server prices and validates with), and the model a form starts with.
 */
import {
  IMAGE_MODEL_IDS,
  IMAGE_MODELS,
  isImageModelId,
  type ImageModel,
  type ImageModelId,
} from '../../src/productai/catalogue.ts';
import type { SettingsView } from '../../src/app-api/contract.ts';

export const imageModels: readonly ImageModel[] = IMAGE_MODEL_IDS.map((id) => IMAGE_MODELS[id]);

export function imageModel(id: ImageModelId): ImageModel {
  return IMAGE_MODELS[id];
}

/**
 * The shop's default model when it is an image model; for a product without images, the first
 * model that works from the prompt alone unless the default already does.
 */
export function initialModel(settings: SettingsView, productHasImages = true): ImageModelId {
  const preferred = isImageModelId(settings.defaults.model)
    ? settings.defaults.model
    : IMAGE_MODEL_IDS[0];
  if (productHasImages || !IMAGE_MODELS[preferred].requiresImage) return preferred;
  return imageModels.find((model) => !model.requiresImage)?.id ?? preferred;
}
