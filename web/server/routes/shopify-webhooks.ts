/**
 * Shopify's webhooks (the URI in shopify.app.toml), on the raw body: verified and stored before
 * the 200 by the use case (src/services/shopify-webhooks.ts); 401 when the HMAC does not match,
 * 503 when the delivery could not be stored (Shopify redelivers).
 */
import express, { type Router } from 'express';
import type { ShopifyWebhooksService } from '../../../src/app/index.ts';

export const SHOPIFY_WEBHOOK_PATH = '/webhooks/shopify';

export function registerShopifyWebhooks(router: Router, webhooks: ShopifyWebhooksService): void {
  router.post(
    SHOPIFY_WEBHOOK_PATH,
    express.raw({ type: () => true, limit: '2mb' }),
    async (req, res) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      await webhooks.receive({ rawBody, headers: req.headers }, req.log);
      res.status(200).end();
    },
  );
}
