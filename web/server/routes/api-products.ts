/**
 * Product and collection reads for the app's pickers (the use cases: src/features/products/service.ts):
 *
 *   GET /api/products?query=&after=   -> ProductPage   (25 per page, Shopify search syntax)
 *   GET /api/products/:id             -> ProductDetail (:id numeric or URL-encoded gid)
 *   GET /api/collections/:id          -> CollectionSummary
 */
import { z } from 'zod';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { shopifyIdParam } from '../../../src/app-api/contract.ts';
import { parse, pathParam } from './api-support.ts';

const ProductsQuery = z.object({
  query: z.string().trim().max(200).optional(),
  after: z.string().max(500).optional(),
});

export const productsApiModule: AppModule = {
  name: 'api-products',
  register({ api }, app) {
    const products = app.features.products;

    api.get('/products', async (req, res) => {
      res.json(await products.list(shopOf(req), parse(ProductsQuery, req.query)));
    });

    api.get('/products/:id', async (req, res) => {
      res.json(await products.get(shopOf(req), pathParam(req, shopifyIdParam('Product'))));
    });

    api.get('/collections/:id', async (req, res) => {
      res.json(
        await products.collection(shopOf(req), pathParam(req, shopifyIdParam('Collection'))),
      );
    });
  },
};
