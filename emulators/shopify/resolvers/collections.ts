/** Collections and the products in them: `collections`, `collection`, `Product.collections`. */
import { PAGINATION_ARGS, connectionTypes, paginate } from '../graphql/connection.ts';
import { gid, requireIdOfType } from '../graphql/gid.ts';
import { compareNumber, searchItems, textMatches } from '../graphql/search-query.ts';
import { unsupported } from '../graphql/unsupported.ts';
import type { CollectionRecord, ProductRecord, ShopRecord } from '../store/types.ts';
import { byIdField } from './by-id.ts';
import { exactCount, productConnection } from './products.ts';
import {
  field,
  plain,
  type Args,
  type Presented,
  type ResolverContext,
  type ResolverMap,
} from './resolver-types.ts';

interface PresentedCollection extends Presented {
  record: CollectionRecord;
}

export function presentCollection(collection: CollectionRecord): PresentedCollection {
  return {
    __typename: 'Collection',
    record: collection,
    id: gid('Collection', collection.id),
    legacyResourceId: String(collection.id),
    title: collection.title,
    handle: collection.handle,
    description: collection.descriptionHtml.replace(/<[^>]*>/g, '').trim(),
    descriptionHtml: collection.descriptionHtml,
    updatedAt: new Date(collection.updatedAt).toISOString(),
    productsCount: exactCount(collection.productIds.length),
  };
}

const COLLECTION_SEARCH = {
  default: (c: CollectionRecord, t: { value: string }) => textMatches(c.title, t.value),
  title: (c: CollectionRecord, t: { value: string }) => textMatches(c.title, t.value),
  handle: (c: CollectionRecord, t: { value: string }) => textMatches(c.handle, t.value),
  id: (c: CollectionRecord, t: Parameters<typeof compareNumber>[1]) => compareNumber(c.id, t),
};

function collectionsOf(shop: ShopRecord, query: unknown, sortKey: unknown): CollectionRecord[] {
  if (sortKey !== 'ID' && sortKey !== 'TITLE') throw unsupported(`sortKey ${String(sortKey)}`);
  const all = searchItems(shop.collections.values(), query, COLLECTION_SEARCH);
  return sortKey === 'TITLE'
    ? all.sort((a, b) => a.title.localeCompare(b.title))
    : all.sort((a, b) => a.id - b.id);
}

function collectionProducts(shop: ShopRecord, collection: CollectionRecord): ProductRecord[] {
  return collection.productIds
    .map((id) => shop.products.get(id))
    .filter((product): product is ProductRecord => product !== undefined);
}

export const collectionResolvers: ResolverMap = {
  QueryRoot: {
    collections: field(
      (_: unknown, args: Args, { shop }: ResolverContext) =>
        paginate(collectionsOf(shop, args['query'], args['sortKey']), args, presentCollection),
      [...PAGINATION_ARGS, 'query', 'sortKey'],
    ),
    collection: byIdField('Collection', (shop) => shop.collections, presentCollection),
  },
  Collection: {
    ...plain(
      'id',
      'legacyResourceId',
      'title',
      'handle',
      'description',
      'descriptionHtml',
      'updatedAt',
      'productsCount',
    ),
    products: field(
      (c: PresentedCollection, args: Args, { shop }: ResolverContext) =>
        productConnection(collectionProducts(shop, c.record), args),
      PAGINATION_ARGS,
    ),
    hasProduct: field(
      (c: PresentedCollection, args: Args) =>
        c.record.productIds.includes(requireIdOfType(args['id'], 'Product') ?? -1),
      ['id'],
    ),
  },
  Product: {
    collections: field(
      (p: { record: ProductRecord }, args: Args, { shop }: ResolverContext) =>
        paginate(
          [...shop.collections.values()].filter((c) => c.productIds.includes(p.record.id)),
          args,
          presentCollection,
        ),
      PAGINATION_ARGS,
    ),
  },
  ...connectionTypes('Collection'),
};
