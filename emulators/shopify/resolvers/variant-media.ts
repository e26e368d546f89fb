/**
 * Options and variant images: `Product.options`, `ProductVariant.selectedOptions` and
 * `ProductVariant.media`, and the mutations that give a variant its image or take it away,
 * `productVariantAppendMedia` and `productVariantDetachMedia` (2026-10; `ProductVariant.image`
 * is deprecated there and not served).
 *
 * As on Shopify, a variant shows one image at most, chosen among its product's media: appending
 * to a variant that has one is refused (PRODUCT_VARIANT_ALREADY_HAS_MEDIA), so changing it is a
 * detach then an append. A mutation is all or nothing: any userError and nothing changes.
 * Options are not stored: they are read from the variants' selected options, names and values
 * in the order the variants first use them (Shopify keeps them in that order too).
 */
import { paginate, PAGINATION_ARGS } from '../graphql/connection.ts';
import { gid, parseGid } from '../graphql/gid.ts';
import { mediaStatus } from '../media/lifecycle.ts';
import type { ProductRecord, ShopRecord, VariantRecord } from '../store/types.ts';
import { recordById } from './by-id.ts';
import { userError, type UserErrorShape } from './input-guard.ts';
import { presentFile } from './media.ts';
import { presentProduct, presentVariant } from './products.ts';
import {
  field,
  plain,
  type Args,
  type ResolverContext,
  type ResolverMap,
} from './resolver-types.ts';

interface VariantMediaInput {
  variantId: string;
  mediaIds: string[];
}

interface VariantMediaArgs {
  productId: string;
  variantMedia: VariantMediaInput[];
}

interface PresentedVariant {
  id: string;
  product: ProductRecord;
}

function variantRecord(source: PresentedVariant): VariantRecord | undefined {
  const id = parseGid(source.id)?.id;
  return source.product.variants.find((variant) => variant.id === id);
}

function productOptions(product: ProductRecord) {
  const names = new Map<string, string[]>();
  for (const variant of product.variants) {
    for (const { name, value } of variant.selectedOptions) {
      const values = names.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      names.set(name, values);
    }
  }
  return [...names.entries()].map(([name, values], index) => ({
    __typename: 'ProductOption',
    id: gid('ProductOption', `${product.id}${index + 1}`),
    name,
    position: index + 1,
    values,
    optionValues: values.map((value, valueIndex) => ({
      __typename: 'ProductOptionValue',
      id: gid('ProductOptionValue', `${product.id}${index + 1}${valueIndex + 1}`),
      name: value,
      hasVariants: true,
    })),
  }));
}

/** The pairs' problems, or the variants and media ids they name once all are valid. */
/** A pair that names a variant and a media of the product, with its place in the input. */
interface PlannedPair {
  variant: VariantRecord;
  mediaId: number;
  index: number;
}

function checkPairs(
  ctx: ResolverContext,
  product: ProductRecord,
  pairs: readonly VariantMediaInput[],
): { errors: UserErrorShape[]; plan: PlannedPair[] } {
  const errors: UserErrorShape[] = [];
  const plan: PlannedPair[] = [];
  const seen = new Set<number>();
  pairs.forEach((pair, index) => {
    const at = (...rest: string[]) => ['variantMedia', String(index), ...rest];
    const variantId = parseGid(pair.variantId)?.id;
    const variant = product.variants.find((candidate) => candidate.id === variantId);
    if (!variant) {
      errors.push(
        userError(
          at('variantId'),
          `Variant ${pair.variantId} does not exist on the product`,
          'PRODUCT_VARIANT_DOES_NOT_EXIST_ON_PRODUCT',
        ),
      );
      return;
    }
    if (seen.has(variant.id)) {
      errors.push(
        userError(
          at('variantId'),
          'A variant can be specified only once',
          'PRODUCT_VARIANT_SPECIFIED_MULTIPLE_TIMES',
        ),
      );
      return;
    }
    seen.add(variant.id);
    if (pair.mediaIds.length !== 1) {
      errors.push(
        userError(
          at('mediaIds'),
          'Exactly one media can be given for a variant',
          'TOO_MANY_MEDIA_PER_INPUT_PAIR',
        ),
      );
      return;
    }
    const mediaId = parseGid(pair.mediaIds[0])?.id ?? -1;
    const file = ctx.shop.files.get(mediaId);
    if (!file || !product.mediaIds.includes(mediaId)) {
      errors.push(
        userError(
          at('mediaIds'),
          `Media ${pair.mediaIds[0]} does not exist on the product`,
          'MEDIA_DOES_NOT_EXIST_ON_PRODUCT',
        ),
      );
      return;
    }
    plan.push({ variant, mediaId, index });
  });
  return { errors, plan };
}

