/** Token exchange and refresh against the Shopify emulator, with the suite's Redis. */
import { describe, expect, it } from 'vitest';
import { declaredScopesOfApp } from '../../src/shopify/declared-scopes.ts';
import { ReauthRequiredError } from '../../src/shopify/offline-tokens.ts';
import { ShopQuery } from '../../src/shopify/operations/index.ts';
import { startShopifyStack } from './support/shopify-stack.ts';

const stack = await startShopifyStack();
const MINUTE = 60_000;

describe('offline tokens', () => {
  it('exchange the session token for an expiring offline token on the first call', async () => {
    const { shop, sessionToken } = stack.newShop();
    const session = await stack.tokens.ensure(shop, sessionToken());
    expect(session).toMatchObject({
      shop,
      accessToken: expect.stringMatching(/^shpat_/),
      refreshToken: expect.stringMatching(/^shprt_/),
      scope: declaredScopesOfApp().join(','),
    });
    expect(session.expiresAt! - stack.clock.now()).toBeGreaterThan(59 * MINUTE);
    expect(await stack.sessions.get(shop)).toEqual(session);
    const data = await stack.admin.forShop(shop).request(ShopQuery);
    expect(data.shop.myshopifyDomain).toBe(shop);
  });

  it('exchange only once for a shop', async () => {
    const { shop, sessionToken } = stack.newShop();
    const calls = stack.tokenCalls.length;
    const [first, second] = await Promise.all([
      stack.tokens.ensure(shop, sessionToken()),
      stack.makeTokens().ensure(shop, sessionToken()),
    ]);
    const third = await stack.tokens.ensure(shop, sessionToken());
    expect(second.accessToken).toBe(first.accessToken);
    expect(third.accessToken).toBe(first.accessToken);
    expect(stack.tokenCalls.slice(calls)).toHaveLength(1);
  });

  it('refresh the access token before it expires, once across processes', async () => {
    const { shop, sessionToken } = stack.newShop();
    const initial = await stack.tokens.ensure(shop, sessionToken());
    expect(await stack.tokens.accessToken(shop)).toBe(initial.accessToken);

    stack.clock.advance(56 * MINUTE); // within the 5-minute margin of the 60-minute token
    const calls = stack.tokenCalls.length;
    const other = stack.makeTokens();
    const tokens = await Promise.all([
      ...Array.from({ length: 4 }, () => stack.tokens.accessToken(shop)),
      ...Array.from({ length: 4 }, () => other.accessToken(shop)),
    ]);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(initial.accessToken);
    expect(stack.tokenCalls.slice(calls)).toEqual(['refresh_token']);
    const stored = await stack.sessions.get(shop);
    expect(stored?.accessToken).toBe(tokens[0]);
    expect(stored?.refreshToken).not.toBe(initial.refreshToken);
    await expect(stack.admin.forShop(shop).request(ShopQuery)).resolves.toBeDefined();
  });

  it('recover from an access token Shopify rejects by refreshing it', async () => {
    const { shop, sessionToken } = stack.newShop();
    const initial = await stack.tokens.ensure(shop, sessionToken());
    await stack.shopifyControl('PATCH', `/shops/${shop}/tokens`, { expireAccessTokens: true });
    const data = await stack.admin.forShop(shop).request(ShopQuery);
    expect(data.shop.myshopifyDomain).toBe(shop);
    expect((await stack.sessions.get(shop))?.accessToken).not.toBe(initial.accessToken);
  });

  it('report a revoked token as re-authentication needed, then exchange again', async () => {
    const { shop, sessionToken } = stack.newShop();
    await stack.tokens.ensure(shop, sessionToken());
    await stack.shopifyControl('PATCH', `/shops/${shop}/tokens`, {
      expireAccessTokens: true,
      expireRefreshTokens: true,
    });
    await expect(stack.admin.forShop(shop).request(ShopQuery)).rejects.toBeInstanceOf(
      ReauthRequiredError,
    );
    expect(await stack.sessions.get(shop)).toBeNull();
    await expect(stack.tokens.accessToken(shop)).rejects.toBeInstanceOf(ReauthRequiredError);

    await stack.tokens.ensure(shop, sessionToken());
    await expect(stack.admin.forShop(shop).request(ShopQuery)).resolves.toBeDefined();
  });

  it('report re-authentication needed when the refresh token has expired', async () => {
    const { shop, sessionToken } = stack.newShop();
    await stack.tokens.ensure(shop, sessionToken());
    stack.clock.advance(91 * 24 * 60 * MINUTE);
    await expect(stack.tokens.accessToken(shop)).rejects.toThrow('the refresh token expired');
    expect(await stack.sessions.get(shop)).toBeNull();
  });

  it('refuse the exchange for a shop that uninstalled the app', async () => {
    const { shop, sessionToken } = stack.newShop();
    await stack.shopifyControl('POST', `/shops/${shop}/uninstall`);
    await expect(stack.tokens.ensure(shop, sessionToken())).rejects.toThrow(
      'Shopify rejected the session token',
    );
  });
});
