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

/**
 * CORS for the storefront's web pixel, which posts event batches from shoppers' browsers on any
 * shop's domain (custom domains included) or from its sandbox (an opaque `null` origin): every
 * origin is allowed, without credentials, as the batches carry none and the route trusts no
 * caller anyway (it validates, rate-limits and caps every batch). A pixel sends with
 * `sendBeacon` or `fetch` as `text/plain`, a simple request that needs no preflight (a
 * beacon cannot make one); a `fetch` with `application/json` gets its preflight answered here,
 * cached for a day.
 */
export function storefrontCors(): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After');
    if (req.method !== 'OPTIONS') return next();
    res.setHeader('Access-Control-Allow-Methods', 'POST');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '86400');
    res.status(204).end();
  };
}
