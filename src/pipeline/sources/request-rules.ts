/**
 * What a generation sends to ProductAI, decided once and shared by the API routes (estimate,
 * create), bulk runs and the submit stage: the parameters completed from the shop's defaults,
 * the ProductAI request body built from them, its price, and the reasons it would be refused.
 *
 * Pure functions on the catalogue (src/productai/catalogue.ts): no I/O, so an estimate costs
 * nothing and a request the API would refuse never reaches it, never charges a credit.
 */
import type { GenerationKind, GenerationParams } from '../../app-api/contract.ts';
import type { FieldProblem } from '../../platform/errors.ts';
import {
  IMAGE_MODELS,
  VIDEO_MODELS,
  estimateCredits,
  imageAspectRatiosFor,
  isImageModelId,
  isVideoModelId,
  validateRequest,
  type RequestByKind,
  type RequestKind,
} from '../../productai/catalogue.ts';

/** The shop's saved defaults (src/stores/shop-settings.ts `GenerationDefaults`). */
export interface ParamDefaults {
  model: string;
  aspectRatio: string;
  resolution: string;
  outputFormat: 'png' | 'jpg';
}

/** Used for videos when the merchant names no model: it also works without a product image. */
export const DEFAULT_VIDEO_MODEL = 'seedance';

const REQUEST_KIND: Record<GenerationKind, RequestKind> = {
  photo: 'image',
  video: 'video',
  upscale: 'upscale',
};

/**
 * The parameters a generation is created with: the merchant's choices, completed from the
 * shop's defaults where the model accepts them (a default the chosen model does not accept is
 * left out rather than sent and refused). Upscale takes no parameters.
 */
export function completeParams(
  kind: GenerationKind,
  params: GenerationParams,
  defaults: ParamDefaults,
): GenerationParams {
  if (kind === 'upscale') return {};
  if (kind === 'video') {
    const { model = DEFAULT_VIDEO_MODEL, prompt, aspectRatio, resolution, duration } = params;
    return dropUndefined({
      model,
      prompt,
      aspectRatio,
      resolution,
      duration,
      generateAudio: params.generateAudio,
      style: params.style,
    });
  }
  const model = params.model ?? defaults.model;
  const spec = isImageModelId(model) ? IMAGE_MODELS[model] : undefined;
  const acceptedRatios: readonly string[] = spec ? imageAspectRatiosFor(spec.id) : [];
  return dropUndefined({
    model,
    prompt: params.prompt,
    aspectRatio:
      params.aspectRatio ??
      (acceptedRatios.includes(defaults.aspectRatio) ? defaults.aspectRatio : undefined),
    resolution: params.resolution ?? (spec?.acceptsResolution ? defaults.resolution : undefined),
    outputFormat: params.outputFormat ?? defaults.outputFormat,
    style: params.style,
  });
}

export interface ProductAiRequest<K extends RequestKind = RequestKind> {
  kind: K;
  body: RequestByKind[K];
}

/** The request body for ProductAI, field for field from the completed parameters. */
export function toProductAiRequest(
  kind: GenerationKind,
  params: GenerationParams,
  imageUrls: readonly string[],
): ProductAiRequest {
  if (kind === 'upscale') return { kind: 'upscale', body: { image_url: imageUrls[0] ?? '' } };
  // The fields images and videos share; the catalogue's validation checks the values per model.
  const shared = {
    model: params.model,
    prompt: params.prompt ?? '',
    image_url: imageUrls.length === 0 ? undefined : [...imageUrls],
    aspect_ratio: params.aspectRatio,
    resolution: params.resolution,
  };
  if (kind === 'video') {
    const body = { ...shared, duration: params.duration, generate_audio: params.generateAudio };
    return { kind: 'video', body: dropUndefined(body) as RequestByKind['video'] };
  }
  const body = { ...shared, output_format: params.outputFormat };
  return { kind: 'image', body: dropUndefined(body) as RequestByKind['image'] };
}

// The catalogue names ProductAI's fields (image_url, aspect_ratio); the app's API names its own.
const APP_FIELD_NAMES: Record<string, string> = {
  image_url: 'sourceMediaIds',
  aspect_ratio: 'aspectRatio',
  output_format: 'outputFormat',
  generate_audio: 'generateAudio',
};

/**
 * Every reason ProductAI would refuse this generation with `imageCount` reference images, in
 * the catalogue's words (ProductAI's own, passed on as `details`), with the app's field names
 * (contract.ts). Empty when it can be sent.
 */
export function requestProblems(
  kind: GenerationKind,
  params: GenerationParams,
  imageCount: number,
): FieldProblem[] {
  // The URLs are only counted here (their download is checked by the service); any http URL
  // stands in for the ones the product's images will have.
  const placeholders = Array.from({ length: imageCount }, (_, i) => `https://cdn.invalid/${i}.jpg`);
  const request = toProductAiRequest(kind, params, placeholders);
  return validateRequest(request.kind, request.body).map((problem): FieldProblem => ({
    field: APP_FIELD_NAMES[problem.field] ?? problem.field,
    code: 'productai_would_refuse',
    params: { details: problem.message },
  }));
}

/** Credits the generation is charged at submission (0 when the model is unknown: see problems). */
export function creditsFor(kind: GenerationKind, params: GenerationParams): number {
  const request = toProductAiRequest(kind, params, []);
  try {
    return estimateCredits(request.kind, request.body);
  } catch {
    return 0;
  }
}

/** The range of reference images a kind and model take (null when the model is unknown). */
export function referenceImageRange(
  kind: GenerationKind,
  params: GenerationParams,
): { min: number; max: number } | null {
  if (kind === 'upscale') return { min: 1, max: 1 };
  if (kind === 'video') {
    if (!isVideoModelId(params.model)) return null;
    const spec = VIDEO_MODELS[params.model];
    return { min: spec.minImages, max: spec.maxImages };
  }
  if (!isImageModelId(params.model)) return null;
  const spec = IMAGE_MODELS[params.model];
  return { min: spec.requiresImage ? 1 : 0, max: spec.maxReferenceImages };
}

export function requestKindOf(kind: GenerationKind): RequestKind {
  return REQUEST_KIND[kind];
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
