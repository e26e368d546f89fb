/**
 * The app's identity in tests and a session token signer standing in for App Bridge: the
 * emulator's own HS256 signer, so tokens are made exactly as the emulator (Shopify) makes them.
 */
import {
  defaultSessionTokenClaims,
  signJwtHs256,
  type SessionTokenClaims,
} from '../../emulators/shopify/auth/session-token.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createShopifyApi, type Shopify } from '../../src/shopify/shopify-api.ts';

export const API_KEY = 'test-api-key';
export const API_SECRET = 'test-api-secret';

export function sessionToken(
  shop: string,
  overrides: Partial<SessionTokenClaims> = {},
  secret = API_SECRET,
): string {
  return signJwtHs256(
    { ...defaultSessionTokenClaims(shop, API_KEY, Date.now()), ...overrides },
    secret,
  );
}

/** The `@shopify/shopify-api` instance of an app with this identity (no network calls made). */
export function testShopifyApi(): Shopify {
  return createShopifyApi({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    appUrl: 'https://app.example.com',
    scopes: ['write_products'],
    fetch: globalThis.fetch,
    logger: createLogger({ level: 'silent' }),
  });
}
