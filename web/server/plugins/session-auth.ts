/**
 * Authenticates the app's API: verifies the session token (shop taken from the token), counts
 * the request against the shop's rate limit (`limit`, when given: before anything is read for
 * the shop), then makes sure the shop has an offline token (token exchange on its first call).
 * Sets `req.shop`.
 * An invalid or expired session token, or an offline token Shopify revoked, becomes a 401 with
 * `X-Shopify-Retry-Invalid-Session-Request: 1` in the error handler.
 */
import type { Request, RequestHandler } from 'express';
import type { App } from '../../../src/app/index.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The authenticated shop (set by session auth on /api routes). */
    shop?: string;
  }
}

export function sessionAuth(
  deps: Pick<App, 'verifySessionToken' | 'offlineTokens'>,
  options: { limit?: (shop: string) => Promise<void> } = {},
): RequestHandler {
  return async (req, _res, next) => {
    const { shop, token } = await deps.verifySessionToken(req.headers.authorization);
    await options.limit?.(shop);
    await deps.offlineTokens.ensure(shop, token);
    req.shop = shop;
    req.log = req.log.child({ shop });
    next();
  };
}

/** The authenticated shop of an /api request (a route outside session auth is a bug). */
export function shopOf(req: Request): string {
  if (!req.shop) throw new Error('shopOf() called on a request without session auth');
  return req.shop;
}
