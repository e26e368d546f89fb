/**
 * GET /api/shop -> ShopView: the shop's clock (its Shopify time zone), which the app home and
 * the extensions show every date on (the use case: src/features/shop/service.ts).
 */
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';

export const shopApiModule: AppModule = {
  name: 'api-shop',
  register({ api }, app) {
    const service = app.features.shop;

    api.get('/shop', async (req, res) => {
      res.json(await service.get(shopOf(req)));
    });
  },
};
