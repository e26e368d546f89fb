/**
 * The ProductAI model catalogue as data, in one place: what each model costs, how many reference
 * images it takes, which aspect ratios, resolutions and durations it accepts; plus the two pure
 * functions built on it, `estimateCredits` (what a request will cost before it is sent) and
 * `validateRequest` (the service's input rules, so a bad request is refused before it leaves).
 *
 * The client, the emulator, the pipeline and the browser all read this file, so it has no
 * imports at all: it is bundled into the frontend as is.
 *
 * Source: ../../../shared/specs/productai-api.md (generate, generate-video, upscale, Limits).
 */

/** The three kinds of job the service runs; each has its own endpoint and request shape. */
export type RequestKind = 'image' | 'video' | 'upscale';

// ---------------------------------------------------------------------------------------------
// Image generation
// ---------------------------------------------------------------------------------------------

export const IMAGE_MODEL_IDS = [
  'nanobanana2',
  'nanobananapro',
  'nanobanana',
  'seedream-5-pro',
  'seedream-5-lite',
  'seedream',
  'kontext-pro',
  'kontext-max',
  'gpt-2',
  'gpt-1.5',
  'gpt-high',
  'gpt-medium',
  'gpt-low',
] as const;
export type ImageModelId = (typeof IMAGE_MODEL_IDS)[number];

/** Accepted by every image model. */
export const BASIC_ASPECT_RATIOS = ['SQUARE', 'LANDSCAPE', 'PORTRAIT'] as const;
/** Accepted in addition by the models with `acceptsExtendedAspectRatios`. */
export const EXTENDED_ASPECT_RATIOS = ['1:1', '4:3', '3:4', '5:4', '4:5', '16:9', '9:16'] as const;
export type ImageAspectRatio =
  (typeof BASIC_ASPECT_RATIOS)[number] | (typeof EXTENDED_ASPECT_RATIOS)[number];

/** Long side of the output: 1K, 2K or 4K (only for models with `acceptsResolution`). */
export const IMAGE_RESOLUTIONS = ['1K', '2K', '4K'] as const;
export type ImageResolution = (typeof IMAGE_RESOLUTIONS)[number];

