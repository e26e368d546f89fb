/** Products, their variants and media: `products`, `product`, `productsCount`. */
import { PAGINATION_ARGS, connectionTypes, paginate } from '../graphql/connection.ts';
import { gid } from '../graphql/gid.ts';
import { compareNumber, searchItems, textMatches } from '../graphql/search-query.ts';
import { unsupported } from '../graphql/unsupported.ts';
import { productMedia } from '../store/emulator-store.ts';
import { mediaStatus } from '../media/lifecycle.ts';
import type { FileRecord, ProductRecord, ShopRecord, VariantRecord } from '../store/types.ts';
import { byIdField } from './by-id.ts';
import { presentFile } from './media.ts';
import {
  field,
  plain,
  type Args,
  type Presented,
  type ResolverContext,
  type ResolverMap,
} from './resolver-types.ts';

export interface PresentedProduct extends Presented {
  record: ProductRecord;
}

const stripTags = (html: string): string => html.replace(/<[^>]*>/g, '').trim();

export function presentProduct(product: ProductRecord): PresentedProduct {
  return {
    __typename: 'Product',
    record: product,
    id: gid('Product', product.id),
    legacyResourceId: String(product.id),
    title: product.title,
    handle: product.handle,
    status: product.status,
    vendor: product.vendor,
    productType: product.productType,
    descriptionHtml: product.descriptionHtml,
    tags: product.tags,
    createdAt: new Date(product.createdAt).toISOString(),
    updatedAt: new Date(product.updatedAt).toISOString(),
    totalInventory: product.variants.reduce((sum, v) => sum + v.inventoryQuantity, 0),
    hasOnlyDefaultVariant:
      product.variants.length === 1 && product.variants[0]?.title === 'Default Title',
    mediaCount: exactCount(product.mediaIds.length),
    variantsCount: exactCount(product.variants.length),
  };
}

export function exactCount(count: number) {
  return { __typename: 'Count', count, precision: 'EXACT' };
}

export function presentVariant(product: ProductRecord, variant: VariantRecord): Presented {
  return {
    __typename: 'ProductVariant',
    product,
    id: gid('ProductVariant', variant.id),
    legacyResourceId: String(variant.id),
    title: variant.title,
    displayName: `${product.title} - ${variant.title}`,
    price: variant.price,
    sku: variant.sku,
    position: variant.position,
    inventoryQuantity: variant.inventoryQuantity,
    availableForSale: variant.inventoryQuantity > 0,
  };
}

const PRODUCT_SEARCH = {
  default: (p: ProductRecord, t: { value: string }) =>
    [p.title, p.vendor, p.productType, ...p.tags].some((text) => textMatches(text, t.value)),
  title: (p: ProductRecord, t: { value: string }) => textMatches(p.title, t.value),
  handle: (p: ProductRecord, t: { value: string }) => textMatches(p.handle, t.value),
  vendor: (p: ProductRecord, t: { value: string }) => textMatches(p.vendor, t.value),
  product_type: (p: ProductRecord, t: { value: string }) => textMatches(p.productType, t.value),
  status: (p: ProductRecord, t: { value: string }) =>
    t.value.split(',').some((s) => s.trim().toUpperCase() === p.status),
  tag: (p: ProductRecord, t: { value: string }) => p.tags.some((tag) => textMatches(tag, t.value)),
  id: (p: ProductRecord, t: Parameters<typeof compareNumber>[1]) => compareNumber(p.id, t),
};

/** Product.media's search fields (media_type is what apps filter images with). */
function mediaSearch(ctx: ResolverContext) {
  return {
    default: (f: FileRecord, t: { value: string }) => textMatches(f.alt, t.value),
    media_type: (f: FileRecord, t: { value: string }) =>
      t.value.split(',').some((type) => MEDIA_CONTENT_TYPES[type.trim().toUpperCase()] === f.kind),
    status: (f: FileRecord, t: { value: string }) =>
      mediaStatus(f.processing, ctx.emu.clock.now()) === t.value.toUpperCase(),
    id: (f: FileRecord, t: Parameters<typeof compareNumber>[1]) => compareNumber(f.id, t),
  };
}

