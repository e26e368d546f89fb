/**
 * The fetch every Shopify call goes through (token exchange, refresh, Admin GraphQL).
 *
 * - A request without its own signal gets a timeout: the token calls made by
 *   `@shopify/shopify-api` have none, and a refresh must finish well inside the lock that keeps
 *   a rotating refresh token from being used twice (offline-tokens.ts).
 * - In development and tests, with an emulator URL configured, requests to
 *   `https://<shop>.myshopify.com/...` go to the emulator instead, with `X-Forwarded-Host`
 *   naming the shop: the rest of the app, including `@shopify/shopify-api`, keeps building the
 *   real Shopify URLs. In production nothing is rerouted.
 */
export type FetchFn = typeof fetch;

const SHOP_HOST = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
export const DEFAULT_SHOPIFY_TIMEOUT_MS = 10_000;

export function createAdminFetch(
  adminUrlOverride: string | undefined,
  baseFetch: FetchFn = globalThis.fetch,
  timeoutMs = DEFAULT_SHOPIFY_TIMEOUT_MS,
): FetchFn {
  const target = adminUrlOverride ? new URL(adminUrlOverride) : null;
  return async (input, init) => {
    const withTimeout = { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) };
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : input.toString());
    if (!target || !SHOP_HOST.test(url.hostname)) return baseFetch(input, withTimeout);
    const routed = new URL(`${url.pathname}${url.search}`, target);
    const headers = new Headers(request?.headers);
    new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
    headers.set('X-Forwarded-Host', url.hostname);
    if (!request) return baseFetch(routed, { ...withTimeout, headers });
    return baseFetch(new Request(routed, request), { ...withTimeout, headers });
  };
}
