/**
 * Authentication of the app's own API: `Authorization: Bearer <session token>`, the JWT App
 * Bridge (and admin UI extensions) attach to every request. `@shopify/shopify-api` checks the
 * HS256 signature with the app secret, `exp`/`nbf` and the audience (our API key). The shop is
 * read from the token's `dest`, never from the request body or query.
 */
import type { JwtPayload, Shopify } from '@shopify/shopify-api';
import { isShopDomain } from '../platform/keys.ts';

export class InvalidSessionTokenError extends Error {
  constructor(reason: string) {
    super(`Invalid session token: ${reason}`);
    this.name = 'InvalidSessionTokenError';
  }
}

export interface VerifiedSessionToken {
  shop: string;
  /** The raw token, needed for token exchange. */
  token: string;
  payload: JwtPayload;
}

export type SessionTokenVerifier = (
  authorization: string | undefined,
) => Promise<VerifiedSessionToken>;

export function createSessionTokenVerifier(shopify: Shopify): SessionTokenVerifier {
  return async (authorization) => {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) throw new InvalidSessionTokenError('missing bearer token');
    const token = match[1];
    let payload: JwtPayload;
    try {
      payload = await shopify.session.decodeSessionToken(token);
    } catch (error) {
      // The library's message embeds the whole token; keep it out of logs and responses.
      throw new InvalidSessionTokenError(
        /invalid API key/i.test((error as Error).message)
          ? 'wrong audience'
          : 'bad signature or expired',
      );
    }
    const shop = hostOf(payload.dest);
    // Shopify: `iss` is the shop's admin URL, on the same shop as `dest`.
    if (!shop || !isShopDomain(shop) || hostOf(payload.iss) !== shop)
      throw new InvalidSessionTokenError('token does not name a shop');
    return { shop, token, payload };
  };
}

function hostOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}
