/**
 * Shopify webhooks, framework-free: HMAC verification on the raw body, de-duplication by
 * delivery id, and topic routing. The HTTP adapter (web/server/routes/shopify-webhooks.ts) acks
 * fast and runs the handlers off the request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Redis } from '../platform/redis.ts';
import { isShopDomain, shopKeyspace } from '../platform/keys.ts';

const seenKeys = shopKeyspace('webhook-seen');

/** A verified delivery. */
export interface ShopifyWebhook {
  topic: string;
  shop: string;
  webhookId: string;
  apiVersion: string;
  triggeredAt: string | null;
  payload: unknown;
}

export type WebhookRejection =
  | { reason: 'missing-headers'; missing: string[] }
  | { reason: 'invalid-hmac' }
  | { reason: 'invalid-shop' }
  | { reason: 'invalid-json' };

export type VerifyResult =
  { ok: true; webhook: ShopifyWebhook } | ({ ok: false } & WebhookRejection);

const REQUIRED_HEADERS = [
  'x-shopify-hmac-sha256',
  'x-shopify-topic',
  'x-shopify-shop-domain',
  'x-shopify-webhook-id',
  'x-shopify-api-version',
] as const;

/** `header(name)` returns a request header by its lower-case name. */
export function verifyShopifyWebhook(input: {
  rawBody: Buffer;
  header: (name: string) => string | undefined;
  apiSecret: string;
}): VerifyResult {
  const values = REQUIRED_HEADERS.map((name) => input.header(name)?.trim() ?? '');
  const missing = REQUIRED_HEADERS.filter((_, i) => values[i] === '');
  if (missing.length > 0) return { ok: false, reason: 'missing-headers', missing };
  const [hmac, topic, shop, webhookId, apiVersion] = values as [
    string,
    string,
    string,
    string,
    string,
  ];

  const expected = createHmac('sha256', input.apiSecret).update(input.rawBody).digest();
  const received = Buffer.from(hmac, 'base64');
  // Length first: timingSafeEqual throws on different lengths (and the length is no secret).
  if (received.length !== expected.length || !timingSafeEqual(received, expected))
    return { ok: false, reason: 'invalid-hmac' };

  if (!isShopDomain(shop)) return { ok: false, reason: 'invalid-shop' };
  let payload: unknown;
  try {
    payload = input.rawBody.length === 0 ? {} : JSON.parse(input.rawBody.toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid-json' };
  }
  return {
    ok: true,
    webhook: {
      topic: topic.toLowerCase(),
      shop,
      webhookId,
      apiVersion,
      triggeredAt: input.header('x-shopify-triggered-at') ?? null,
      payload,
    },
  };
}

export interface WebhookDeduper {
  /** True the first time a delivery id is seen for the shop (atomic across processes). */
  firstDelivery(shop: string, webhookId: string): Promise<boolean>;
}

/** Shopify retries a delivery for up to 48 hours; ids are remembered a little longer. */
export function createWebhookDeduper(redis: Redis, ttlSeconds = 72 * 3600): WebhookDeduper {
  return {
    async firstDelivery(shop, webhookId) {
      const key = seenKeys.key(shop, encodeURIComponent(webhookId));
      return (await redis.set(key, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
  };
}

export type WebhookHandler = (webhook: ShopifyWebhook) => Promise<void>;

/** Topic → handlers. Several concerns may handle one topic; they run in registration order. */
export interface WebhookRegistry {
  on(topic: string, handler: WebhookHandler): void;
  handlersFor(topic: string): readonly WebhookHandler[];
}

export function createWebhookRegistry(): WebhookRegistry {
  const handlers = new Map<string, WebhookHandler[]>();
  return {
    on(topic, handler) {
      const key = topic.toLowerCase();
      handlers.set(key, [...(handlers.get(key) ?? []), handler]);
    },
    handlersFor: (topic) => handlers.get(topic.toLowerCase()) ?? [],
  };
}
