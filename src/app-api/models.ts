/**
 * The models and options as the app's screens offer them, for the app home AND the admin
 * extensions (browser-safe: it imports only the catalogue and the contract's types). Prices and
 * rules come from the ProductAI catalogue (src/productai/catalogue.ts); what is added here is
 * words: a plain name per model (Fast, Balanced, Best...) and what it works from, so a merchant
 * chooses by speed, quality and price, with ProductAI's own model name only as a detail.
 */
import {
  IMAGE_DEFAULTS,
  IMAGE_MODEL_IDS,
  IMAGE_MODELS,
  IMAGE_RESOLUTIONS,
  OUTPUT_FORMATS,
  UPSCALE_CREDITS,
  VIDEO_MODEL_IDS,
  VIDEO_MODELS,
  VIDEO_RESOLUTIONS,
  estimateCredits,
  imageAspectRatiosFor,
  isImageModelId,
  isVideoModelId,
  type ImageModel,
  type ImageModelId,
  type VideoModelId,
} from '../productai/catalogue.ts';

/** What the prompt field needs of the catalogue: how a video prompt names its images. */
export { isVideoModelId, videoImageMarker } from '../productai/catalogue.ts';
import type { CodedText, ErrorCode } from './error-codes.ts';
import type { GenerationKind, GenerationParams } from './generations.ts';
import type { SettingsView } from './settings.ts';

/** Plain names' codes (their English: error-codes.ts), in the catalogue's order. */
const MODEL_NAMES: Readonly<Record<ImageModelId | VideoModelId, ErrorCode>> = {
  nanobanana2: 'model_balanced',
  nanobananapro: 'model_best',
  nanobanana: 'model_fast',
  'seedream-5-pro': 'model_best_edits',
  'seedream-5-lite': 'model_fast_edits',
  seedream: 'model_artistic',
  'kontext-pro': 'model_precise_edits',
  'kontext-max': 'model_precise_edits_best',
  'gpt-2': 'model_from_description',
  'gpt-1.5': 'model_from_description_earlier',
  'gpt-high': 'model_detailed',
  'gpt-medium': 'model_standard',
  'gpt-low': 'model_draft',
  seedance: 'model_video_sound',
  'gemini-omni': 'model_video_images',
};

/**
 * A model as the pickers offer it. Its words are coded (their English: error-codes.ts), which the
 * clients translate: the browser bundles carry no English table of the server's.
 */
export interface ModelChoice {
  id: string;
  /** "Balanced". */
  nameText: CodedText;
  /** Credits per image, or the cheapest per second for a video model. */
  credits: number;
  /** What the credits are for: "image" or "second" (from `credits`, for video). */
  per: 'image' | 'second';
  /** What it works from: "uses up to 5 of your images", "works with or without your images". */
  worksFromText: CodedText;
  /** What it is good for, as a sentence (ends with a full stop). */
  descriptionText: CodedText;
  /** Video: credits per second at each resolution, cheapest first. */
  ratesPerSecond: readonly { resolution: string; credits: number }[];
}

function imagesPhrase(min: number, max: number): CodedText {
  if (min === 0) return { code: 'works_any' };
  return max === 1 ? { code: 'works_one' } : { code: 'works_up_to', params: { max } };
}

/** What each model is good for, coded: the catalogue's descriptions (ProductAI's), as sentences. */
const MODEL_DESCRIPTIONS: Readonly<Record<ImageModelId | VideoModelId, ErrorCode>> = {
  nanobanana2: 'desc_balanced',
  nanobananapro: 'desc_highest',
  nanobanana: 'desc_previews',
  'seedream-5-pro': 'desc_edit_best',
  'seedream-5-lite': 'desc_edit_fast',
  seedream: 'desc_artistic',
  'kontext-pro': 'desc_context',
  'kontext-max': 'desc_context_max',
  'gpt-2': 'desc_no_image',
  'gpt-1.5': 'desc_no_image',
  'gpt-high': 'desc_high',
  'gpt-medium': 'desc_medium',
  'gpt-low': 'desc_low',
  seedance: 'desc_seedance',
  'gemini-omni': 'desc_omni',
};

