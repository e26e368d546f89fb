/**
 * What the catalogue means for the forms: the models of a kind with their price and purpose, the
 * options a kind + model accept, the price of a draft, and how to make a draft fit a newly chosen
 * model. All prices and rules come from the shared catalogue; nothing is restated here.
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
} from '../shared/catalogue.ts';
import type { GenerationKind, GenerationParams } from '../shared/contract.ts';
import { formatCredits } from './format.ts';

export interface ModelOption {
  id: string;
  /** "5 credits per image", "7 credits/s at 720p, ...". */
  price: string;
  /** What it is good for. */
  description: string;
}

export function modelOptions(kind: GenerationKind): ModelOption[] {
  if (kind === 'photo') {
    return IMAGE_MODEL_IDS.map((id) => ({
      id,
      price: `${formatCredits(IMAGE_MODELS[id].credits)} per image`,
      description: IMAGE_MODELS[id].description,
    }));
  }
  if (kind === 'video') {
    return VIDEO_MODEL_IDS.map((id) => {
      const model = VIDEO_MODELS[id];
      const rates = model.resolutions.map((r) => `${model.creditsPerSecond[r]}/s at ${r}`);
      return { id, price: `credits ${rates.join(', ')}`, description: model.description };
    });
  }
  return [];
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
  };
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

const OPTION_LABELS: Readonly<Record<string, string>> = {
  SQUARE: 'Square',
  LANDSCAPE: 'Landscape',
  PORTRAIT: 'Portrait',
  auto: 'Automatic',
  '1K': '1K (1,024 px)',
  '2K': '2K (2,048 px)',
  '4K': '4K (4,096 px)',
  png: 'PNG (best quality)',
  jpg: 'JPG (smaller files)',
};

export function optionLabel(value: string): string {
  return OPTION_LABELS[value] ?? value;
}

export const KIND_LABELS: Readonly<Record<GenerationKind, string>> = {
  photo: 'Photo',
  video: 'Video',
  upscale: 'Upscale',
};
