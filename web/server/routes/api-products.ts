/**
 * Product and collection reads for the app's pickers, straight from the Admin API:
 *
 *   GET /api/products?query=&after=   -> ProductPage   (25 per page, Shopify search syntax)
 *   GET /api/products/:id             -> ProductDetail (:id numeric or URL-encoded gid)
 *   GET /api/collections/:id          -> CollectionSummary
 */
import { z } from 'zod';
import type {
  CollectionSummary,
  ProductDetail,
  ProductPage,
} from '../../../src/app-api/contract.ts';
import { loadCollectionSummary } from '../../../src/pipeline/bulk/product-pages.ts';
import { PRODUCTS_PAGE } from '../../../src/shopify/operations/products.ts';
import { THUMBNAIL_TRANSFORM } from '../../../src/pipeline/sources/image-transforms.ts';
import { loadProductImages } from '../../../src/pipeline/sources/source-images.ts';
import { AppError } from '../../../src/platform/errors.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { gidParam, parse, route } from './api-support.ts';

const PAGE_SIZE = 25;

const ProductsQuery = z.object({
  query: z.string().trim().max(200).optional(),
  after: z.string().max(500).optional(),
});

interface ProductsPageData {
  products: {
    nodes: Array<{
      id: string;
      title: string;
      featuredMedia: { preview: { image: { url: string } | null } | null } | null;
      mediaCount: { count: number } | null;
    }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

export const productsApiModule: AppModule = {
  name: 'api-products',
  register({ api }, deps) {
    api.get(
      '/products',
      route(async (req, res) => {
        const { query, after } = parse(ProductsQuery, req.query);
        const data = await deps.admin
          .forShop(shopOf(req))
          .request<ProductsPageData>(PRODUCTS_PAGE, {
            first: PAGE_SIZE,
            after: after || null,
            query: query || null,
            thumbnail: THUMBNAIL_TRANSFORM,
          });
        const page: ProductPage = {
          products: data.products.nodes.map((product) => ({
            id: product.id,
            title: product.title,
            imageUrl: product.featuredMedia?.preview?.image?.url ?? null,
            // Every media counts (videos too): Shopify counts them in one number.
            imageCount: product.mediaCount?.count ?? 0,
          })),
          nextCursor: data.products.pageInfo.hasNextPage ? data.products.pageInfo.endCursor : null,
        };
        res.json(page);
      }),
    );

    api.get(
      '/products/:id',
      route(async (req, res) => {
        const id = gidParam(req.params.id, 'Product');
        const product = await loadProductImages(deps.admin.forShop(shopOf(req)), id);
        if (!product)
          throw new AppError('not_found', 'not_found', 'This product is no longer in your store.');
        const detail: ProductDetail = {
          id: product.id,
          title: product.title,
          images: product.images,
        };
        res.json(detail);
      }),
    );

    api.get(
      '/collections/:id',
      route(async (req, res) => {
        const id = gidParam(req.params.id, 'Collection');
        const summary = await loadCollectionSummary(deps.admin.forShop(shopOf(req)), id);
        if (!summary)
          throw new AppError(
            'not_found',
            'not_found',
            'This collection is no longer in your store.',
          );
        res.json(summary satisfies CollectionSummary);
      }),
    );
  },
};
