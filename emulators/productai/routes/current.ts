/**
 * The current interface, /v1/api: x-api-key authentication, `{ status: 'OK', data }` envelope,
 * 400 ApiError bodies. A submission is checked in this order, so that nothing is charged for a
 * request that fails: rate limit (generation only) → key → body → catalogue rules → balance →
 * input downloads → charge → job. Download failures are 400s, as the spec says.
 */
import type { Account } from '../accounts.ts';
import { authenticateApiKey } from '../auth.ts';
import { BodyError, readJson } from '../http/body.ts';
import type { RequestContext } from '../http/context.ts';
import { replyJson } from '../http/context.ts';
import { isMultipart } from '../http/multipart.ts';
import type { Router } from '../http/router.ts';
import {
  apiError,
  INVALID_KEY,
  MISSING_KEY,
  outOfTokens,
  tooManyGenerations,
  tooManyUploads,
} from '../errors.ts';
import { ImageInputError, type InputImage } from '../images/inspect.ts';
import { readUpload } from '../images/upload.ts';
import { fetchAll } from '../images/source.ts';
import { UPSCALE_PROMPT } from '../jobs/job.ts';
import type { RenderPlan } from '../render/plan.ts';
import { upscaleRefusal } from '../render/upscale.ts';
import { bindsStyleReference } from '../render/style-reference.ts';
import type { EmulatorState } from '../state.ts';
import { currentJob } from '../views.ts';
import {
  billedVideoSeconds,
  estimateCredits,
  IMAGE_DEFAULTS,
  IMAGE_MODELS,
  validateRequest,
  VIDEO_MODELS,
  type GenerateImageRequest,
  type GenerateVideoRequest,
  type RequestByKind,
  type RequestKind,
  type UpscaleRequest,
} from '../../../src/productai/catalogue.ts';

type Authed = (ctx: RequestContext, account: Account) => Promise<void> | void;

export function addCurrentRoutes(router: Router, state: EmulatorState): void {
  const authed =
    (handler: Authed) =>
    (ctx: RequestContext): Promise<void> | void => {
      const auth = authenticateApiKey(ctx.req, state.accounts);
      if (!auth.ok)
        return replyJson(ctx, auth.status, auth.status === 401 ? MISSING_KEY : INVALID_KEY);
      return handler(ctx, auth.account);
    };
  const limited =
    (handler: (ctx: RequestContext) => Promise<void> | void) =>
    (ctx: RequestContext): Promise<void> | void => {
      const decision = state.generationLimiter.take(ctx.ip);
      if (decision.allowed) return handler(ctx);
      const body = tooManyGenerations(state.generationLimiter.window);
      replyTooMany(ctx, body, decision.retryAfterMs);
    };

  router.add(
    'GET',
    '/v1/api/key-check',
    authed((ctx) => replyJson(ctx, 200, { status: 'OK' })),
  );

  router.add(
    'POST',
    '/v1/api/generate',
    limited(authed((ctx, account) => submit(ctx, account, state, 'image'))),
  );
  router.add(
    'POST',
    '/v1/api/generate-video',
    limited(authed((ctx, account) => submit(ctx, account, state, 'video'))),
  );
  router.add(
    'POST',
    '/v1/api/upscale',
    authed((ctx, account) => submit(ctx, account, state, 'upscale')),
  );

  router.add(
    'GET',
    '/v1/api/job/:id',
    authed((ctx, account) => {
      const raw = ctx.params.id ?? '';
      const job = state.jobs.ownedBy(account.key, raw);
      if (!job) {
        return replyJson(
          ctx,
          400,
          apiError('Job not found', `No job with id ${raw} exists for this API key`),
        );
      }
      job.reads.push({ at: state.clock.now(), api: 'current', status: job.status, progress: null });
      replyJson(ctx, 200, { status: 'OK', data: currentJob(job) });
    }),
  );

  router.add(
    'POST',
    '/v1/api/upload-asset',
    authed(async (ctx, account) => {
      const decision = state.uploadLimiter.take(account.key);
      if (!decision.allowed) {
        return replyTooMany(ctx, tooManyUploads(state.uploadLimiter.window), decision.retryAfterMs);
      }
      const image = await readUploadedImage(ctx);
      if (!image) return;
      const asset = await state.assets.create(account.key, image.image, image.filename, []);
      replyJson(ctx, 200, {
        status: 'OK',
        data: { id: asset.id, image_url: state.cdnUrl(asset.file), mimetype: asset.mimetype },
      });
    }),
  );
}

/** A 429 with the limiter's body and a Retry-After header in whole seconds. */
function replyTooMany(ctx: RequestContext, body: { error: string }, retryAfterMs: number): void {
  replyJson(ctx, 429, body, { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) });
}

