/**
 * Which shop a request is for. The app reaches `https://<shop>.myshopify.com/...` through a fetch
 * that rewrites the origin to the emulator and keeps the shop in `X-Forwarded-Host`; a client
 * may also send `Host: <shop>.myshopify.com` directly.
 */
import type { IncomingMessage } from 'node:http';

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

function hostName(value: string | string[] | undefined): string | undefined {
  const first = (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim().toLowerCase();
  return first?.replace(/:\d+$/, '');
}

export function shopDomainOf(req: IncomingMessage): string | undefined {
  for (const candidate of [hostName(req.headers['x-forwarded-host']), hostName(req.headers.host)]) {
    if (candidate && SHOP_DOMAIN.test(candidate)) return candidate;
  }
  return undefined;
}

export function isShopDomain(value: string): boolean {
  return SHOP_DOMAIN.test(value);
}