function answer(product: ProductRecord, variants: VariantRecord[]) {
  return {
    product: presentProduct(product),
    productVariants: variants.map((variant) => presentVariant(product, variant)),
    userErrors: [],
  };
}

const refused = (errors: UserErrorShape[]) => ({
  product: null,
  productVariants: null,
  userErrors: errors,
});

function productOf(shop: ShopRecord, id: string): ProductRecord | undefined {
  return recordById(shop.products, id, 'Product');
}

function productVariantAppendMedia(_: unknown, args: VariantMediaArgs, ctx: ResolverContext) {
  const product = productOf(ctx.shop, args.productId);
  if (!product) {
    return refused([userError(['productId'], 'Product does not exist', 'PRODUCT_DOES_NOT_EXIST')]);
  }
  const { errors, plan } = checkPairs(ctx, product, args.variantMedia);
  const now = ctx.emu.clock.now();
  plan.forEach(({ variant, mediaId, index }) => {
    const file = ctx.shop.files.get(mediaId)!;
    const at = ['variantMedia', String(index), 'mediaIds'];
    if (file.kind !== 'IMAGE') {
      errors.push(userError(at, 'Only images can be a variant’s media', 'INVALID_MEDIA_TYPE'));
    } else if (mediaStatus(file.processing, now) !== 'READY') {
      errors.push(
        userError(at, 'Non-ready media cannot be attached to variants', 'NON_READY_MEDIA'),
      );
    } else if (variant.mediaId !== null) {
      errors.push(
        userError(
          ['variantMedia', String(index), 'variantId'],
          'The variant already has media',
          'PRODUCT_VARIANT_ALREADY_HAS_MEDIA',
        ),
      );
    }
  });
  if (errors.length > 0) return refused(errors);
  for (const { variant, mediaId } of plan) variant.mediaId = mediaId;
  product.updatedAt = now;
  return answer(
    product,
    plan.map(({ variant }) => variant),
  );
}

function productVariantDetachMedia(_: unknown, args: VariantMediaArgs, ctx: ResolverContext) {
  const product = productOf(ctx.shop, args.productId);
  if (!product) {
    return refused([userError(['productId'], 'Product does not exist', 'PRODUCT_DOES_NOT_EXIST')]);
  }
  const { errors, plan } = checkPairs(ctx, product, args.variantMedia);
  plan.forEach(({ variant, mediaId, index }) => {
    if (variant.mediaId !== mediaId) {
      errors.push(
        userError(
          ['variantMedia', String(index), 'mediaIds'],
          'The media is not attached to the variant',
          'MEDIA_IS_NOT_ATTACHED_TO_VARIANT',
        ),
      );
    }
  });
  if (errors.length > 0) return refused(errors);
  for (const { variant } of plan) variant.mediaId = null;
  product.updatedAt = ctx.emu.clock.now();
  return answer(
    product,
    plan.map(({ variant }) => variant),
  );
}

export const variantMediaResolvers: ResolverMap = {
  Product: {
    options: field(
      (p: { record: ProductRecord }, args: Args) => {
        const options = productOptions(p.record);
        return typeof args['first'] === 'number' ? options.slice(0, args['first']) : options;
      },
      ['first'],
    ),
  },
  ProductOption: plain('id', 'name', 'position', 'values', 'optionValues'),
  ProductOptionValue: plain('id', 'name', 'hasVariants'),
  ProductVariant: {
    selectedOptions: field((v: PresentedVariant) =>
      (variantRecord(v)?.selectedOptions ?? []).map((option) => ({
        __typename: 'SelectedOption',
        ...option,
      })),
    ),
    media: field((v: PresentedVariant, args: Args, ctx: ResolverContext) => {
      const mediaId = variantRecord(v)?.mediaId ?? null;
      const file = mediaId === null ? undefined : ctx.shop.files.get(mediaId);
      return paginate(file ? [file] : [], args, (record) => presentFile(ctx, record));
    }, PAGINATION_ARGS),
  },
  SelectedOption: plain('name', 'value'),
  Mutation: {
    productVariantAppendMedia: field<unknown, VariantMediaArgs & Args>(productVariantAppendMedia, [
      'productId',
      'variantMedia',
    ]),
    productVariantDetachMedia: field<unknown, VariantMediaArgs & Args>(productVariantDetachMedia, [
      'productId',
      'variantMedia',
    ]),
  },
  ProductVariantAppendMediaPayload: plain('product', 'productVariants', 'userErrors'),
  ProductVariantDetachMediaPayload: plain('product', 'productVariants', 'userErrors'),
  MediaUserError: plain('field', 'message', 'code'),
};