/** MediaContentType values the emulator serves, by the kind of record behind them. */
const MEDIA_CONTENT_TYPES: Record<string, FileRecord['kind']> = { IMAGE: 'IMAGE', VIDEO: 'VIDEO' };

const PRODUCT_SORT: Record<string, (a: ProductRecord, b: ProductRecord) => number> = {
  ID: (a, b) => a.id - b.id,
  TITLE: (a, b) => a.title.localeCompare(b.title) || a.id - b.id,
  CREATED_AT: (a, b) => a.createdAt - b.createdAt || a.id - b.id,
  UPDATED_AT: (a, b) => a.updatedAt - b.updatedAt || a.id - b.id,
};

export function searchProducts(
  shop: ShopRecord,
  query: unknown,
  sortKey: unknown = 'ID',
): ProductRecord[] {
  const sort = PRODUCT_SORT[String(sortKey)];
  if (!sort) throw unsupported(`sortKey ${String(sortKey)}`);
  return searchItems(shop.products.values(), query, PRODUCT_SEARCH).sort(sort);
}

export function productConnection(products: readonly ProductRecord[], args: Args) {
  return paginate(products, args, presentProduct);
}

export const productResolvers: ResolverMap = {
  QueryRoot: {
    products: field(
      (_: unknown, args: Args, { shop }: ResolverContext) =>
        productConnection(searchProducts(shop, args['query'], args['sortKey']), args),
      [...PAGINATION_ARGS, 'query', 'sortKey'],
    ),
    product: byIdField('Product', (shop) => shop.products, presentProduct),
    productsCount: field(
      (_: unknown, args: Args, { shop }: ResolverContext) => {
        const total = searchProducts(shop, args['query']).length;
        const limit = typeof args['limit'] === 'number' ? args['limit'] : null;
        return limit !== null && total > limit
          ? { __typename: 'Count', count: limit, precision: 'AT_LEAST' }
          : exactCount(total);
      },
      ['query', 'limit'],
    ),
  },
  Product: {
    ...plain(
      'id',
      'legacyResourceId',
      'title',
      'handle',
      'status',
      'vendor',
      'productType',
      'descriptionHtml',
      'tags',
      'createdAt',
      'updatedAt',
      'totalInventory',
      'hasOnlyDefaultVariant',
      'mediaCount',
      'variantsCount',
    ),
    description: field(
      (p: PresentedProduct, args: { truncateAt?: number | null }) => {
        const text = stripTags(p.record.descriptionHtml);
        return args.truncateAt && text.length > args.truncateAt
          ? `${text.slice(0, args.truncateAt)}...`
          : text;
      },
      ['truncateAt'],
    ),
    featuredMedia: field((p: PresentedProduct, _args, ctx: ResolverContext) => {
      const first = productMedia(ctx.shop, p.record)[0];
      return first ? presentFile(ctx, first) : null;
    }),
    media: field(
      (p: PresentedProduct, args: Args, ctx: ResolverContext) => {
        const media = searchItems(
          productMedia(ctx.shop, p.record),
          args['query'],
          mediaSearch(ctx),
        );
        return paginate(media, args, (f) => presentFile(ctx, f));
      },
      [...PAGINATION_ARGS, 'query'],
    ),
    variants: field(
      (p: PresentedProduct, args: Args) =>
        paginate(p.record.variants, args, (v) => presentVariant(p.record, v)),
      PAGINATION_ARGS,
    ),
  },
  ProductVariant: {
    ...plain(
      'id',
      'legacyResourceId',
      'title',
      'displayName',
      'price',
      'sku',
      'position',
      'inventoryQuantity',
      'availableForSale',
    ),
    product: field((v: { product: ProductRecord }) => presentProduct(v.product)),
  },
  Count: plain('count', 'precision'),
  ...connectionTypes('Product', 'ProductVariant', 'Media'),
};
