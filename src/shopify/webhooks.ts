/**
 * Shopify webhooks, framework-free: verification with `@shopify/shopify-api`'s
 * `webhooks.validate` (HMAC on the raw body; it knows both header families, the classic
 * `X-Shopify-*` and the events `Shopify-*` one), the id a delivery is de-duplicated on, and the
 * topic → handler registry. The durable queue that runs the handlers is webhook-queue.ts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Shopify } from '@shopify/shopify-api';
import { isShopDomain } from '../platform/keys.ts';

/** A verified delivery; plain data, so it travels as a job payload. */
export interface ShopifyWebhook {
  /** The topic in the library's storage form (`APP_UNINSTALLED`), see `topicKey`. */
  topic: string;
  shop: string;
  webhookId: string;
  /**
   * What the delivery is de-duplicated on: the event id (`X-Shopify-Event-Id`, the same for
   * every delivery and subscription of one event), else the webhook id (the same for Shopify's
   * retries of one delivery; the events header family has no event id).
   */
  dedupeId: string;
  apiVersion: string;
  /** When Shopify says the event happened (ISO 8601), null when the header is absent. */
  triggeredAt: string | null;
  payload: unknown;
}

export type WebhookRejection =
  | { reason: 'unauthenticated'; detail: string }
  | { reason: 'invalid-shop' }
  | { reason: 'invalid-json' };

export type VerifyResult =
  { ok: true; webhook: ShopifyWebhook } | ({ ok: false } & WebhookRejection);

/**
 * A topic as the library stores it (`app/uninstalled` → `APP_UNINSTALLED`, the same rule as
 * its `topicForStorage`), so handlers registered under the TOML's name match what
 * `webhooks.validate` reports, whichever header family carried it.
 */
export function topicKey(topic: string): string {
  return topic.toUpperCase().replace(/[/.]/g, '_');
}

/** Topics whose handler erases a shop's data (src/shopify/webhook-handlers.ts). */
const DESTRUCTIVE_TOPICS = new Set(['APP_UNINSTALLED', 'SHOP_REDACT']);

/**
 * The shop a payload names, if any: `myshopify_domain` (app/uninstalled's shop object) or
 * `shop_domain` (shop/redact and the customer compliance topics).
 */
function shopNamedIn(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { myshopify_domain: domain, shop_domain: shopDomain } = payload as Record<string, unknown>;
  if (typeof domain === 'string') return domain;
  if (typeof shopDomain === 'string') return shopDomain;
  return null;
}

export async function verifyShopifyWebhook(
  shopify: Pick<Shopify, 'webhooks'>,
  input: { rawBody: Buffer; headers: IncomingHttpHeaders },
): Promise<VerifyResult> {
  const rawBody = input.rawBody.toString('utf8');
  const check = await shopify.webhooks.validate({
    rawBody,
    // The node adapter reads only the headers (and method/url, for its logs).
    rawRequest: { headers: input.headers, method: 'POST', url: '' },
    rawResponse: {},
  });
  if (!check.valid) {
    const detail =
      check.reason === 'missing_headers' && 'missingHeaders' in check
        ? `missing ${(check.missingHeaders as string[]).join(', ')}`
        : check.reason === 'invalid_hmac'
          ? 'HMAC does not match'
          : check.reason.replace(/_/g, ' ');
    return { ok: false, reason: 'unauthenticated', detail };
  }
  if (!isShopDomain(check.domain)) return { ok: false, reason: 'invalid-shop' };
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: 'invalid-json' };
  }
  // The HMAC covers the body, not the headers: the shop a body names is the signed truth. A
  // captured delivery replayed with another shop's header must not act on that shop, and the
  // topics that erase data act only on a shop their signed body names.
  const signedShop = shopNamedIn(payload);
  if (signedShop !== null && signedShop !== check.domain)
    return { ok: false, reason: 'unauthenticated', detail: 'the signed body names another shop' };
  if (signedShop === null && DESTRUCTIVE_TOPICS.has(topicKey(check.topic)))
    return { ok: false, reason: 'unauthenticated', detail: 'the signed body names no shop' };
  const eventId = 'eventId' in check ? check.eventId : undefined;
  return {
    ok: true,
    webhook: {
      topic: check.topic,
      shop: check.domain,
      webhookId: check.webhookId,
      dedupeId: eventId ?? check.webhookId,
      apiVersion: check.apiVersion,
      triggeredAt: check.triggeredAt ?? null,
      payload,
    },
  };
}

/**
 * How old a delivery may be: Shopify retries a delivery that failed for 48 hours after the
 * event, with the event's time in `X-Shopify-Triggered-At` on every retry (shopify.dev, "About
 * webhooks": failed deliveries are retried "for 48 hours"). A signed delivery older than that is
 * not Shopify retrying: it is a captured one sent again (the HMAC covers the body, never the
 * headers' date, so it stays valid forever). Five minutes more for clocks that differ.
 */
export const SHOPIFY_WEBHOOK_MAX_AGE_MS = 48 * 3_600_000 + 5 * 60_000;

/**
 * Whether a delivery triggered at `triggeredAt` (ISO 8601) is past Shopify's retry window at
 * `now`. One without the header, or with a date that does not parse, is not judged (false): the
 * HMAC already proved it is Shopify's body.
 */
export function pastRetryWindow(triggeredAt: string | null, now: number): boolean {
  const at = triggeredAt === null ? Number.NaN : Date.parse(triggeredAt);
  return !Number.isNaN(at) && now - at > SHOPIFY_WEBHOOK_MAX_AGE_MS;
}

/**
 * Runs one delivery to completion. It may run more than once for one delivery (a worker killed
 * mid-way, a retry after an error), so it must be idempotent: reload state, and converge.
 */
export type WebhookHandler = (webhook: ShopifyWebhook) => Promise<void>;

/** Topic → its ONE handler (a concern that must react to a topic registers a shop hook or
 * extends that topic's handler, so one delivery is one job with one outcome). */
export interface WebhookRegistry {
  on(topic: string, handler: WebhookHandler): void;
  handlerFor(topic: string): WebhookHandler | undefined;
  /** The declared topics no handler is registered for. */
  missing(declared: readonly string[]): string[];
}

export function createWebhookRegistry(): WebhookRegistry {
  const handlers = new Map<string, WebhookHandler>();
  return {
    on(topic, handler) {
      const key = topicKey(topic);
      if (handlers.has(key)) throw new Error(`A handler for webhook topic ${topic} exists`);
      handlers.set(key, handler);
    },
    handlerFor: (topic) => handlers.get(topicKey(topic)),
    missing: (declared) => declared.filter((topic) => !handlers.has(topicKey(topic))),
  };
}
