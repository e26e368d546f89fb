/** The app's API: session-token auth, token exchange on first call, re-auth responses, CORS. */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/app.ts';
import { sessionToken as signWith } from '../support/app-identity.ts';
import { APP_MODULES } from '../../web/server/modules.ts';
import type { AppModule } from '../../web/server/module.ts';
import { shopOf } from '../../web/server/plugins/session-auth.ts';
import { ShopQuery } from '../../src/shopify/operations/index.ts';

/** A route that calls the Admin API, registered the way feature modules register theirs. */
const shopNameModule: AppModule = {
  name: 'shop-name',
  register({ api }, deps) {
    api.get('/shop-name', async (req, res) => {
      const data = await deps.admin.forShop(shopOf(req)).request(ShopQuery);
      res.json({ name: data.shop.name });
    });
  },
};

const app = await startTestApp({ modules: [...APP_MODULES, shopNameModule] });
const RETRY = 'x-shopify-retry-invalid-session-request';

describe('GET /api/session', () => {
  it('answers with the shop of the session token, exchanging it for an offline token first', async () => {
    const shop = app.newShop();
    expect(await app.deps.sessions.get(shop)).toBeNull();
    const response = await app.call('/api/session', { shop });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ shop });
    expect(await app.deps.sessions.get(shop)).toMatchObject({
      accessToken: expect.stringMatching(/^shpat_/),
      refreshToken: expect.stringMatching(/^shprt_/),
    });
  });

  it('takes the shop from the token, never from the query', async () => {
    const shop = app.newShop();
    const response = await app.call(`/api/session?shop=other.myshopify.com`, { shop });
    expect(await response.json()).toEqual({ shop });
  });

  it.each([
    ['no token', undefined],
    [
      'an expired token',
      `Bearer ${signWith('acme.myshopify.com', { exp: Math.floor(Date.now() / 1000) - 60 })}`,
    ],
    ['a token for another app', `Bearer ${signWith('acme.myshopify.com', { aud: 'other' })}`],
    ['a forged token', `Bearer ${signWith('acme.myshopify.com', {}, 'wrong-secret')}`],
  ])('answers %s with 401 and the App Bridge retry header', async (_label, authorization) => {
    const response = await app.call('/api/session', {
      headers: authorization ? { Authorization: authorization } : {},
    });
    expect(response.status).toBe(401);
    expect(response.headers.get(RETRY)).toBe('1');
    expect(await response.json()).toMatchObject({
      error: 'unauthorized',
      requestId: expect.any(String),
    });
  });

  it('answers a revoked offline token with the re-auth response, then recovers on retry', async () => {
    const shop = app.newShop();
    expect((await app.call('/api/shop-name', { shop })).status).toBe(200);
    await app.shopifyControl('PATCH', `/shops/${shop}/tokens`, {
      expireAccessTokens: true,
      expireRefreshTokens: true,
    });

    const rejected = await app.call('/api/shop-name', { shop });
    expect(rejected.status).toBe(401);
    expect(rejected.headers.get(RETRY)).toBe('1');

    // App Bridge retries with a fresh session token: a new token exchange, and the call works.
    const retried = await app.call('/api/shop-name', { shop });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ name: expect.any(String) });
  });

  it('answers with the re-auth response when the shop uninstalled the app', async () => {
    const shop = app.newShop();
    await app.shopifyControl('POST', `/shops/${shop}/uninstall`);
    const response = await app.call('/api/session', { shop });
    expect(response.status).toBe(401);
    expect(response.headers.get(RETRY)).toBe('1');
  });

  it('answers a session token for a shop Shopify does not know with the re-auth response', async () => {
    // Signed with the app's secret, for a store Shopify has no record of: token exchange is a 404.
    const response = await app.call('/api/session', {
      headers: { Authorization: `Bearer ${signWith('no-such-store.myshopify.com')}` },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get(RETRY)).toBe('1');
    expect(await app.deps.sessions.get('no-such-store.myshopify.com')).toBeNull();
  });

  it('answers unknown API paths with a JSON 404 after auth', async () => {
    const shop = app.newShop();
    const response = await app.call('/api/nope', { shop });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('CORS for admin UI extensions', () => {
  it('answers the preflight from the extension origin before auth', async () => {
    const response = await app.call('/api/session', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://extensions.shopifycdn.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(
      'https://extensions.shopifycdn.com',
    );
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
    // The product action's create sends one per click.
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/i);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('lets the extension read authenticated answers and the retry header', async () => {
    const shop = app.newShop();
    const response = await app.call('/api/session', {
      shop,
      headers: { Origin: 'https://extensions.shopifycdn.com' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(
      'https://extensions.shopifycdn.com',
    );
    expect(response.headers.get('access-control-expose-headers')).toContain(
      'X-Shopify-Retry-Invalid-Session-Request',
    );
  });

  it('gives other origins no CORS access', async () => {
    const response = await app.call('/api/session', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example.com', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
