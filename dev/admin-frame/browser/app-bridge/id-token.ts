import type { Channel } from './channel.ts';

/** Renew this long before a token expires, so a request never leaves with a dying token. */
const EARLY_RENEWAL_MS = 10_000;

/** The token's lifetime as its issuer wrote it (`exp - iat`, 60 s for Shopify's); 0 if unreadable. */
function lifetimeMs(token: string): number {
  try {
    const payload = JSON.parse(
      atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    ) as { exp?: number; iat?: number };
    return ((payload.exp ?? 0) - (payload.iat ?? 0)) * 1000;
  } catch {
    return 0;
  }
}

/**
 * `shopify.idToken()`: a session token (HS256 JWT signed with the app's secret) for the shop,
 * issued by the admin frame, which gets it from the Shopify emulator. As App Bridge does, one
 * token serves until shortly before it expires, then a fresh one is minted (one request however
 * many callers ask meanwhile); `fresh` skips it (after the server refused a token). Its age is
 * counted on this page's own clock from when it arrived, so a page clock that differs from the
 * issuer's neither keeps an expired token nor discards a good one.
 */
export function createIdToken(channel: Channel): (fresh?: boolean) => Promise<string> {
  let current: { token: string; renewAt: number } | undefined;
  let minting: Promise<string> | undefined;
  const mint = () => {
    const request = channel.call('idToken', { fresh: true }).then((token) => {
      current = { token, renewAt: performance.now() + lifetimeMs(token) - EARLY_RENEWAL_MS };
      return token;
    });
    minting = request;
    const settled = () => {
      if (minting === request) minting = undefined;
    };
    request.then(settled, settled);
    return request;
  };
  return (fresh = false) => {
    if (fresh) return mint();
    if (current && performance.now() < current.renewAt) return Promise.resolve(current.token);
    return minting ?? mint();
  };
}
