/**
 * Shopify's webhooks (the URI in shopify.app.toml). On the raw body: verified by
 * `@shopify/shopify-api` (401 when the HMAC does not match or headers are missing), then stored
 * as a job (src/shopify/webhook-queue.ts) BEFORE the 200. When Redis cannot take the job the
 * answer is 503 and Shopify redelivers; the handlers run in the worker process.
 */
import express, { type Router } from 'express';
import type { Shopify } from '../../../src/shopify/shopify-api.ts';
import type { WebhookIntake } from '../../../src/shopify/webhook-queue.ts';
import { verifyShopifyWebhook, type ShopifyWebhook } from '../../../src/shopify/webhooks.ts';
import { AppError } from '../../../src/platform/errors.ts';

export const SHOPIFY_WEBHOOK_PATH = '/webhooks/shopify';

export interface ShopifyWebhookRouteDeps {
  shopify: Pick<Shopify, 'webhooks'>;
  intake: Pick<WebhookIntake, 'accept'>;
  /** Told of every verified delivery (the metrics' webhook lag). */
  onVerified?: (webhook: ShopifyWebhook) => void;
}

export function registerShopifyWebhooks(router: Router, deps: ShopifyWebhookRouteDeps): void {
  router.post(
    SHOPIFY_WEBHOOK_PATH,
    express.raw({ type: () => true, limit: '2mb' }),
    async (req, res) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = await verifyShopifyWebhook(deps.shopify, { rawBody, headers: req.headers });
      if (!result.ok) {
        if (result.reason === 'unauthenticated')
          throw new AppError('unauthorized', 'unauthorized', `Webhook rejected: ${result.detail}`);
        throw new AppError('invalid', 'bad_webhook', `Webhook rejected: ${result.reason}`);
      }
      const { webhook } = result;
      deps.onVerified?.(webhook);
      const log = req.log.child({
        shop: webhook.shop,
        topic: webhook.topic,
        webhookId: webhook.webhookId,
        dedupeId: webhook.dedupeId,
      });
      let outcome;
      try {
        outcome = await deps.intake.accept(webhook);
      } catch (error) {
        log.error({ err: error }, 'webhook could not be queued; Shopify will redeliver');
        throw new AppError('unavailable', 'unavailable', 'Webhook not stored; please redeliver');
      }
      log.info(outcome === 'done' ? 'webhook already processed' : 'webhook queued');
      res.status(200).end();
    },
  );
}