export const OUTPUT_FORMATS = ['png', 'jpg'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** What the service uses when a request leaves a field out. */
export const IMAGE_DEFAULTS = {
  aspect_ratio: 'SQUARE',
  resolution: '2K',
  output_format: 'png',
} as const satisfies {
  aspect_ratio: ImageAspectRatio;
  resolution: ImageResolution;
  output_format: OutputFormat;
};

export interface ImageModel {
  id: ImageModelId;
  /** Credits charged per generated image, at submission. */
  credits: number;
  /**
   * Reference images the model uses. A single-image model (1) takes an array too but uses only
   * its first URL; a multi-image model refuses more than this many.
   */
  maxReferenceImages: number;
  /** False for the text-to-image capable models (`gpt-2`, `gpt-1.5`): `image_url` is optional. */
  requiresImage: boolean;
  /** Accepts the ratio strings (`4:3`, `16:9`, ...) besides SQUARE/LANDSCAPE/PORTRAIT. */
  acceptsExtendedAspectRatios: boolean;
  /** Accepts `resolution` (1K/2K/4K). */
  acceptsResolution: boolean;
  /** What the model is good for (the spec's "Kind" column), for pickers. */
  description: string;
}

function imageModel(
  id: ImageModelId,
  credits: number,
  maxReferenceImages: number,
  description: string,
  flags: Partial<
    Pick<ImageModel, 'requiresImage' | 'acceptsExtendedAspectRatios' | 'acceptsResolution'>
  > = {},
): ImageModel {
  return {
    id,
    credits,
    maxReferenceImages,
    requiresImage: flags.requiresImage ?? true,
    acceptsExtendedAspectRatios: flags.acceptsExtendedAspectRatios ?? false,
    acceptsResolution: flags.acceptsResolution ?? false,
    description,
  };
}

const nanobanana = { acceptsExtendedAspectRatios: true, acceptsResolution: true };
const textToImage = { requiresImage: false };

/** Every image model, in the spec's order (recommended first). */
export const IMAGE_MODELS: Readonly<Record<ImageModelId, ImageModel>> = {
  nanobanana2: imageModel(
    'nanobanana2',
    5,
    5,
    'Recommended balance of quality and speed',
    nanobanana,
  ),
  nanobananapro: imageModel('nanobananapro', 8, 5, 'Highest quality', nanobanana),
  nanobanana: imageModel('nanobanana', 3, 5, 'Fast, for previews', nanobanana),
  'seedream-5-pro': imageModel('seedream-5-pro', 8, 10, 'Editing, highest quality'),
  'seedream-5-lite': imageModel('seedream-5-lite', 3, 10, 'Editing, fast'),
  seedream: imageModel('seedream', 3, 5, 'Creative and artistic styles'),
  'kontext-pro': imageModel('kontext-pro', 2, 1, 'Context-aware editing'),
  'kontext-max': imageModel('kontext-max', 3, 1, 'Maximum context awareness'),
  'gpt-2': imageModel('gpt-2', 10, 5, 'Works without a product image', textToImage),
  'gpt-1.5': imageModel('gpt-1.5', 10, 5, 'Works without a product image', textToImage),
  'gpt-high': imageModel('gpt-high', 8, 1, 'High quality'),
  'gpt-medium': imageModel('gpt-medium', 3, 1, 'Medium quality'),
  'gpt-low': imageModel('gpt-low', 2, 1, 'Low quality, cheap drafts'),
};

export function isImageModelId(value: unknown): value is ImageModelId {
  return typeof value === 'string' && (IMAGE_MODEL_IDS as readonly string[]).includes(value);
}

/** The aspect ratios one image model accepts. */
export function imageAspectRatiosFor(model: ImageModelId): readonly ImageAspectRatio[] {
  return IMAGE_MODELS[model].acceptsExtendedAspectRatios
    ? [...BASIC_ASPECT_RATIOS, ...EXTENDED_ASPECT_RATIOS]
    : BASIC_ASPECT_RATIOS;
}

export interface GenerateImageRequest {
  model: ImageModelId;
  /** Description of the desired background/scene. */
  prompt: string;
  /** Public URL(s) of product images, JPEG/PNG/WebP up to 10MB each. */
  image_url?: string | readonly string[];
  aspect_ratio?: ImageAspectRatio;
  resolution?: ImageResolution;
  output_format?: OutputFormat;
}

// ---------------------------------------------------------------------------------------------
// Video generation
// ---------------------------------------------------------------------------------------------

export const VIDEO_MODEL_IDS = ['seedance', 'gemini-omni'] as const;
export type VideoModelId = (typeof VIDEO_MODEL_IDS)[number];

export const VIDEO_RESOLUTIONS = ['480p', '720p', '1080p', '4k'] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];

export const VIDEO_ASPECT_RATIOS = ['auto', '21:9', '16:9', '4:3', '1:1', '3:4', '9:16'] as const;
export type VideoAspectRatio = (typeof VIDEO_ASPECT_RATIOS)[number];

/** `duration: 'auto'` lets the service choose; it is billed as this many seconds up front. */
export const AUTO_DURATION_BILLED_SECONDS = 5;

export type VideoDuration = 'auto' | number;

export interface VideoModel {
  id: VideoModelId;
  description: string;
  /** Resolutions the model renders; `creditsPerSecond` has a price for each. */
  resolutions: readonly VideoResolution[];
  defaultResolution: VideoResolution;
  /** Whether the request may carry `resolution` at all (the spec: "seedance only"). */
  acceptsResolution: boolean;
  aspectRatios: readonly VideoAspectRatio[];
  defaultAspectRatio: VideoAspectRatio;
  /** Integer seconds, inclusive. */
  minSeconds: number;
  maxSeconds: number;
  acceptsAutoDuration: boolean;
  defaultDuration: VideoDuration;
  creditsPerSecond: Readonly<Partial<Record<VideoResolution, number>>>;
  /** Reference images: how many the model takes (inclusive). */
  minImages: number;
  maxImages: number;
  /** `generate_audio` is accepted (and defaults to true). */
  acceptsAudio: boolean;
  /**
   * How the prompt binds reference images: the marker for image i (0-based) is
   * `${prefix}${i + firstIndex}${suffix}`. Without a marker the first image is bound.
   */
  imageMarker: { prefix: string; firstIndex: number; suffix: string };
}

