import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createWebhookRegistry,
  topicKey,
  verifyShopifyWebhook,
} from '../../src/shopify/webhooks.ts';
import { APP_TOML_PATH, declaredTopics } from '../../src/shopify/declared-topics.ts';
import { webhookJobId } from '../../src/shopify/webhook-queue.ts';
import { API_SECRET, testShopifyApi } from '../support/app-identity.ts';

const shopify = testShopifyApi();
const body = Buffer.from(
  JSON.stringify({ id: 1, name: 'Acme', myshopify_domain: 'acme.myshopify.com' }),
);
const sign = (raw: Buffer, secret = API_SECRET) =>
  createHmac('sha256', secret).update(raw).digest('base64');

/** The classic header family, as Shopify sends it to an HTTPS subscription. */
function classicHeaders(overrides: Record<string, string | undefined> = {}) {
  return {
    'x-shopify-hmac-sha256': sign(body),
    'x-shopify-topic': 'app/uninstalled',
    'x-shopify-shop-domain': 'acme.myshopify.com',
    'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
    'x-shopify-event-id': '98880550-7158-44d4-b7cd-2c97c8a091b5',
    'x-shopify-api-version': '2026-10',
    'x-shopify-triggered-at': '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const verify = (headers: Record<string, string | undefined>, raw = body) =>
  verifyShopifyWebhook(shopify, { rawBody: raw, headers });

describe('webhook verification', () => {
  it('accepts a delivery signed with the app secret and de-duplicates on its event id', async () => {
    expect(await verify(classicHeaders())).toEqual({
      ok: true,
      webhook: {
        topic: 'APP_UNINSTALLED',
        shop: 'acme.myshopify.com',
        webhookId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
        dedupeId: '98880550-7158-44d4-b7cd-2c97c8a091b5',
        apiVersion: '2026-10',
        triggeredAt: '2026-01-01T00:00:00.000Z',
        payload: { id: 1, name: 'Acme', myshopify_domain: 'acme.myshopify.com' },
      },
    });
  });

  it("refuses a body signed for one shop delivered under another shop's header", async () => {
    expect(
      await verify(classicHeaders({ 'x-shopify-shop-domain': 'other.myshopify.com' })),
    ).toEqual({
      ok: false,
      reason: 'unauthenticated',
      detail: 'the signed body names another shop',
    });
  });

  it('refuses an erasing topic whose signed body names no shop', async () => {
    const anonymous = Buffer.from(JSON.stringify({ id: 1 }));
    const headers = classicHeaders({
      'x-shopify-hmac-sha256': sign(anonymous),
      'x-shopify-topic': 'shop/redact',
    });
    expect(await verify(headers, anonymous)).toMatchObject({
      ok: false,
      detail: 'the signed body names no shop',
    });
  });

  it('de-duplicates on the webhook id when there is no event id', async () => {
    const result = await verify(classicHeaders({ 'x-shopify-event-id': undefined }));
    expect(result.ok && result.webhook.dedupeId).toBe('b54557e4-bdd9-4b37-8a5f-bf7d70bcd043');
  });

  it('accepts the events header family (Shopify-*)', async () => {
    const result = await verify({
      'shopify-hmac-sha256': sign(body),
      'shopify-topic': 'shop/redact',
      'shopify-shop-domain': 'acme.myshopify.com',
      'shopify-webhook-id': 'w-1',
      'shopify-api-version': '2026-10',
      'shopify-triggered-at': '2026-01-02T00:00:00.000Z',
    });
    expect(result).toMatchObject({
      ok: true,
      webhook: { topic: 'SHOP_REDACT', dedupeId: 'w-1', triggeredAt: '2026-01-02T00:00:00.000Z' },
    });
  });

  it('rejects a tampered body', async () => {
    const tampered = Buffer.from(body.toString().replace('Acme', 'Evil'));
    expect(await verify(classicHeaders(), tampered)).toEqual({
      ok: false,
      reason: 'unauthenticated',
      detail: 'HMAC does not match',
    });
  });

  it('rejects a signature made with another secret, or garbage', async () => {
    for (const hmac of [sign(body, 'other'), 'not base64 at all', 'AAAA'])
      expect(await verify(classicHeaders({ 'x-shopify-hmac-sha256': hmac }))).toMatchObject({
        ok: false,
        reason: 'unauthenticated',
      });
  });

  it('names the missing headers of a signed delivery', async () => {
    const result = await verify(classicHeaders({ 'x-shopify-webhook-id': undefined }));
    expect(result).toEqual({
      ok: false,
      reason: 'unauthenticated',
      detail: 'missing X-Shopify-Webhook-Id',
    });
  });

  it('rejects a signed delivery for something that is not a shop domain', async () => {
    const result = await verify(classicHeaders({ 'x-shopify-shop-domain': 'evil.example.com' }));
    expect(result).toEqual({ ok: false, reason: 'invalid-shop' });
  });
});

describe('webhook registry', () => {
  it('finds a topic’s handler whichever way the topic is written', () => {
    const registry = createWebhookRegistry();
    const handler = async () => {};
    registry.on('app/uninstalled', handler);
    expect(registry.handlerFor('APP_UNINSTALLED')).toBe(handler);
    expect(registry.handlerFor('shop/redact')).toBeUndefined();
  });

  it('refuses a second handler for a topic (one delivery, one job, one outcome)', () => {
    const registry = createWebhookRegistry();
    registry.on('app/uninstalled', async () => {});
    expect(() => registry.on('APP_UNINSTALLED', async () => {})).toThrow('exists');
  });

  it('names the declared topics that have no handler', () => {
    const registry = createWebhookRegistry();
    registry.on('app/uninstalled', async () => {});
    expect(registry.missing(['app/uninstalled', 'products/update'])).toEqual(['products/update']);
  });
});

describe('declared topics', () => {
  it('reads every topic shopify.app.toml subscribes to, compliance topics included', () => {
    expect(declaredTopics(readFileSync(APP_TOML_PATH, 'utf8')).sort()).toEqual([
      'app/scopes_update',
      'app/uninstalled',
      'customers/data_request',
      'customers/redact',
      'products/create',
      'products/update',
      'shop/redact',
    ]);
    expect(topicKey('customers/data_request')).toBe('CUSTOMERS_DATA_REQUEST');
  });

  it('makes job ids BullMQ accepts from any dedupe id, naming no shop', () => {
    expect(webhookJobId({ dedupeId: 'a:b/c*' })).toBe('a%3Ab%2Fc%2A');
  });
});
