import { describe, expect, it } from 'vitest';
import {
  createSessionTokenVerifier,
  InvalidSessionTokenError,
} from '../../src/shopify/session-token.ts';
import { API_KEY, sessionToken, testShopifyApi } from '../support/app-identity.ts';

const shopify = testShopifyApi();
const verify = createSessionTokenVerifier(shopify);
const SHOP = 'acme.myshopify.com';
const now = () => Math.floor(Date.now() / 1000);

describe('session token verification', () => {
  it('accepts a valid token and takes the shop from its dest', async () => {
    const token = sessionToken(SHOP);
    const verified = await verify(`Bearer ${token}`);
    expect(verified).toMatchObject({
      shop: SHOP,
      token,
      payload: { aud: API_KEY, dest: `https://${SHOP}` },
    });
  });

  it('rejects an expired token', async () => {
    const token = sessionToken(SHOP, { exp: now() - 60, nbf: now() - 120, iat: now() - 120 });
    await expect(verify(`Bearer ${token}`)).rejects.toThrow(
      new InvalidSessionTokenError('bad signature or expired'),
    );
  });

  it('rejects a token for another app (wrong audience)', async () => {
    await expect(verify(`Bearer ${sessionToken(SHOP, { aud: 'other-app' })}`)).rejects.toThrow(
      new InvalidSessionTokenError('wrong audience'),
    );
  });

  it('rejects a token signed with another secret', async () => {
    await expect(verify(`Bearer ${sessionToken(SHOP, {}, 'not-our-secret')}`)).rejects.toThrow(
      new InvalidSessionTokenError('bad signature or expired'),
    );
  });

  it('rejects a token whose issuer is another shop', async () => {
    const token = sessionToken(SHOP, { iss: 'https://evil.myshopify.com/admin' });
    await expect(verify(`Bearer ${token}`)).rejects.toThrow('token does not name a shop');
  });

  it.each([undefined, '', 'Basic abc', 'Bearer'])('rejects the header %j', async (header) => {
    await expect(verify(header)).rejects.toThrow(
      new InvalidSessionTokenError('missing bearer token'),
    );
  });

  it('keeps the token out of the error message', async () => {
    const token = sessionToken(SHOP, {}, 'not-our-secret');
    await expect(verify(`Bearer ${token}`)).rejects.not.toThrow(token.slice(-20));
  });
});