export const VIDEO_MODELS: Readonly<Record<VideoModelId, VideoModel>> = {
  seedance: {
    id: 'seedance',
    description: 'Text-to-video or reference-to-video, up to 4k, with a soundtrack',
    resolutions: VIDEO_RESOLUTIONS,
    defaultResolution: '720p',
    acceptsResolution: true,
    aspectRatios: VIDEO_ASPECT_RATIOS,
    defaultAspectRatio: 'auto',
    minSeconds: 4,
    maxSeconds: 15,
    acceptsAutoDuration: true,
    defaultDuration: 'auto',
    creditsPerSecond: { '480p': 3, '720p': 7, '1080p': 15, '4k': 60 },
    minImages: 0,
    maxImages: 9,
    acceptsAudio: true,
    imageMarker: { prefix: '@Image', firstIndex: 1, suffix: '' },
  },
  'gemini-omni': {
    id: 'gemini-omni',
    description: 'Reference-to-video at 720p, cheapest per second',
    resolutions: ['720p'],
    defaultResolution: '720p',
    acceptsResolution: false,
    aspectRatios: ['16:9', '9:16'],
    defaultAspectRatio: '16:9',
    minSeconds: 3,
    maxSeconds: 10,
    acceptsAutoDuration: false,
    defaultDuration: 8,
    creditsPerSecond: { '720p': 3 },
    minImages: 1,
    maxImages: 9,
    acceptsAudio: false,
    imageMarker: { prefix: '<IMAGE_REF_', firstIndex: 0, suffix: '>' },
  },
};

export function isVideoModelId(value: unknown): value is VideoModelId {
  return typeof value === 'string' && (VIDEO_MODEL_IDS as readonly string[]).includes(value);
}

/** The prompt marker that binds reference image `index` (0-based) for a video model. */
export function videoImageMarker(model: VideoModelId, index: number): string {
  const { prefix, firstIndex, suffix } = VIDEO_MODELS[model].imageMarker;
  return `${prefix}${index + firstIndex}${suffix}`;
}

