/**
 * Shopify's webhooks (the URI in shopify.app.toml). On the raw body: HMAC verified (401 when it
 * does not match or headers are missing), the delivery de-duplicated by its webhook id, then
 * acknowledged at once; the topic's handlers run off the request, so the answer never waits
 * for an erasure and always beats Shopify's 5-second limit.
 */
import express, { type Router } from 'express';
import type { BackgroundWork } from '../../../src/platform/background-work.ts';
import {
  verifyShopifyWebhook,
  type WebhookDeduper,
  type WebhookRegistry,
} from '../../../src/shopify/webhooks.ts';
import { HttpError } from '../http-error.ts';

export const SHOPIFY_WEBHOOK_PATH = '/webhooks/shopify';

export interface ShopifyWebhookRouteDeps {
  apiSecret: string;
  registry: WebhookRegistry;
  deduper: WebhookDeduper;
  background: BackgroundWork;
}

export function registerShopifyWebhooks(router: Router, deps: ShopifyWebhookRouteDeps): void {
  router.post(
    SHOPIFY_WEBHOOK_PATH,
    express.raw({ type: () => true, limit: '2mb' }),
    async (req, res) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = verifyShopifyWebhook({
        rawBody,
        header: (name) => req.get(name),
        apiSecret: deps.apiSecret,
      });
      if (!result.ok) {
        if (result.reason === 'invalid-json' || result.reason === 'invalid-shop')
          throw new HttpError(400, 'bad_webhook', `Webhook rejected: ${result.reason}`);
        throw new HttpError(
          401,
          'unauthorized',
          result.reason === 'missing-headers'
            ? `Webhook rejected: missing ${result.missing.join(', ')}`
            : 'Webhook rejected: HMAC does not match',
        );
      }
      const { webhook } = result;
      const log = req.log.child({
        shop: webhook.shop,
        topic: webhook.topic,
        webhookId: webhook.webhookId,
      });
      if (!(await deps.deduper.firstDelivery(webhook.shop, webhook.webhookId))) {
        log.info('duplicate webhook delivery ignored');
        res.status(200).end();
        return;
      }
      const handlers = deps.registry.handlersFor(webhook.topic);
      if (handlers.length === 0) log.warn('webhook for a topic without handlers');
      for (const handler of handlers)
        deps.background.run(`webhook ${webhook.topic} ${webhook.webhookId}`, () =>
          handler(webhook),
        );
      res.status(200).end();
    },
  );
}