function choiceWords(id: ImageModelId | VideoModelId, min: number, max: number) {
  return {
    nameText: { code: MODEL_NAMES[id] },
    worksFromText: imagesPhrase(min, max),
    descriptionText: { code: MODEL_DESCRIPTIONS[id] },
  };
}

export function modelChoices(kind: GenerationKind): ModelChoice[] {
  if (kind === 'photo') {
    return IMAGE_MODEL_IDS.map((id) => {
      const spec = IMAGE_MODELS[id];
      return {
        id,
        credits: spec.credits,
        per: 'image',
        ...choiceWords(id, spec.requiresImage ? 1 : 0, spec.maxReferenceImages),
        ratesPerSecond: [],
      };
    });
  }
  if (kind === 'video') {
    return VIDEO_MODEL_IDS.map((id) => {
      const spec = VIDEO_MODELS[id];
      const ratesPerSecond = spec.resolutions.map((resolution) => ({
        resolution,
        credits: spec.creditsPerSecond[resolution] ?? 0,
      }));
      return {
        id,
        credits: Math.min(...ratesPerSecond.map((rate) => rate.credits)),
        per: 'second',
        ...choiceWords(id, spec.minImages, spec.maxImages),
        ratesPerSecond,
      };
    });
  }
  return [];
}

/** The model's plain name as a coded text (a client translates it), or the id it no longer knows. */
export function modelNameText(id: string | undefined): CodedText | string {
  return id && id in MODEL_NAMES
    ? { code: MODEL_NAMES[id as ImageModelId | VideoModelId] }
    : (id ?? '');
}

/** The image models the extensions offer (photos only). */
export const imageModels: readonly ImageModel[] = IMAGE_MODEL_IDS.map((id) => IMAGE_MODELS[id]);

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

export interface DurationRange {
  min: number;
  max: number;
  auto: boolean;
}

/** What a kind + model accept; empty lists mean the field does not apply. */
export interface AcceptedOptions {
  usesModel: boolean;
  usesPrompt: boolean;
  aspectRatios: readonly string[];
  resolutions: readonly string[];
  /** A resolution the model always renders when it takes none (shown as a fact, not a choice). */
  fixedResolution: string | null;
  outputFormats: readonly string[];
  duration: DurationRange | null;
  audio: boolean;
  images: { min: number; max: number };
  /**
   * Several results to choose among may be asked for: not for an upscale, which is deterministic
   * (each request returns the same image, charged again).
   */
  resultsToChoose: boolean;
}

const NONE: readonly string[] = [];

export function acceptedOptions(kind: GenerationKind, model: string | undefined): AcceptedOptions {
  if (kind === 'photo' && isImageModelId(model)) {
    const spec = IMAGE_MODELS[model];
    return {
      usesModel: true,
      usesPrompt: true,
      aspectRatios: imageAspectRatiosFor(model),
      resolutions: spec.acceptsResolution ? IMAGE_RESOLUTIONS : NONE,
      fixedResolution: null,
      outputFormats: OUTPUT_FORMATS,
      duration: null,
      audio: false,
      images: { min: spec.requiresImage ? 1 : 0, max: spec.maxReferenceImages },
      resultsToChoose: true,
    };
  }
  if (kind === 'video' && isVideoModelId(model)) {
    const spec = VIDEO_MODELS[model];
    return {
      usesModel: true,
      usesPrompt: true,
      aspectRatios: spec.aspectRatios,
      resolutions: spec.acceptsResolution ? spec.resolutions : NONE,
      fixedResolution: spec.acceptsResolution ? null : spec.defaultResolution,
      outputFormats: NONE,
      duration: { min: spec.minSeconds, max: spec.maxSeconds, auto: spec.acceptsAutoDuration },
      audio: spec.acceptsAudio,
      images: { min: spec.minImages, max: spec.maxImages },
      resultsToChoose: true,
    };
  }
  return {
    usesModel: kind !== 'upscale',
    usesPrompt: kind !== 'upscale',
    aspectRatios: NONE,
    resolutions: NONE,
    fixedResolution: null,
    outputFormats: NONE,
    duration: null,
    audio: false,
    images: { min: 1, max: 1 },
    resultsToChoose: kind !== 'upscale',
  };
}

