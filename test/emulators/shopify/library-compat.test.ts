/**
 * The emulator speaks to `@shopify/shopify-api` (the library the app uses) as Shopify does:
 * the library verifies its session tokens, exchanges and refreshes tokens against it, and
 * validates its webhooks.
 */
import '@shopify/shopify-api/adapters/node';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiVersion, RequestedTokenType, shopifyApi, LogSeverity } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import { API_KEY, API_SECRET, SHOP, startTestEmulator } from './support/emulator.ts';

let emulator: ShopifyEmulator;

const shopify = shopifyApi({
  apiKey: API_KEY,
  apiSecretKey: API_SECRET,
  scopes: ['write_products', 'write_files'],
  hostName: 'app.example.com',
  apiVersion: ApiVersion.October26,
  isEmbeddedApp: true,
  logger: { level: LogSeverity.Error, log: async () => {} },
});

beforeAll(async () => {
  emulator = await startTestEmulator({ productCount: 2 });
  // The app's routing: https://<shop>/... goes to the emulator with the shop in X-Forwarded-Host.
  setAbstractFetchFunc(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const headers = new Headers(init?.headers);
    headers.set('X-Forwarded-Host', url.hostname);
    return fetch(new URL(`${url.pathname}${url.search}`, emulator.url), { ...init, headers });
  });
});
afterAll(() => emulator.close());

describe('@shopify/shopify-api against the emulator', () => {
  it('verifies the emulator’s session tokens', async () => {
    const payload = await shopify.session.decodeSessionToken(emulator.signSessionToken(SHOP));
    expect(payload).toMatchObject({ dest: `https://${SHOP}`, aud: API_KEY });
  });

  it('exchanges a session token for an expiring offline session, refreshes it and queries with it', async () => {
    const { session } = await shopify.auth.tokenExchange({
      shop: SHOP,
      sessionToken: emulator.signSessionToken(SHOP),
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
      expiring: true,
    });
    expect(session.accessToken).toMatch(/^shpat_/);
    expect(session.refreshToken).toMatch(/^shprt_/);
    expect(session.expires!.getTime()).toBeGreaterThan(Date.now());

    const { session: refreshed } = await shopify.auth.refreshToken({
      shop: SHOP,
      refreshToken: session.refreshToken!,
    });
    expect(refreshed.accessToken).not.toBe(session.accessToken);

    const client = new shopify.clients.Graphql({ session: refreshed });
    const response = await client.request<{ shop: { myshopifyDomain: string } }>(
      '{ shop { myshopifyDomain } }',
    );
    expect(response.data?.shop.myshopifyDomain).toBe(SHOP);
    expect(response.extensions?.['cost']).toMatchObject({ requestedQueryCost: 1 });
  });

  it('sends webhooks the library validates', async () => {
    const results: unknown[] = [];
    const app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void shopify.webhooks
          .validate({
            rawBody: Buffer.concat(chunks).toString('utf8'),
            rawRequest: req,
            rawResponse: res,
          })
          .then((result) => {
            results.push(result);
            res.writeHead(200).end();
          });
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    emulator.setWebhookUrl(
      `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhooks/shopify`,
    );
    await fetch(`${emulator.url}/__emulator/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shop: SHOP, topic: 'app/uninstalled' }),
    });
    await new Promise<void>((resolve) => app.close(() => resolve()));
    expect(results).toEqual([
      expect.objectContaining({
        valid: true,
        topic: 'APP_UNINSTALLED',
        domain: SHOP,
        apiVersion: '2026-10',
      }),
    ]);
  });
});
