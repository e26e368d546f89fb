/**
 * Shopify's webhook deliveries, received: verified on the raw body by `@shopify/shopify-api`
 * (an unverified delivery is refused, and so is a signed one older than Shopify's retry window:
 * a replay, logged with what identifies it), then stored as a job (src/shopify/webhook-queue.ts)
 * BEFORE the answer, so a delivery acknowledged is never lost. When Redis cannot take the job
 * the answer says "unavailable" and Shopify redelivers; the handlers run in the worker process.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Metrics } from '../../platform/metrics.ts';
import type { Shopify } from '../../shopify/shopify-api.ts';
import type { IntakeOutcome, WebhookIntake } from '../../shopify/webhook-queue.ts';
import { pastRetryWindow, verifyShopifyWebhook } from '../../shopify/webhooks.ts';

export interface ShopifyWebhookDelivery {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
}

export interface ShopifyWebhooksService {
  /** Verifies and stores one delivery; resolves once it is safe to answer 200. */
  receive(delivery: ShopifyWebhookDelivery, log: Logger): Promise<IntakeOutcome>;
}

export function createShopifyWebhooksService(deps: {
  shopify: Pick<Shopify, 'webhooks'>;
  intake: Pick<WebhookIntake, 'accept'>;
  metrics: Pick<Metrics, 'webhookLag'>;
  clock: Clock;
}): ShopifyWebhooksService {
  return {
    async receive(delivery, log) {
      const result = await verifyShopifyWebhook(deps.shopify, delivery);
      if (!result.ok) {
        if (result.reason === 'unauthenticated')
          throw new AppError('unauthorized', 'webhook_unverified', {
            params: { detail: result.detail },
          });
        throw new AppError('invalid', 'bad_webhook', { params: { reason: result.reason } });
      }
      const { webhook } = result;
      const at = webhook.triggeredAt === null ? Number.NaN : Date.parse(webhook.triggeredAt);
      if (!Number.isNaN(at)) deps.metrics.webhookLag(webhook.topic, (deps.clock.now() - at) / 1000);
      const webhookLog = log.child({
        shop: webhook.shop,
        topic: webhook.topic,
        webhookId: webhook.webhookId,
        dedupeId: webhook.dedupeId,
      });
      if (pastRetryWindow(webhook.triggeredAt, deps.clock.now())) {
        webhookLog.warn(
          { triggeredAt: webhook.triggeredAt },
          "webhook refused: signed, but older than Shopify's 48-hour retry window (a replay)",
        );
        throw new AppError('unauthorized', 'stale_webhook', {
          params: { at: String(webhook.triggeredAt) },
        });
      }
      let outcome: IntakeOutcome;
      try {
        outcome = await deps.intake.accept(webhook);
      } catch (error) {
        webhookLog.error({ err: error }, 'webhook could not be queued; Shopify will redeliver');
        throw new AppError('unavailable', 'webhook_not_stored', { cause: error });
      }
      webhookLog.info(outcome === 'done' ? 'webhook already processed' : 'webhook queued');
      return outcome;
    },
  };
}
