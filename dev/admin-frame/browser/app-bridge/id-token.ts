import type { Channel } from './channel.ts';

/** Renew this long before the token's `exp`, so a request never leaves with a dying token. */
const EARLY_RENEWAL_MS = 10_000;

function expiresAt(token: string): number {
  try {
    const payload = JSON.parse(
      atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    ) as {
      exp?: number;
    };
    return (payload.exp ?? 0) * 1000;
  } catch {
    return 0;
  }
}

/**
 * `shopify.idToken()`: a session token (HS256 JWT signed with the app's secret) for the shop,
 * issued by the admin frame, which gets it from the Shopify emulator. Cached until shortly
 * before it expires; `fresh` skips the cache (after the server refused a token).
 */
export function createIdToken(channel: Channel): (fresh?: boolean) => Promise<string> {
  let cached: { token: string; expiresAt: number } | undefined;
  let inFlight: Promise<string> | undefined;
  return (fresh = false) => {
    if (!fresh && cached && cached.expiresAt - EARLY_RENEWAL_MS > Date.now()) {
      return Promise.resolve(cached.token);
    }
    if (!fresh && inFlight) return inFlight;
    const request = channel.call('idToken', { fresh }).then((token) => {
      cached = { token, expiresAt: expiresAt(token) };
      return token;
    });
    inFlight = request.finally(() => {
      if (inFlight === request) inFlight = undefined;
    });
    return request;
  };
}