async function submit(
  ctx: RequestContext,
  account: Account,
  state: EmulatorState,
  kind: RequestKind,
): Promise<void> {
  const receivedAt = state.clock.now();
  let body: unknown;
  try {
    body = await readJson(ctx.req);
  } catch (error) {
    if (error instanceof BodyError)
      return replyJson(ctx, 400, apiError('Invalid request body', error.message));
    throw error;
  }
  const problems = validateRequest(kind, body);
  if (problems.length > 0) {
    const details = problems.map((p) => `${p.field}: ${p.message}`).join('; ');
    return replyJson(ctx, 400, apiError(problems[0]!.message, details));
  }
  const request = { kind, body } as Submitted;
  const cost = estimateCredits(kind, body as RequestByKind[typeof kind]);
  if (account.credits < cost) return replyJson(ctx, 400, outOfTokens(cost, account.credits));

  let plan: RenderPlan;
  try {
    plan = await planFor(request, state);
  } catch (error) {
    if (error instanceof ImageInputError)
      return replyJson(ctx, 400, apiError(error.message, error.details));
    throw error;
  }
  if (state.faults.take('slowIntakeNext'))
    await new Promise((resolve) => setTimeout(resolve, state.faults.intakeDelayMs));
  // The balance is checked again at the moment of charging: downloads take time and another
  // submission of the same account may have spent the credits meanwhile.
  if (!state.accounts.charge(account, cost))
    return replyJson(ctx, 400, outOfTokens(cost, account.credits));
  const upscale = request.kind === 'upscale';
  const job = state.jobs.submit({
    accountKey: account.key,
    kind,
    model: upscale ? 'upscale' : request.body.model,
    prompt: upscale ? UPSCALE_PROMPT : request.body.prompt,
    credits: cost,
    plan,
    receivedAt,
  });
  const data =
    kind === 'video'
      ? { id: job.id, status: job.status }
      : { id: job.id, status: job.status, prompt: job.prompt };
  replyJson(ctx, 200, { status: 'OK', data });
}

/** A request body that passed the catalogue's rules, tagged with its kind. */
type Submitted =
  | { kind: 'image'; body: GenerateImageRequest }
  | { kind: 'video'; body: GenerateVideoRequest }
  | { kind: 'upscale'; body: UpscaleRequest };

/** Downloads the inputs and fixes every default: what the job will render. */
async function planFor(request: Submitted, state: EmulatorState): Promise<RenderPlan> {
  const urls = (body: { image_url?: string | readonly string[] }): string[] =>
    typeof body.image_url === 'string' ? [body.image_url] : [...(body.image_url ?? [])];
  if (request.kind === 'upscale') {
    const image = await state.imageSource(request.body.image_url);
    const refusal = upscaleRefusal(image);
    if (refusal) throw new ImageInputError('Image is too large to upscale', refusal);
    return { kind: 'upscale', image };
  }
  if (request.kind === 'image') {
    const body = request.body;
    const model = IMAGE_MODELS[body.model];
    // Single-image models use only the first URL; the rest are not even downloaded.
    const used = model.maxReferenceImages === 1 ? urls(body).slice(0, 1) : urls(body);
    const images = await fetchAll(state.imageSource, used);
    // A single-image model sees only the product: there is no last image to follow.
    const styled = model.maxReferenceImages > 1 && bindsStyleReference(body.prompt);
    const style = styled && images.length > 0 ? images.pop() : undefined;
    return {
      kind: 'image',
      prompt: body.prompt,
      images,
      ...(style ? { style } : {}),
      aspectRatio: body.aspect_ratio ?? IMAGE_DEFAULTS.aspect_ratio,
      resolution: model.acceptsResolution ? (body.resolution ?? IMAGE_DEFAULTS.resolution) : null,
      outputFormat: body.output_format ?? IMAGE_DEFAULTS.output_format,
    };
  }
  const body = request.body;
  const model = VIDEO_MODELS[body.model];
  return {
    kind: 'video',
    prompt: body.prompt,
    images: await fetchAll(state.imageSource, urls(body)),
    resolution: body.resolution ?? model.defaultResolution,
    aspectRatio: body.aspect_ratio ?? model.defaultAspectRatio,
    seconds: billedVideoSeconds(body),
    audio: model.acceptsAudio && (body.generate_audio ?? true),
  };
}

/** The checked `file` of an upload; answers the 400 itself and returns null on failure. */
async function readUploadedImage(
  ctx: RequestContext,
): Promise<{ image: InputImage; filename: string } | null> {
  const refuse = (message: string, details: string) => {
    replyJson(ctx, 400, apiError(message, details));
    return null;
  };
  if (!isMultipart(ctx.req)) {
    return refuse('file is required', 'Send the image as multipart/form-data in the field "file"');
  }
  try {
    const upload = await readUpload(ctx.req);
    if (!upload.image) return refuse('file is required', 'The multipart body has no field "file"');
    return { image: upload.image, filename: upload.filename || 'upload' };
  } catch (error) {
    if (error instanceof ImageInputError) return refuse(error.message, error.details);
    if (error instanceof BodyError) return refuse('Invalid request body', error.message);
    throw error;
  }
}
