import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwtHs256 } from '../../../emulators/shopify/auth/session-token.ts';
import { DEFAULT_SCOPES, type ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import { createManualClock } from '../../../src/platform/clock.ts';
import {
  API_KEY,
  SHOP,
  TOKEN_EXCHANGE,
  exchangeToken,
  graphql,
  shopFetch,
  startTestEmulator,
  tokenRequest,
} from './support/emulator.ts';

const clock = createManualClock();
let emulator: ShopifyEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator({
    clock,
    productCount: 4,
    shops: [SHOP, 'other-shop.myshopify.com'],
  });
});
afterAll(() => emulator.close());

const SHOP_QUERY = '{ shop { myshopifyDomain } }';

function exchange(subjectToken: string, extra: Record<string, unknown> = {}) {
  return tokenRequest(emulator, {
    ...TOKEN_EXCHANGE,
    subject_token: subjectToken,
    expiring: '1',
    ...extra,
  });
}

describe('token exchange', () => {
  it('trades a valid session token for an expiring offline token and refresh token', async () => {
    const { status, body } = await exchange(emulator.signSessionToken(SHOP));
    expect(status).toBe(200);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^shpat_/),
      scope: DEFAULT_SCOPES.join(','),
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^shprt_/),
      refresh_token_expires_in: 90 * 24 * 3600,
    });
    const result = await graphql(emulator, String(body['access_token']), SHOP_QUERY);
    expect(result.data).toEqual({ shop: { myshopifyDomain: SHOP } });
  });

  it('gives a non-expiring token without a refresh token when expiring is not asked for', async () => {
    const { status, body } = await exchange(emulator.signSessionToken(SHOP), { expiring: '0' });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['access_token', 'scope']);
  });

  it('refuses a session token signed with another secret', async () => {
    const claims = JSON.parse(
      Buffer.from(emulator.signSessionToken(SHOP).split('.')[1]!, 'base64url').toString(),
    ) as object;
    const { status, body } = await exchange(signJwtHs256(claims, 'not-the-app-secret'));
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'invalid_subject_token',
      error_description: 'Subject token is invalid',
    });
  });

  it('refuses an expired session token', async () => {
    const now = Math.floor(clock.now() / 1000);
    const token = emulator.signSessionToken(SHOP, {
      iat: now - 120,
      nbf: now - 120,
      exp: now - 60,
    });
    expect((await exchange(token)).body['error']).toBe('invalid_subject_token');
  });

  it('refuses a session token for another app', async () => {
    const token = emulator.signSessionToken(SHOP, { aud: 'someone-elses-client-id' });
    expect((await exchange(token)).body['error']).toBe('invalid_subject_token');
  });

  it('refuses a session token for another shop than the one asked', async () => {
    const token = emulator.signSessionToken('other-shop.myshopify.com');
    const { status, body } = await exchange(token);
    expect(status).toBe(400);
    expect(body['error']).toBe('invalid_subject_token');
  });

  it('refuses wrong client credentials', async () => {
    const { status, body } = await tokenRequest(emulator, {
      ...TOKEN_EXCHANGE,
      subject_token: emulator.signSessionToken(SHOP),
      client_secret: 'wrong',
    });
    expect(status).toBe(400);
    expect(body['error']).toBe('invalid_client');
  });

  it('accepts a form-encoded request too', async () => {
    const form = new URLSearchParams({
      ...TOKEN_EXCHANGE,
      client_id: API_KEY,
      client_secret: 'test-client-secret',
      subject_token: emulator.signSessionToken(SHOP),
      expiring: '1',
    });
    const response = await shopFetch(emulator, '/admin/oauth/access_token', {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(200);
  });
});

describe('refresh', () => {
  it('rotates both tokens, and the new access token works', async () => {
    const first = await exchangeToken(emulator);
    const { status, body } = await tokenRequest(emulator, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(status).toBe(200);
    expect(body['access_token']).not.toBe(first.access_token);
    expect(body['refresh_token']).not.toBe(first.refresh_token);
    expect(body['expires_in']).toBe(3600);
    expect((await graphql(emulator, String(body['access_token']), SHOP_QUERY)).status).toBe(200);
  });

  it('keeps a used refresh token usable until its replacement is used, then retires it', async () => {
    const first = await exchangeToken(emulator);
    const refresh = (token: string) =>
      tokenRequest(emulator, { grant_type: 'refresh_token', refresh_token: token });
    const second = await refresh(first.refresh_token);
    expect((await refresh(first.refresh_token)).status).toBe(200); // a lost response can be retried
    expect((await refresh(String(second.body['refresh_token']))).status).toBe(200);
    const retired = await refresh(first.refresh_token);
    expect(retired.status).toBe(400);
    expect(retired.body['error']).toBe('invalid_grant');
  });

  it('refuses an expired refresh token', async () => {
    const pair = await exchangeToken(emulator);
    clock.advance(90 * 24 * 3600 * 1000 + 1000);
    const { status, body } = await tokenRequest(emulator, {
      grant_type: 'refresh_token',
      refresh_token: pair.refresh_token,
    });
    expect(status).toBe(400);
    expect(body['error']).toBe('invalid_grant');
  });

  it('refuses a refresh token of another shop', async () => {
    const pair = await exchangeToken(emulator, 'other-shop.myshopify.com');
    const { status } = await tokenRequest(emulator, {
      grant_type: 'refresh_token',
      refresh_token: pair.refresh_token,
    });
    expect(status).toBe(400);
  });
});

describe('Admin API authentication', () => {
  const invalid = {
    errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
  };

  it('answers 401 to an unknown access token', async () => {
    const result = await graphql(emulator, 'shpat_unknown', SHOP_QUERY);
    expect(result.status).toBe(401);
    expect(result).toMatchObject(invalid);
  });

  it('answers 401 once the access token has expired, and the refreshed one works', async () => {
    const pair = await exchangeToken(emulator);
    clock.advance(3601 * 1000);
    expect((await graphql(emulator, pair.access_token, SHOP_QUERY)).status).toBe(401);
    const { body } = await tokenRequest(emulator, {
      grant_type: 'refresh_token',
      refresh_token: pair.refresh_token,
    });
    expect((await graphql(emulator, String(body['access_token']), SHOP_QUERY)).status).toBe(200);
  });

  it('expires access tokens on request from the control surface', async () => {
    const pair = await exchangeToken(emulator);
    const response = await fetch(`${emulator.url}/__emulator/shops/${SHOP}/tokens`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ expireAccessTokens: true }),
    });
    expect(response.status).toBe(200);
    expect((await graphql(emulator, pair.access_token, SHOP_QUERY)).status).toBe(401);
  });

  it("answers 401 to a token used on another shop's domain", async () => {
    const pair = await exchangeToken(emulator);
    expect(
      (await graphql(emulator, pair.access_token, SHOP_QUERY, {}, 'other-shop.myshopify.com'))
        .status,
    ).toBe(401);
  });

  it('answers 404 for a shop that does not exist', async () => {
    const pair = await exchangeToken(emulator);
    expect(
      (await graphql(emulator, pair.access_token, SHOP_QUERY, {}, 'nowhere.myshopify.com')).status,
    ).toBe(404);
  });
});