/** Why a request for `options` results of this kind cannot be sent, or null when it can. */
export function resultsProblem(
  kind: GenerationKind,
  model: string | undefined,
  options: number,
): CodedText | null {
  if (options <= 1 || acceptedOptions(kind, model).resultsToChoose) return null;
  return { code: 'upscale_one_result' };
}

/** The model a kind starts with: the shop's default for photos, the catalogue's first for video. */
export function defaultModel(kind: GenerationKind, shopDefault: string): string | undefined {
  if (kind === 'photo') return isImageModelId(shopDefault) ? shopDefault : IMAGE_MODEL_IDS[0];
  if (kind === 'video') return VIDEO_MODEL_IDS[0];
  return undefined;
}

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T | undefined) {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/**
 * Keeps what still applies after the kind or model changed and fills the rest with the
 * model's defaults, so the form never holds an option the chosen model would refuse.
 */
export function fitParams(
  kind: GenerationKind,
  params: GenerationParams,
  defaults: { model: string; aspectRatio: string; resolution: string; outputFormat: 'png' | 'jpg' },
): GenerationParams {
  if (kind === 'upscale') return {};
  const model = params.model ?? defaultModel(kind, defaults.model);
  if (kind === 'photo' && isImageModelId(model)) {
    const accepted = acceptedOptions(kind, model);
    return {
      model,
      prompt: params.prompt,
      aspectRatio: pick(
        params.aspectRatio,
        accepted.aspectRatios,
        pick(defaults.aspectRatio, accepted.aspectRatios, IMAGE_DEFAULTS.aspect_ratio),
      ),
      resolution: pick(
        params.resolution,
        accepted.resolutions,
        pick(defaults.resolution, accepted.resolutions, undefined),
      ),
      outputFormat: pick(params.outputFormat, OUTPUT_FORMATS, defaults.outputFormat),
    };
  }
  if (kind === 'video' && isVideoModelId(model)) {
    const spec = VIDEO_MODELS[model];
    const duration = params.duration;
    const durationFits =
      (duration === 'auto' && spec.acceptsAutoDuration) ||
      (typeof duration === 'number' && duration >= spec.minSeconds && duration <= spec.maxSeconds);
    return {
      model,
      prompt: params.prompt,
      aspectRatio: pick(params.aspectRatio, spec.aspectRatios, spec.defaultAspectRatio),
      resolution: spec.acceptsResolution
        ? pick(params.resolution, spec.resolutions, spec.defaultResolution)
        : undefined,
      duration: durationFits ? duration : spec.defaultDuration,
      generateAudio: spec.acceptsAudio ? (params.generateAudio ?? true) : undefined,
    };
  }
  return fitParams(kind, { ...params, model: defaultModel(kind, defaults.model) }, defaults);
}

/** Credits one generation of this draft costs, or null while the draft names no known model. */
export function creditsFor(kind: GenerationKind, params: GenerationParams): number | null {
  try {
    if (kind === 'upscale') return UPSCALE_CREDITS;
    if (kind === 'photo' && isImageModelId(params.model)) {
      return estimateCredits('image', { model: params.model, prompt: '' });
    }
    if (kind === 'video' && isVideoModelId(params.model)) {
      return estimateCredits('video', {
        model: params.model,
        prompt: '',
        resolution: pick(params.resolution, VIDEO_RESOLUTIONS, undefined),
        duration: params.duration,
      });
    }
  } catch {
    // An option the catalogue has no price for: the form shows "cost unknown" until it is fixed.
  }
  return null;
}

const OPTION_LABELS: Readonly<Record<string, ErrorCode>> = {
  SQUARE: 'option_square',
  LANDSCAPE: 'option_landscape',
  PORTRAIT: 'option_portrait',
  auto: 'option_auto',
  '1K': 'option_1k',
  '2K': 'option_2k',
  '4K': 'option_4k',
  png: 'option_png',
  jpg: 'option_jpg',
};

/** An option's label coded (a client translates it), or the value itself ("16:9", "720p"). */
export function optionLabelText(value: string): CodedText | string {
  const code = OPTION_LABELS[value];
  return code ? { code } : value;
}

export const KIND_LABELS: Readonly<Record<GenerationKind, string>> = {
  photo: 'Photo',
  video: 'Video',
  upscale: 'Upscale',
};
