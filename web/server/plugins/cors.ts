/**
 * CORS for the admin UI extensions, which run on Shopify's extension CDN and call the app's API
 * with `fetch` (the session token in `Authorization`). Preflights are answered here, before
 * authentication: a browser sends them without credentials, so they could never pass it.
 * Other origins get no CORS headers (the app home is same-origin and needs none).
 */
import type { RequestHandler } from 'express';
import { RETRY_INVALID_SESSION_HEADER } from './error-handler.ts';

export const EXTENSION_ORIGIN = 'https://extensions.shopifycdn.com';

export function extensionCors(
  allowedOrigins: readonly string[] = [EXTENSION_ORIGIN],
): RequestHandler {
  return (req, res, next) => {
    const origin = req.headers.origin;
    res.vary('Origin');
    if (origin && allowedOrigins.includes(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader(
        'Access-Control-Expose-Headers',
        `${RETRY_INVALID_SESSION_HEADER}, X-Request-Id, Retry-After`,
      );
    }
    if (req.method !== 'OPTIONS') return next();
    if (origin && allowedOrigins.includes(origin)) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      // Idempotency-Key: the product action's create sends one per click.
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key');
      res.setHeader('Access-Control-Max-Age', '600');
    }
    res.status(204).end();
  };
}