/** The 0-based image indexes a prompt's markers refer to, in order of appearance. */
export function referencedImageIndexes(model: VideoModelId, prompt: string): number[] {
  const { prefix, firstIndex, suffix } = VIDEO_MODELS[model].imageMarker;
  const pattern = new RegExp(`${escapeRegExp(prefix)}(\\d+)${escapeRegExp(suffix)}`, 'g');
  return [...prompt.matchAll(pattern)].map((match) => Number(match[1]) - firstIndex);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface GenerateVideoRequest {
  model: VideoModelId;
  /** Video description; binds reference images with the model's markers (see `imageMarker`). */
  prompt: string;
  image_url?: string | readonly string[];
  /** seedance only. */
  resolution?: VideoResolution;
  aspect_ratio?: VideoAspectRatio;
  /** Seconds: an integer in the model's range, or `auto` (seedance). */
  duration?: VideoDuration;
  /** seedance only; defaults to true. */
  generate_audio?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Upscale
// ---------------------------------------------------------------------------------------------

/** Flat price of one upscale. */
export const UPSCALE_CREDITS = 20;

export interface UpscaleRequest {
  /** Public URL of the image, JPEG/PNG/WebP up to 10MB; may be a completed job's `image_url`. */
  image_url: string;
}

/** Largest input image, for uploads and `image_url` inputs. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const INPUT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface RequestByKind {
  image: GenerateImageRequest;
  video: GenerateVideoRequest;
  upscale: UpscaleRequest;
}

// ---------------------------------------------------------------------------------------------
// Pricing
// ---------------------------------------------------------------------------------------------

/** Seconds a video request is billed for: its duration, the model default, `auto` as 5 s. */
export function billedVideoSeconds(request: Pick<GenerateVideoRequest, 'model' | 'duration'>) {
  const duration = request.duration ?? VIDEO_MODELS[request.model].defaultDuration;
  return duration === 'auto' ? AUTO_DURATION_BILLED_SECONDS : duration;
}

/**
 * Credits a request will be charged at submission. Only the fields that change the price are
 * read, so a half-filled form can be priced. Throws on a model or resolution the catalogue does
 * not know (validate first when the input is untrusted).
 */
export function estimateCredits<K extends RequestKind>(kind: K, request: RequestByKind[K]): number {
  if (kind === 'upscale') return UPSCALE_CREDITS;
  if (kind === 'image') {
    const { model } = request as GenerateImageRequest;
    if (!isImageModelId(model)) throw new Error(`Unknown image model: ${String(model)}`);
    return IMAGE_MODELS[model].credits;
  }
  const video = request as GenerateVideoRequest;
  if (!isVideoModelId(video.model)) throw new Error(`Unknown video model: ${String(video.model)}`);
  const model = VIDEO_MODELS[video.model];
  const resolution = video.resolution ?? model.defaultResolution;
  const rate = model.creditsPerSecond[resolution];
  if (rate === undefined) throw new Error(`Model ${model.id} has no price at ${resolution}`);
  return rate * billedVideoSeconds(video);
}

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

/** One reason a request is refused; `field` is the request field it concerns. */
export interface ValidationProblem {
  field: string;
  message: string;
}

/**
 * Every reason the service would refuse this request body (empty when it is valid). Takes the
 * raw body, so it checks types too; unknown extra fields are ignored, as the service does.
 * It cannot check what only a download reveals (reachability, size, image type).
 */
export function validateRequest(kind: RequestKind, body: unknown): ValidationProblem[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [{ field: 'body', message: 'The request body must be a JSON object' }];
  }
  const fields = body as Record<string, unknown>;
  const problems: ValidationProblem[] = [];
  if (kind === 'image') validateImage(fields, problems);
  else if (kind === 'video') validateVideo(fields, problems);
  else validateUpscale(fields, problems);
  return problems;
}

function validateImage(body: Record<string, unknown>, problems: ValidationProblem[]): void {
  const model = requireModel(body.model, IMAGE_MODEL_IDS, problems);
  requirePrompt(body.prompt, problems);
  const images = readImageUrls(body.image_url, problems);
  checkOneOf(body, 'output_format', OUTPUT_FORMATS, problems);
  if (!isImageModelId(model)) return;
  const spec = IMAGE_MODELS[model];
  if (images) {
    if (spec.requiresImage && images.length === 0) {
      problems.push({ field: 'image_url', message: `image_url is required for model ${model}` });
    }
    // Single-image models use the first URL and ignore the rest (spec); only multi-image models
    // have a limit to exceed.
    if (spec.maxReferenceImages > 1)
      checkMaxImages(model, images, spec.maxReferenceImages, problems);
  }
  checkOneOf(body, 'aspect_ratio', imageAspectRatiosFor(model), problems, model);
  if (spec.acceptsResolution) checkOneOf(body, 'resolution', IMAGE_RESOLUTIONS, problems, model);
  else if (body.resolution !== undefined) {
    const accepting = IMAGE_MODEL_IDS.filter((id) => IMAGE_MODELS[id].acceptsResolution);
    problems.push({
      field: 'resolution',
      message: `resolution is only accepted by models ${accepting.join(', ')}`,
    });
  }
}

function validateVideo(body: Record<string, unknown>, problems: ValidationProblem[]): void {
  const model = requireModel(body.model, VIDEO_MODEL_IDS, problems);
  const prompt = requirePrompt(body.prompt, problems);
  const images = readImageUrls(body.image_url, problems);
  if (body.generate_audio !== undefined && typeof body.generate_audio !== 'boolean') {
    problems.push({ field: 'generate_audio', message: 'generate_audio must be a boolean' });
  }
  if (!isVideoModelId(model)) return;
  const spec = VIDEO_MODELS[model];
  if (images) {
    if (images.length < spec.minImages) {
      problems.push({ field: 'image_url', message: `image_url is required for model ${model}` });
    }
    checkMaxImages(model, images, spec.maxImages, problems);
    if (prompt !== undefined) checkMarkers(model, prompt, images.length, problems);
  }
  if (spec.acceptsResolution) checkOneOf(body, 'resolution', spec.resolutions, problems, model);
  else if (body.resolution !== undefined && body.resolution !== spec.defaultResolution) {
    problems.push({
      field: 'resolution',
      message: `resolution is only accepted by model seedance; ${model} renders ${spec.defaultResolution}`,
    });
  }
  checkOneOf(body, 'aspect_ratio', spec.aspectRatios, problems, model);
  checkDuration(spec, body.duration, problems);
  if (!spec.acceptsAudio && body.generate_audio !== undefined) {
    problems.push({
      field: 'generate_audio',
      message: `generate_audio is only accepted by model seedance`,
    });
  }
}

function validateUpscale(body: Record<string, unknown>, problems: ValidationProblem[]): void {
  if (body.image_url === undefined) {
    problems.push({ field: 'image_url', message: 'image_url is required' });
  } else if (typeof body.image_url !== 'string') {
    problems.push({ field: 'image_url', message: 'image_url must be a single URL' });
  } else checkUrl(body.image_url, problems);
}

function requireModel<T extends string>(
  value: unknown,
  ids: readonly T[],
  problems: ValidationProblem[],
): T | undefined {
  if (value === undefined) {
    problems.push({ field: 'model', message: 'model is required' });
    return undefined;
  }
  if (typeof value === 'string' && (ids as readonly string[]).includes(value)) return value as T;
  problems.push({ field: 'model', message: `model must be one of: ${ids.join(', ')}` });
  return undefined;
}

function requirePrompt(value: unknown, problems: ValidationProblem[]): string | undefined {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
    problems.push({ field: 'prompt', message: 'prompt is required' });
    return undefined;
  }
  if (typeof value !== 'string') {
    problems.push({ field: 'prompt', message: 'prompt must be a string' });
    return undefined;
  }
  return value;
}

