import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createWebhookDeduper,
  createWebhookRegistry,
  verifyShopifyWebhook,
} from '../../src/shopify/webhooks.ts';
import { closeRedis, connectRedis } from '../../src/platform/redis.ts';
import { testRedisUrl, uniqueShop } from '../support/redis.ts';

const SECRET = 'webhook-secret';
const body = Buffer.from(JSON.stringify({ id: 1, name: 'Acme' }));

function headers(
  overrides: Record<string, string | undefined> = {},
): (name: string) => string | undefined {
  const all: Record<string, string | undefined> = {
    'x-shopify-hmac-sha256': createHmac('sha256', SECRET).update(body).digest('base64'),
    'x-shopify-topic': 'app/uninstalled',
    'x-shopify-shop-domain': 'acme.myshopify.com',
    'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
    'x-shopify-api-version': '2026-10',
    'x-shopify-triggered-at': '2026-01-01T00:00:00Z',
    ...overrides,
  };
  return (name) => all[name];
}

describe('webhook verification', () => {
  it('accepts a delivery signed with the app secret', () => {
    expect(verifyShopifyWebhook({ rawBody: body, header: headers(), apiSecret: SECRET })).toEqual({
      ok: true,
      webhook: {
        topic: 'app/uninstalled',
        shop: 'acme.myshopify.com',
        webhookId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
        apiVersion: '2026-10',
        triggeredAt: '2026-01-01T00:00:00Z',
        payload: { id: 1, name: 'Acme' },
      },
    });
  });

  it('rejects a tampered body', () => {
    const tampered = Buffer.from(body.toString().replace('Acme', 'Evil'));
    expect(
      verifyShopifyWebhook({ rawBody: tampered, header: headers(), apiSecret: SECRET }),
    ).toEqual({
      ok: false,
      reason: 'invalid-hmac',
    });
  });

  it('rejects a signature made with another secret, or garbage', () => {
    const other = createHmac('sha256', 'other').update(body).digest('base64');
    for (const hmac of [other, 'not base64 at all', 'AAAA'])
      expect(
        verifyShopifyWebhook({
          rawBody: body,
          header: headers({ 'x-shopify-hmac-sha256': hmac }),
          apiSecret: SECRET,
        }),
      ).toEqual({ ok: false, reason: 'invalid-hmac' });
  });

  it('names every missing header', () => {
    const result = verifyShopifyWebhook({
      rawBody: body,
      header: headers({ 'x-shopify-hmac-sha256': undefined, 'x-shopify-webhook-id': '' }),
      apiSecret: SECRET,
    });
    expect(result).toEqual({
      ok: false,
      reason: 'missing-headers',
      missing: ['x-shopify-hmac-sha256', 'x-shopify-webhook-id'],
    });
  });

  it('rejects a signed delivery for something that is not a shop domain', () => {
    const result = verifyShopifyWebhook({
      rawBody: body,
      header: headers({ 'x-shopify-shop-domain': 'evil.example.com' }),
      apiSecret: SECRET,
    });
    expect(result).toEqual({ ok: false, reason: 'invalid-shop' });
  });
});

describe('webhook de-duplication', async () => {
  const redis = await connectRedis(testRedisUrl());
  afterAll(() => closeRedis(redis));
  const deduper = createWebhookDeduper(redis);

  it('lets a delivery id through once per shop, even when deliveries race', async () => {
    const shop = uniqueShop();
    const id = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => deduper.firstDelivery(shop, id)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await deduper.firstDelivery(uniqueShop(), id)).toBe(true);
  });

  it('forgets delivery ids after the retention period', async () => {
    const shop = uniqueShop();
    const id = randomUUID();
    await deduper.firstDelivery(shop, id);
    expect(await redis.ttl(`pai:{${shop}}:webhook-seen:${id}`)).toBeGreaterThan(48 * 3600);
  });
});

describe('webhook registry', () => {
  it('routes a topic to its handlers in registration order, case-insensitively', () => {
    const registry = createWebhookRegistry();
    const first = async () => {};
    const second = async () => {};
    registry.on('app/uninstalled', first);
    registry.on('APP/UNINSTALLED', second);
    expect(registry.handlersFor('app/uninstalled')).toEqual([first, second]);
    expect(registry.handlersFor('shop/redact')).toEqual([]);
  });
});
