/**
 * A set of results, one per value of one of the product's options ("one for each colour"):
 * which values can be made and from which image, and the generation of each.
 *
 * A value is made from the image its variants show (the first variant of that value, in the
 * product's order, that shows one), never from another value's photo: a red result made from the
 * blue photo would show the wrong colour on the red variant. A value none of whose variants shows
 * an image of its own is skipped, and the estimate and the answer say so. Each generation is the
 * request the merchant made (same scene, model and settings) with that one image as its source,
 * priced and checked like any other (new-generation.ts `intakeFor`), and carries its value and
 * variants (`variant`), which verify attaches it to (publish/variant-images.ts).
 */
import type { VariantSetEstimate, VariantValueView } from '../../app-api/contract.ts';
import { DEFAULT_VARIANT_OPTIONS } from '../../app-api/variant-sets.ts';
import type { AdminResult } from '../../shopify/admin-operations.ts';
import { PRODUCT_VARIANT_IMAGES } from '../../shopify/operations/variants.ts';
import type { NewGeneration, Priority } from '../generations/generation.ts';
import type { AdminGraphql } from './admin-graphql.ts';
import { SOURCE_IMAGE_TRANSFORM, THUMBNAIL_TRANSFORM } from './image-transforms.ts';
import { creditsFor } from './request-rules.ts';
import { englishText, type CodedText } from '../../app-api/error-codes.ts';
import type { FieldProblem } from '../../platform/errors.ts';
import { intakeFor, type GenerationRequest } from './new-generation.ts';

/** A variant as PRODUCT_VARIANT_IMAGES reads it: its options and the image it shows. */
type VariantNode = NonNullable<
  AdminResult<typeof PRODUCT_VARIANT_IMAGES>['product']
>['variants']['nodes'][number];

/** One value of the option, with the image its variants show (null: none of them shows one). */
export interface VariantValue {
  value: string;
  variantIds: string[];
  image: { mediaId: string; url: string; thumbnailUrl: string } | null;
}

export interface ProductVariants {
  id: string;
  title: string;
  imageUrl: string | null;
  optionNames: string[];
  variants: VariantNode[];
}

/** The product's options and variants with their images, or null when it is not in the shop. */
export async function loadProductVariants(
  admin: AdminGraphql,
  productId: string,
): Promise<ProductVariants | null> {
  const data = await admin.request(PRODUCT_VARIANT_IMAGES, {
    id: productId,
    source: SOURCE_IMAGE_TRANSFORM,
    thumbnail: THUMBNAIL_TRANSFORM,
  });
  const product = data.product;
  if (!product) return null;
  return {
    id: product.id,
    title: product.title,
    imageUrl: product.featuredMedia?.preview?.image?.url ?? null,
    optionNames: product.options.map((option) => option.name),
    variants: product.variants.nodes,
  };
}

/** The product's spelling of the option the merchant named (any case), or of Color / Colour. */
export function matchOption(optionNames: readonly string[], named?: string): string | null {
  const wanted = (named ? [named] : DEFAULT_VARIANT_OPTIONS).map((name) => name.toLowerCase());
  return optionNames.find((name) => wanted.includes(name.toLowerCase())) ?? null;
}

/** The option's values in the product's order, each with its variants and image. */
export function variantValues(product: ProductVariants, option: string): VariantValue[] {
  const values = new Map<string, VariantValue>();
  for (const variant of product.variants) {
    const value = variant.selectedOptions.find((selected) => selected.name === option)?.value;
    if (value === undefined) continue;
    const entry = values.get(value) ?? { value, variantIds: [], image: null };
    entry.variantIds.push(variant.id);
    const media = variant.media.nodes[0];
    if (!entry.image && media && 'image' in media && media.image) {
      entry.image = { mediaId: media.id, ...media.image };
    }
    values.set(value, entry);
  }
  return [...values.values()];
}

function skippedReason(option: string, value: string): CodedText {
  return { code: 'value_no_image', params: { option, value, other: option.toLowerCase() } };
}

export function variantSetEstimate(option: string, values: VariantValue[]): VariantSetEstimate {
  return {
    option,
    values: values.map((entry): VariantValueView => {
      const skipped = entry.image ? null : skippedReason(option, entry.value);
      return {
        value: entry.value,
        variantIds: entry.variantIds,
        mediaId: entry.image?.mediaId ?? null,
        thumbnailUrl: entry.image?.thumbnailUrl ?? null,
        skipped: skipped && englishText(skipped),
        skippedText: skipped,
      };
    }),
  };
}

export type VariantSetIntake =
  | {
      ok: true;
      /** Per value made. */
      credits: number;
      generations: NewGeneration[];
      estimate: VariantSetEstimate;
    }
  | { ok: false; credits: number; problems: FieldProblem[]; estimate: VariantSetEstimate | null };

/**
 * The set's generations for a product already read; `request.params` complete. Refused (nothing
 * made) when the option is not the product's, no value has an image, or the request itself would
 * be refused for a value (the first value's problems are the set's: they share everything but
 * the image).
 */
export function variantSetIntake(
  shop: string,
  product: ProductVariants,
  request: Omit<GenerationRequest, 'sourceMediaIds'>,
  options: { option?: string; setId: string; priority: Priority; bulkRunId?: string | null },
): VariantSetIntake {
  const option = matchOption(product.optionNames, options.option);
  const credits = creditsFor(request.kind, request.params);
  if (!option) {
    const named = options.option ?? DEFAULT_VARIANT_OPTIONS[0];
    const params = {
      title: product.title,
      option: named,
      options: product.optionNames.join(', ') || 'none',
    };
    const problem = { field: 'eachVariant', code: 'no_such_option', params } as const;
    return { ok: false, credits, problems: [problem], estimate: null };
  }
  const values = variantValues(product, option);
  const estimate = variantSetEstimate(option, values);
  const generations: NewGeneration[] = [];
  for (const entry of values) {
    if (!entry.image) continue;
    const intake = intakeFor(
      shop,
      {
        id: product.id,
        title: product.title,
        imageUrl: product.imageUrl,
        images: [{ id: entry.image.mediaId, url: entry.image.url }],
      },
      { ...request, sourceMediaIds: [entry.image.mediaId] },
      { priority: options.priority, bulkRunId: options.bulkRunId ?? null },
    );
    if (!intake.ok) return { ok: false, credits, problems: intake.problems, estimate };
    generations.push({
      ...intake.generation,
      productTitle: `${product.title} – ${entry.value}`,
      productImageUrl: entry.image.thumbnailUrl,
      variant: {
        setId: options.setId,
        option,
        value: entry.value,
        variantIds: entry.variantIds,
        previousMediaIds: null,
      },
    });
  }
  if (generations.length === 0) {
    const params = { option: option.toLowerCase(), title: product.title };
    const problem = { field: 'eachVariant', code: 'no_variant_image', params } as const;
    return { ok: false, credits, problems: [problem], estimate };
  }
  return { ok: true, credits, generations, estimate };
}
