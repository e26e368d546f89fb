/**
 * Product and collection reads for the app's pickers, straight from the Admin API: a page of the
 * shop's products (Shopify search syntax, with a thumbnail and how many media each has), one
 * product's images as ProductAI can take them, and a collection's title and size.
 */
import type { CollectionSummary, ProductDetail, ProductPage } from '../../app-api/contract.ts';
import { AppError } from '../../platform/errors.ts';
import type { AdminClientFactory } from '../../shopify/admin-client.ts';
import { PRODUCTS_PAGE } from '../../shopify/operations/products.ts';
import { loadCollectionSummary } from '../bulk-runs/product-pages.ts';
import { THUMBNAIL_TRANSFORM, loadProductImages } from '../../pipeline/index.ts';

export interface ProductListQuery {
  /** Shopify search syntax (`title:…`, `tag:…`); all products when empty. */
  query?: string;
  /** The page's `nextCursor` the previous page answered. */
  after?: string;
}

export interface ProductsService {
  /** PAGE_SIZE products a page. */
  list(shop: string, query: ProductListQuery): Promise<ProductPage>;
  /** `id`: a product gid. */
  get(shop: string, id: string): Promise<ProductDetail>;
  /** `id`: a collection gid. */
  collection(shop: string, id: string): Promise<CollectionSummary>;
}

export interface ProductsServiceDeps {
  admin: AdminClientFactory;
}

const PAGE_SIZE = 25;

export function createProductsService(deps: ProductsServiceDeps): ProductsService {
  return {
    async list(shop, { query, after }) {
      const data = await deps.admin.forShop(shop).request(PRODUCTS_PAGE, {
        first: PAGE_SIZE,
        after: after || null,
        query: query || null,
        thumbnail: THUMBNAIL_TRANSFORM,
      });
      return {
        products: data.products.nodes.map((product) => ({
          id: product.id,
          title: product.title,
          imageUrl: product.featuredMedia?.preview?.image?.url ?? null,
          // Every media counts (videos too): Shopify counts them in one number.
          imageCount: product.mediaCount?.count ?? 0,
        })),
        nextCursor: data.products.pageInfo.hasNextPage ? data.products.pageInfo.endCursor : null,
      };
    },

    async get(shop, id) {
      const product = await loadProductImages(deps.admin.forShop(shop), id);
      if (!product) throw new AppError('not_found', 'product_not_found');
      return { id: product.id, title: product.title, images: product.images };
    },

    async collection(shop, id) {
      const summary = await loadCollectionSummary(deps.admin.forShop(shop), id);
      if (!summary) throw new AppError('not_found', 'collection_not_found');
      return summary;
    },
  };
}
