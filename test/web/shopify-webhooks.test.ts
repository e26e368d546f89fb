/**
 * Shopify webhooks at /webhooks/shopify, delivered by the emulator with real HMAC signatures:
 * verification, de-duplication, fast acknowledgement, and what each topic does to a shop's data.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AppModule } from '../../web/server/module.ts';
import { APP_MODULES } from '../../web/server/modules.ts';
import { shopKeyspace } from '../../src/platform/keys.ts';
import type { ShopifyWebhook } from '../../src/shopify/webhooks.ts';
import { API_SECRET } from '../shopify/support/app-identity.ts';
import { eventually, startTestApp } from './support/harness.ts';

interface Delivery {
  status: number | null;
  durationMs: number;
}

const generations = shopKeyspace('generation');
const seen: ShopifyWebhook[] = [];
const cancelledWork: string[] = [];
let releaseSlowHandler: () => void = () => {};

/** Registers hooks as the pipeline will: extra topic handlers and an uninstall hook. */
const observerModule: AppModule = {
  name: 'observer',
  register(_routers, deps) {
    deps.shopifyWebhooks.on('customers/data_request', async (webhook) => {
      seen.push(webhook);
    });
    deps.shopifyWebhooks.on('customers/redact', async (webhook) => {
      // Holds the handler until the test releases it: the answer must not wait for it.
      await new Promise<void>((resolve) => (releaseSlowHandler = resolve));
      seen.push(webhook);
    });
    deps.eraser.onUninstall('queued-work', async (shop) => {
      cancelledWork.push(shop);
    });
  },
};

const app = await startTestApp({ modules: [...APP_MODULES, observerModule] });
const redis = app.deps.redis;

async function deliver(
  shop: string,
  topic: string,
  extra: Record<string, unknown> = {},
): Promise<Delivery[]> {
  const { deliveries } = (await app.emulatorControl('/webhooks', { shop, topic, ...extra })) as {
    deliveries: Delivery[];
  };
  return deliveries;
}

/** A shop that used the app: offline token, settings with an API key, another concern's data. */
async function activeShop(): Promise<string> {
  const shop = app.newShop();
  expect((await app.call('/api/session', { shop })).status).toBe(200);
  await app.deps.settings.saveApiKey(shop, 'pai_live_0123456789abcdef');
  await app.deps.settings.update(shop, { reviewMode: true });
  await redis.set(generations.key(shop, 'g1'), '{"state":"published"}');
  return shop;
}

const keysOf = (shop: string) => redis.keys(`pai:{${shop}}:*`);

function signedPost(body: string, headers: Record<string, string>): Promise<Response> {
  return app.call('/webhooks/shopify', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function shopifyHeaders(body: string, shop: string): Record<string, string> {
  return {
    'X-Shopify-Hmac-Sha256': createHmac('sha256', API_SECRET).update(body).digest('base64'),
    'X-Shopify-Topic': 'customers/data_request',
    'X-Shopify-Shop-Domain': shop,
    'X-Shopify-Webhook-Id': randomUUID(),
    'X-Shopify-API-Version': '2026-10',
  };
}

describe('Shopify webhook verification', () => {
  it('accepts a delivery signed by Shopify and runs its handler', async () => {
    const shop = app.newShop();
    const [delivery] = await deliver(shop, 'customers/data_request');
    expect(delivery?.status).toBe(200);
    await eventually(async () => seen.some((webhook) => webhook.shop === shop));
  });

  it('rejects a tampered body with 401 and runs nothing', async () => {
    const shop = app.newShop();
    const body = JSON.stringify({ shop_domain: shop });
    const headers = shopifyHeaders(body, shop);
    const response = await signedPost(body.replace(shop, 'evil.myshopify.com'), headers);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      message: 'Webhook rejected: HMAC does not match',
    });
  });

  it('rejects a delivery with missing headers with 401', async () => {
    const shop = app.newShop();
    const body = JSON.stringify({ shop_domain: shop });
    const { 'X-Shopify-Hmac-Sha256': _hmac, ...withoutHmac } = shopifyHeaders(body, shop);
    const response = await signedPost(body, withoutHmac);
    expect(response.status).toBe(401);
    expect((await response.json()).message).toContain('x-shopify-hmac-sha256');
  });

  it('processes a delivery repeated with the same webhook id once', async () => {
    const shop = app.newShop();
    const deliveries = await deliver(shop, 'customers/data_request', { repeat: 3 });
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    // Handlers are started before the answer is sent: once drained, every run has landed.
    expect(await app.deps.background.drain(5_000)).toBe(0);
    expect(seen.filter((webhook) => webhook.shop === shop)).toHaveLength(1);
  });

  it('acknowledges before the handler finishes', async () => {
    const shop = app.newShop();
    const [delivery] = await deliver(shop, 'customers/redact');
    expect(delivery?.status).toBe(200);
    expect(
      seen.some((webhook) => webhook.shop === shop && webhook.topic === 'customers/redact'),
    ).toBe(false);
    releaseSlowHandler();
    await eventually(async () =>
      seen.some((webhook) => webhook.shop === shop && webhook.topic === 'customers/redact'),
    );
  });
});

describe('Shopify webhook topics', () => {
  it('app/uninstalled: deletes the session and API key, cancels queued work, keeps other shops', async () => {
    const shop = await activeShop();
    const other = await activeShop();
    const otherKeys = (await keysOf(other)).sort();
    await app.emulatorControl(`/shops/${shop}/uninstall`);
    await eventually(async () => (await app.deps.sessions.get(shop)) === null);
    await eventually(async () => cancelledWork.includes(shop));
    expect(await app.deps.settings.getApiKey(shop)).toBeNull();
    expect((await app.deps.settings.get(shop)).reviewMode).toBe(true); // until shop/redact
    expect((await keysOf(other)).sort()).toEqual(otherKeys);
    expect(await app.deps.settings.getApiKey(other)).toBe('pai_live_0123456789abcdef');
  });

  it('shop/redact: erases everything held for the shop, and nothing of another', async () => {
    const shop = await activeShop();
    const other = await activeShop();
    const otherKeys = (await keysOf(other)).sort();
    expect((await deliver(shop, 'shop/redact'))[0]?.status).toBe(200);
    await eventually(async () => (await keysOf(shop)).length === 0);
    expect((await keysOf(other)).sort()).toEqual(otherKeys);
  });

  it('app/scopes_update: records the scopes now granted', async () => {
    const shop = await activeShop();
    const payload = {
      id: 1,
      previous: ['write_products', 'write_files'],
      current: ['write_products'],
      updated_at: new Date().toISOString(),
    };
    expect((await deliver(shop, 'app/scopes_update', { payload }))[0]?.status).toBe(200);
    await eventually(async () => (await app.deps.sessions.get(shop))?.scope === 'write_products');
  });

  it('customers/redact and customers/data_request: acknowledged (no customer data held)', async () => {
    const shop = await activeShop();
    const before = (await keysOf(shop)).filter((key) => !key.includes(':webhook-seen:')).sort();
    const [delivery] = await deliver(shop, 'customers/data_request');
    expect(delivery?.status).toBe(200);
    expect((await keysOf(shop)).filter((key) => !key.includes(':webhook-seen:')).sort()).toEqual(
      before,
    );
  });
});
