import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import {
  API_SECRET,
  SHOP,
  exchangeToken,
  graphql,
  startTestEmulator,
  startWebhookReceiver,
  tokenRequest,
} from './support/emulator.ts';

let emulator: ShopifyEmulator;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  emulator = await startTestEmulator({ productCount: 4, shops: [SHOP, 'leaving.myshopify.com'] });
  emulator.setWebhookUrl(receiver.url);
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

function control(path: string, body: unknown = {}) {
  return fetch(`${emulator.url}/__emulator${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const expectedHmac = (raw: Buffer) => createHmac('sha256', API_SECRET).update(raw).digest('base64');

describe('webhooks', () => {
  it('signs the raw body with the client secret and sends Shopify’s headers', async () => {
    const response = await control('/webhooks', { shop: SHOP, topic: 'customers/data_request' });
    expect(response.status).toBe(200);
    const webhook = receiver.received.at(-1)!;
    expect(webhook.headers['x-shopify-hmac-sha256']).toBe(expectedHmac(webhook.rawBody));
    expect(webhook.headers).toMatchObject({
      'content-type': 'application/json',
      'x-shopify-topic': 'customers/data_request',
      'x-shopify-shop-domain': SHOP,
      'x-shopify-api-version': '2026-10',
    });
    for (const header of ['x-shopify-webhook-id', 'x-shopify-event-id', 'x-shopify-triggered-at']) {
      expect(webhook.headers[header]).toBeTruthy();
    }
    expect(JSON.parse(webhook.rawBody.toString())).toMatchObject({
      shop_domain: SHOP,
      customer: { id: expect.any(Number) },
      data_request: { id: expect.any(Number) },
    });
  });

  it('repeats a delivery with the same webhook id', async () => {
    const before = receiver.received.length;
    await control('/webhooks', { shop: SHOP, topic: 'shop/redact', repeat: 3 });
    const ids = receiver.received.slice(before).map((w) => w.headers['x-shopify-webhook-id']);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it('sends a payload given by the caller', async () => {
    await control('/webhooks', {
      shop: SHOP,
      topic: 'app/scopes_update',
      payload: { current: ['write_products'] },
    });
    expect(JSON.parse(receiver.received.at(-1)!.rawBody.toString())).toEqual({
      current: ['write_products'],
    });
  });

  it('refuses a topic the emulator does not know', async () => {
    expect((await control('/webhooks', { shop: SHOP, topic: 'orders/create' })).status).toBe(400);
  });
});

describe('uninstall', () => {
  it('sends app/uninstalled and revokes the shop’s tokens', async () => {
    const shop = 'leaving.myshopify.com';
    const pair = await exchangeToken(emulator, shop);
    const response = await control(`/shops/${shop}/uninstall`);
    expect(response.status).toBe(200);
    const webhook = receiver.received.at(-1)!;
    expect(webhook.headers['x-shopify-topic']).toBe('app/uninstalled');
    expect(webhook.headers['x-shopify-hmac-sha256']).toBe(expectedHmac(webhook.rawBody));
    expect(JSON.parse(webhook.rawBody.toString())).toMatchObject({ myshopify_domain: shop });

    expect((await graphql(emulator, pair.access_token, '{ shop { name } }', {}, shop)).status).toBe(
      401,
    );
    const refresh = await tokenRequest(
      emulator,
      { grant_type: 'refresh_token', refresh_token: pair.refresh_token },
      shop,
    );
    expect(refresh.body['error']).toBe('invalid_grant');

    expect((await control(`/shops/${shop}/install`)).status).toBe(200);
    const again = await exchangeToken(emulator, shop);
    expect(
      (await graphql(emulator, again.access_token, '{ shop { name } }', {}, shop)).status,
    ).toBe(200);
  });

  it('installs a new shop with seeded products on request', async () => {
    const response = await control('/shops', { shop: 'fresh-test.myshopify.com' });
    expect(await response.json()).toEqual({ shop: 'fresh-test.myshopify.com', products: 4 });
    const pair = await exchangeToken(emulator, 'fresh-test.myshopify.com');
    expect(
      (
        await graphql(
          emulator,
          pair.access_token,
          '{ productsCount { count } }',
          {},
          'fresh-test.myshopify.com',
        )
      ).data,
    ).toEqual({
      productsCount: { count: 4 },
    });
  });

  it('issues session tokens for the demo’s App Bridge stand-in', async () => {
    const response = await control('/session-token', { shop: SHOP });
    const { token } = (await response.json()) as { token: string };
    const exchanged = await tokenRequest(emulator, {
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: token,
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
      expiring: '1',
    });
    expect(exchanged.status).toBe(200);
  });
});
