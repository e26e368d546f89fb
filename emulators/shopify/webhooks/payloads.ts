/**
 * Webhook bodies in the shapes Shopify sends for the topics the app subscribes to
 * (https://shopify.dev/docs/apps/build/compliance/privacy-law-compliance for the three
 * compliance topics; `app/uninstalled` carries the shop resource; `app/scopes_update` the
 * previous and current scopes). A caller may override the body entirely.
 */
import type { ShopRecord } from '../store/types.ts';

export const SUPPORTED_TOPICS = [
  'app/uninstalled',
  'app/scopes_update',
  'customers/data_request',
  'customers/redact',
  'shop/redact',
] as const;

export type WebhookTopic = (typeof SUPPORTED_TOPICS)[number];

export function isSupportedTopic(topic: string): topic is WebhookTopic {
  return (SUPPORTED_TOPICS as readonly string[]).includes(topic);
}

const SAMPLE_CUSTOMER = { id: 191167, email: 'john@example.com', phone: '555-625-1199' };

export function defaultPayload(topic: WebhookTopic, shop: ShopRecord, nowMs: number): unknown {
  const shopRef = { shop_id: shop.numericId, shop_domain: shop.domain };
  switch (topic) {
    case 'app/uninstalled':
      return {
        id: shop.numericId,
        name: shop.name,
        email: shop.email,
        domain: shop.domain,
        myshopify_domain: shop.domain,
        country: 'CA',
        currency: shop.currencyCode,
        iana_timezone: shop.ianaTimezone,
        plan_name: 'basic',
        created_at: new Date(shop.createdAt).toISOString(),
        updated_at: new Date(nowMs).toISOString(),
      };
    case 'app/scopes_update':
      return {
        id: shop.numericId,
        previous: shop.scopes,
        current: shop.scopes,
        updated_at: new Date(nowMs).toISOString(),
      };
    case 'customers/data_request':
      return {
        ...shopRef,
        orders_requested: [299938, 280263, 220458],
        customer: SAMPLE_CUSTOMER,
        data_request: { id: 9999 },
      };
    case 'customers/redact':
      return { ...shopRef, customer: SAMPLE_CUSTOMER, orders_to_redact: [299938, 280263, 220458] };
    case 'shop/redact':
      return shopRef;
  }
}
