/**
 * The product images a generation sends to ProductAI, read from the Admin API.
 *
 * The merchant chooses images (by MediaImage id); the model decides how many it takes: a
 * multi-image model gets as many of the chosen ones as it allows, a single-image model the first,
 * a text-to-image model (gpt-2, gpt-1.5, seedance video) may get none. A request the model
 * cannot serve (no image for a model that needs one) is refused here, in the merchant's words,
 * before anything is charged.
 */
import type { GenerationKind, GenerationParams, ProductImage } from '../../app-api/contract.ts';
import {
  IMAGE_MODELS,
  IMAGE_MODEL_IDS,
  VIDEO_MODELS,
  VIDEO_MODEL_IDS,
} from '../../productai/catalogue.ts';
import type { AdminResult } from '../../shopify/admin-operations.ts';
import { PRODUCT_IMAGES } from '../../shopify/operations/products.ts';
import type { AdminGraphql } from './admin-graphql.ts';
import { SOURCE_IMAGE_TRANSFORM, THUMBNAIL_TRANSFORM } from './image-transforms.ts';
import { referenceImageRange } from './request-rules.ts';
import { kindText, type CodedText, type TextParam } from '../../app-api/error-codes.ts';
import { modelNameText } from '../../app-api/models.ts';

/** Shopify allows 250 media per product; a picker showing 100 images is already generous. */
export const MAX_PRODUCT_IMAGES = 100;

export interface ProductWithImages {
  id: string;
  title: string;
  /** Thumbnail of the featured media, if the product has one. */
  imageUrl: string | null;
  featuredMediaId: string | null;
  /** Images in position order; `url` is the source transform, safe to send to ProductAI. */
  images: ProductImage[];
}

/**
 * Which of the product's images to read. Without one, the picker's first MAX_PRODUCT_IMAGES.
 * With `ids`, only as far as the last of them (the first page is as long as the list, later
 * pages double): a generation asks for 2 points of cost per image it may use, not 200 for a
 * full picker (bench/api-generations-burst.ts). `atLeast` reads that many first images too.
 */
export interface ImagesNeeded {
  ids?: readonly string[];
  atLeast?: number;
}

/** The product and its images, or null when the shop has no such product. */
export async function loadProductImages(
  admin: AdminGraphql,
  productId: string,
  needed?: ImagesNeeded,
): Promise<ProductWithImages | null> {
  const wanted = new Set(needed?.ids ?? []);
  let pageSize = needed
    ? Math.min(MAX_PRODUCT_IMAGES, Math.max(1, wanted.size, needed.atLeast ?? 0))
    : MAX_PRODUCT_IMAGES;
  const images: ProductImage[] = [];
  let read = 0;
  let after: string | null = null;
  for (;;) {
    // Typed here: `after`, one of its variables, is read from the page before.
    const data: AdminResult<typeof PRODUCT_IMAGES> = await admin.request(PRODUCT_IMAGES, {
      id: productId,
      first: pageSize,
      after,
      source: SOURCE_IMAGE_TRANSFORM,
      thumbnail: THUMBNAIL_TRANSFORM,
    });
    const product = data.product;
    if (!product) return null;
    const { nodes, pageInfo } = product.media;
    read += nodes.length;
    for (const node of nodes) {
      wanted.delete(node.id);
      // An image still processing on Shopify has no image yet: it cannot be sent.
      if (!('image' in node) || !node.image) continue;
      images.push({
        id: node.id,
        url: node.image.url,
        thumbnailUrl: node.image.thumbnailUrl,
        altText: node.alt,
        width: node.image.width,
        height: node.image.height,
      });
    }
    const more = pageInfo.hasNextPage && read < MAX_PRODUCT_IMAGES;
    if (!needed || wanted.size === 0 || !more) {
      return {
        id: product.id,
        title: product.title,
        imageUrl: product.featuredMedia?.preview?.image?.url ?? null,
        featuredMediaId: product.featuredMedia?.id ?? null,
        images,
      };
    }
    after = pageInfo.endCursor;
    pageSize = Math.min(pageSize * 2, MAX_PRODUCT_IMAGES - read);
  }
}

export interface SourceImage {
  mediaId: string;
  url: string;
}

export type SourceChoice =
  | {
      ok: true;
      images: SourceImage[];
      /** Chosen images beyond what the model takes, in the merchant's order. */
      leftOutMediaIds: string[];
    }
  | { ok: false; reason: CodedText; field: 'sourceMediaIds' | 'model' };

/**
 * The images to send, in the merchant's order, capped at what the model takes (the rest are
 * reported as left out); or why the
 * generation cannot be made. `available` are images known to be on the product.
 */
export function chooseSourceImages(
  kind: GenerationKind,
  params: GenerationParams,
  product: { title: string; images: readonly { id: string; url: string }[] },
  chosenIds: readonly string[],
): SourceChoice {
  const range = referenceImageRange(kind, params);
  if (!range) return { ok: false, field: 'model', reason: unknownModel(kind, params.model) };
  const byId = new Map(product.images.map((image) => [image.id, image] as const));
  const chosen: SourceImage[] = [];
  for (const id of new Set(chosenIds)) {
    const image = byId.get(id);
    if (!image) {
      return {
        ok: false,
        field: 'sourceMediaIds',
        reason: { code: 'image_gone', params: { title: product.title } },
      };
    }
    chosen.push({ mediaId: id, url: image.url });
  }
  if (chosen.length < range.min) {
    return {
      ok: false,
      field: 'sourceMediaIds',
      reason: missingImageReason(kind, params, product.title, product.images.length, range.min),
    };
  }
  return {
    ok: true,
    images: chosen.slice(0, range.max),
    leftOutMediaIds: chosen.slice(range.max).map((image) => image.mediaId),
  };
}

function missingImageReason(
  kind: GenerationKind,
  params: GenerationParams,
  title: string,
  productImageCount: number,
  min: number,
): CodedText {
  const need =
    kind === 'upscale'
      ? { code: 'upscale_needs_image' as const }
      : modelNeed(kind, params.model, min);
  if (productImageCount > 0) return { code: 'choose_images', params: { need, count: min, title } };
  const models = kind === 'upscale' ? [] : textOnlyModels(kind);
  if (models.length === 0) return { code: 'no_images', params: { title, need } };
  return { code: 'no_images_or_model', params: { title, need, models } };
}

/** The names of the models of `kind` that work without a product image. */
function textOnlyModels(kind: 'photo' | 'video'): TextParam[] {
  const models =
    kind === 'video'
      ? VIDEO_MODEL_IDS.filter((id) => VIDEO_MODELS[id].minImages === 0)
      : IMAGE_MODEL_IDS.filter((id) => !IMAGE_MODELS[id].requiresImage);
  return models.map((id) => modelNameText(id));
}

/** What the model needs, named in the words every screen uses ("Balanced"), not ProductAI's id. */
function modelNeed(kind: 'photo' | 'video', model: string | undefined, min: number): CodedText {
  const kindWord = kindText(kind);
  if (!model) return { code: 'kind_needs_images', params: { kind: kindWord, count: min } };
  return {
    code: 'model_needs_images',
    params: { kind: kindWord, model: modelNameText(model), count: min },
  };
}

function unknownModel(kind: GenerationKind, model: string | undefined): CodedText {
  const known = kind === 'video' ? VIDEO_MODEL_IDS : IMAGE_MODEL_IDS;
  return {
    code: 'unknown_model',
    params: { kind: kindText(kind), model: model ?? '', models: known.join(', ') },
  };
}
