/**
 * From a merchant's request to a generation ready to be queued: parameters completed from the
 * shop's defaults, the chosen product images resolved to URLs ProductAI accepts, the price, and
 * every reason it would be refused. Nothing is created or charged when there is a problem.
 * Used by the create, estimate and retry routes (interactive) and by bulk runs (per product).
 */
import type { GenerationKind, GenerationParams } from '../../app-api/contract.ts';
import type { FieldProblem } from '../../platform/errors.ts';
import type { NewGeneration, Priority } from '../generations/generation.ts';
import { newGenerationId } from '../generations/ids.ts';
import type { AdminGraphql } from './admin-graphql.ts';
import {
  completeParams,
  creditsFor,
  referenceImageRange,
  requestProblems,
  type ParamDefaults,
} from './request-rules.ts';
import { chooseSourceImages, loadProductImages, type SourceImage } from './source-images.ts';

export interface GenerationRequest {
  productId: string;
  kind: GenerationKind;
  params: GenerationParams;
  /** The product's images to send, in order (MediaImage gids). */
  sourceMediaIds: readonly string[];
}

/** `leftOutMediaIds`: chosen images the model does not take (the merchant is told which). */
export type Intake =
  | { ok: true; credits: number; generation: NewGeneration; leftOutMediaIds: string[] }
  | { ok: false; credits: number; problems: FieldProblem[]; leftOutMediaIds: string[] };

export interface ProductSnapshot {
  id: string;
  title: string;
  imageUrl: string | null;
  images: readonly { id: string; url: string }[];
}

/** Reads the product from the Admin API, then `intakeFor` it. */
export async function prepareGeneration(
  admin: AdminGraphql,
  shop: string,
  defaults: ParamDefaults,
  request: GenerationRequest,
  options: {
    priority: Priority;
    retryOf?: string | null;
    /**
     * With no image chosen, take the product's first ones if the model needs some (a retry of
     * a bulk item skipped because the product had no image then).
     */
    firstImagesIfNoneChosen?: boolean;
  },
): Promise<Intake> {
  const params = completeParams(request.kind, request.params, defaults);
  const needed = referenceImageRange(request.kind, params)?.min ?? 0;
  const firstImages = options.firstImagesIfNoneChosen && request.sourceMediaIds.length === 0;
  const product = await loadProductImages(admin, request.productId, {
    ids: request.sourceMediaIds,
    atLeast: firstImages ? needed : 0,
  });
  if (!product) {
    return {
      ok: false,
      credits: creditsFor(request.kind, params),
      problems: [{ field: 'productId', code: 'product_not_found' }],
      leftOutMediaIds: [],
    };
  }
  const sourceMediaIds = firstImages
    ? product.images.slice(0, needed).map((image) => image.id)
    : request.sourceMediaIds;
  return intakeFor(shop, product, { ...request, params, sourceMediaIds }, options);
}

/**
 * The generation for a product already read (bulk runs read products a page at a time).
 * `request.params` must already be complete (see `completeParams`).
 */
export function intakeFor(
  shop: string,
  product: ProductSnapshot,
  request: GenerationRequest,
  options: { priority: Priority; retryOf?: string | null; bulkRunId?: string | null },
): Intake {
  const { kind, params } = request;
  const credits = creditsFor(kind, params);
  const choice = chooseSourceImages(kind, params, product, request.sourceMediaIds);
  if (!choice.ok) {
    const problems = [{ field: choice.field, ...choice.reason }];
    return { ok: false, credits, problems, leftOutMediaIds: [] };
  }
  const { leftOutMediaIds } = choice;
  const problems = requestProblems(kind, params, choice.images.length);
  if (problems.length > 0) return { ok: false, credits, problems, leftOutMediaIds };
  return {
    ok: true,
    credits,
    leftOutMediaIds,
    generation: {
      shop,
      kind,
      productId: product.id,
      productTitle: product.title,
      productImageUrl: product.imageUrl,
      sourceMediaIds: choice.images.map((image: SourceImage) => image.mediaId),
      sourceImageUrls: choice.images.map((image: SourceImage) => image.url),
      params,
      estimatedCredits: credits,
      priority: options.priority,
      bulkRunId: options.bulkRunId ?? null,
      retryOf: options.retryOf ?? null,
    },
  };
}

/**
 * The generations of a request for `count` options: with one, the request itself; with more,
 * that many copies sharing a new option-group id (each is its own ProductAI job and charge, and
 * waits in review so the merchant can choose). `nowMs` stamps the group id like a generation id.
 */
export function asCandidates(
  generation: NewGeneration,
  count: number,
  nowMs: number,
): NewGeneration[] {
  if (count <= 1) return [generation];
  const optionGroup = newGenerationId(nowMs);
  return Array.from({ length: count }, () => ({ ...generation, optionGroup }));
}
