/**
 * Shopify's webhooks (the URI in shopify.app.toml), on the raw body: verified and stored before
 * the 200 by the intake (src/features/shopify-webhooks/service.ts), whose refusals reach the one
 * error handler: 401 when the HMAC does not match or the delivery is older than Shopify's retry
 * window, 503 when the delivery could not be stored (Shopify redelivers); a duplicate is a 200.
 * A body larger than Shopify ever sends is a 413 before it is read. `onRefused` sees the errors
 * first (the rate limit of refused deliveries, web/server/plugins/rate-limit.ts).
 */
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import type { ShopifyWebhooksService } from '../../../src/app/index.ts';
import { AppError } from '../../../src/platform/errors.ts';

export const SHOPIFY_WEBHOOK_PATH = '/webhooks/shopify';

/**
 * The largest body Shopify sends: a webhook payload over 1,000,000 bytes is replaced by a
 * minimal `{"id": ...}` body (shopify.dev changelog, "Amazon EventBridge webhook payload size
 * limit increased to 1 MB", 2026-11-17: payloads up to 1,000,000 bytes are sent inline, larger
 * ones keep that fallback). This app's topics (products with media, app and compliance topics)
 * stay far below it.
 */
export const SHOPIFY_WEBHOOK_MAX_BYTES = 1_000_000;

/**
 * Refuses a declared Content-Length over the limit before reading any of the body, and closes
 * the connection instead of draining it (body-parser would read a refused body to its end). A
 * body sent without a length is cut at the same size by the parser.
 */
function refuseLargerThan(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    if (Number(req.headers['content-length'] ?? 0) <= maxBytes) return next();
    res.setHeader('Connection', 'close');
    next(new AppError('too_large', 'payload_too_large', { params: { size: `${maxBytes} bytes` } }));
  };
}

export function registerShopifyWebhooks(
  router: Router,
  webhooks: ShopifyWebhooksService,
  onRefused: ErrorRequestHandler,
): void {
  const receive: RequestHandler = async (req, res) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await webhooks.receive({ rawBody, headers: req.headers }, req.log);
    res.status(200).end();
  };
  router.post(
    SHOPIFY_WEBHOOK_PATH,
    refuseLargerThan(SHOPIFY_WEBHOOK_MAX_BYTES),
    express.raw({ type: () => true, limit: SHOPIFY_WEBHOOK_MAX_BYTES }),
    receive,
    onRefused,
  );
}