/** The URLs of `image_url` (none when absent), or undefined when the field is malformed. */
function readImageUrls(value: unknown, problems: ValidationProblem[]): string[] | undefined {
  if (value === undefined) return [];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    problems.push({
      field: 'image_url',
      message: 'image_url must be a URL or an array of URLs',
    });
    return undefined;
  }
  const before = problems.length;
  for (const url of list) checkUrl(url, problems);
  return problems.length === before ? list : undefined;
}

function checkUrl(url: string, problems: ValidationProblem[]): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    problems.push({ field: 'image_url', message: `image_url must be an http(s) URL: ${url}` });
  }
}

function checkMaxImages(
  model: string,
  images: string[],
  max: number,
  problems: ValidationProblem[],
): void {
  if (images.length > max) {
    problems.push({
      field: 'image_url',
      message: `model ${model} accepts at most ${max} reference images (got ${images.length})`,
    });
  }
}

function checkOneOf(
  body: Record<string, unknown>,
  field: string,
  allowed: readonly string[],
  problems: ValidationProblem[],
  model?: string,
): void {
  const value = body[field];
  if (value === undefined || (typeof value === 'string' && allowed.includes(value))) return;
  const scope = model ? ` for model ${model}` : '';
  problems.push({ field, message: `${field} must be one of: ${allowed.join(', ')}${scope}` });
}

function checkDuration(spec: VideoModel, value: unknown, problems: ValidationProblem[]): void {
  if (value === undefined || (value === 'auto' && spec.acceptsAutoDuration)) return;
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= spec.minSeconds &&
    value <= spec.maxSeconds
  ) {
    return;
  }
  const range = `an integer from ${spec.minSeconds} to ${spec.maxSeconds}`;
  const choices = spec.acceptsAutoDuration ? `auto or ${range}` : range;
  problems.push({
    field: 'duration',
    message: `duration must be ${choices} (seconds) for model ${spec.id}`,
  });
}

function checkMarkers(
  model: VideoModelId,
  prompt: string,
  imageCount: number,
  problems: ValidationProblem[],
): void {
  for (const index of new Set(referencedImageIndexes(model, prompt))) {
    if (index >= 0 && index < imageCount) continue;
    problems.push({
      field: 'prompt',
      message: `prompt refers to ${videoImageMarker(model, index)} but ${imageCount} reference image(s) were given`,
    });
  }
}
