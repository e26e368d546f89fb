/**
 * Reads a bulk run's target one page at a time: a collection through its products connection
 * (cursor = Shopify's endCursor), a list of product ids in slices (cursor = offset in the list).
 * Each product comes with its first images already transformed for ProductAI, so a page is one
 * Admin query whatever the number of products on it.
 */
import type { BulkRunTarget, CollectionSummary } from '../../app-api/contract.ts';
import {
  COLLECTION_PRODUCTS_PAGE,
  COLLECTION_SUMMARY,
} from '../../shopify/operations/collections.ts';
import type { AdminResult } from '../../shopify/admin-operations.ts';
import { PRODUCTS_BY_IDS } from '../../shopify/operations/products.ts';
import {
  type AdminGraphql,
  SOURCE_IMAGE_TRANSFORM,
  THUMBNAIL_TRANSFORM,
  type ProductSnapshot,
} from '../../pipeline/index.ts';

/** A product of the page, with its options' names (a run of sets reads variants only then). */
export interface PageProduct extends ProductSnapshot {
  optionNames: string[];
}

export interface ProductPage {
  products: PageProduct[];
  /** Entries of the target this page covered (deleted products included). */
  consumed: number;
  /** Where the next page starts; null after the last page. */
  nextCursor: string | null;
}

/** A product as BULK_PRODUCT_FIELDS reads it (`nodes(ids:)` answers any kind of node). */
type BulkProductNode = NonNullable<AdminResult<typeof PRODUCTS_BY_IDS>['nodes'][number]>;

/** Thrown when the collection is gone (deleted since the run started). */
export class TargetGoneError extends Error {
  override readonly name = 'TargetGoneError';
}

export async function readProductPage(
  admin: AdminGraphql,
  target: BulkRunTarget,
  cursor: string | null,
  pageSize: number,
  imagesPerProduct: number,
): Promise<ProductPage> {
  const images = {
    imagesPerProduct,
    source: SOURCE_IMAGE_TRANSFORM,
    thumbnail: THUMBNAIL_TRANSFORM,
  };
  if (target.type === 'collection') {
    const data = await admin.request(COLLECTION_PRODUCTS_PAGE, {
      id: target.collectionId,
      first: pageSize,
      after: cursor,
      ...images,
    });
    if (!data.collection) throw new TargetGoneError('The collection no longer exists.');
    const { nodes, pageInfo } = data.collection.products;
    return {
      products: nodes.map(toSnapshot).filter((product) => product !== null),
      consumed: nodes.length,
      nextCursor: pageInfo.hasNextPage ? pageInfo.endCursor : null,
    };
  }
  const offset = cursor ? Number(cursor) : 0;
  const ids = target.productIds.slice(offset, offset + pageSize);
  const data = await admin.request(PRODUCTS_BY_IDS, { ids, ...images });
  const end = offset + ids.length;
  return {
    // A product deleted since the run started comes back as null: skipped.
    products: data.nodes.map((node) => (node ? toSnapshot(node) : null)).filter((p) => p !== null),
    consumed: ids.length,
    nextCursor: end < target.productIds.length ? String(end) : null,
  };
}

function toSnapshot(node: BulkProductNode): PageProduct | null {
  if (!node.id || node.title === undefined) return null;
  return {
    id: node.id,
    title: node.title,
    optionNames: (node.options ?? []).map((option) => option.name),
    imageUrl: node.featuredMedia?.preview?.image?.url ?? null,
    images: node.media.nodes.flatMap((media) =>
      'image' in media && media.image ? [{ id: media.id, url: media.image.url }] : [],
    ),
  };
}

/** The collection's title and product count, or null when the shop has no such collection. */
export async function loadCollectionSummary(
  admin: AdminGraphql,
  id: string,
): Promise<CollectionSummary | null> {
  const data = await admin.request(COLLECTION_SUMMARY, { id });
  const collection = data.collection;
  if (!collection) return null;
  return {
    id: collection.id,
    title: collection.title,
    productsCount: collection.productsCount?.count ?? 0,
  };
}
