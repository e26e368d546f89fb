/**
 * Access and refresh tokens the emulator has issued, per shop.
 *
 * Expiring offline tokens follow Shopify's documented behaviour: the access token lives
 * `expires_in` seconds (one hour by default), every refresh returns a new access token and a new
 * refresh token, and the refresh token that was just used stays usable until its replacement is
 * used (so an app that lost a refresh response can retry), then it is retired
 * (https://shopify.dev/changelog/more-resilient-refreshes-for-expiring-offline-access-tokens).
 * Access tokens issued earlier keep working until they expire. Uninstalling revokes everything.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../src/platform/clock.ts';

export interface TokenGrant {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

interface AccessTokenRecord {
  shop: string;
  expiresAt: number | null;
  revoked: boolean;
}

interface RefreshTokenRecord {
  shop: string;
  expiresAt: number;
  predecessor: string | null;
  retired: boolean;
  revoked: boolean;
}

export interface TokenLifetimes {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

export type RefreshOutcome = { ok: true; grant: TokenGrant } | { ok: false; reason: string };

export class TokenRegistry {
  private readonly accessTokens = new Map<string, AccessTokenRecord>();
  private readonly refreshTokens = new Map<string, RefreshTokenRecord>();
  private readonly clock: Clock;
  private readonly lifetimes: TokenLifetimes;
  private readonly scopesOf: (shop: string) => string[];

  constructor(clock: Clock, lifetimes: TokenLifetimes, scopesOf: (shop: string) => string[]) {
    this.clock = clock;
    this.lifetimes = lifetimes;
    this.scopesOf = scopesOf;
  }

  /** A new token (pair) for the shop, as token exchange hands it out. */
  issue(shop: string, expiring: boolean, predecessor: string | null = null): TokenGrant {
    const now = this.clock.now();
    const accessToken = `shpat_${randomBytes(16).toString('hex')}`;
    const scope = this.scopesOf(shop).join(',');
    if (!expiring) {
      this.accessTokens.set(accessToken, { shop, expiresAt: null, revoked: false });
      return { access_token: accessToken, scope };
    }
    const { accessTokenTtlSeconds, refreshTokenTtlSeconds } = this.lifetimes;
    const refreshToken = `shprt_${randomBytes(16).toString('hex')}`;
    this.accessTokens.set(accessToken, {
      shop,
      expiresAt: now + accessTokenTtlSeconds * 1000,
      revoked: false,
    });
    this.refreshTokens.set(refreshToken, {
      shop,
      expiresAt: now + refreshTokenTtlSeconds * 1000,
      predecessor,
      retired: false,
      revoked: false,
    });
    return {
      access_token: accessToken,
      scope,
      expires_in: accessTokenTtlSeconds,
      refresh_token: refreshToken,
      refresh_token_expires_in: refreshTokenTtlSeconds,
    };
  }

  /** The refresh grant: rotates both tokens. The shop must match the host the request went to. */
  refresh(refreshToken: string, shop: string): RefreshOutcome {
    const record = this.refreshTokens.get(refreshToken);
    if (!record || record.shop !== shop) return { ok: false, reason: 'unknown refresh token' };
    if (record.revoked) return { ok: false, reason: 'refresh token revoked' };
    if (record.retired) return { ok: false, reason: 'refresh token already replaced' };
    if (record.expiresAt <= this.clock.now()) return { ok: false, reason: 'refresh token expired' };
    if (record.predecessor) {
      const previous = this.refreshTokens.get(record.predecessor);
      if (previous) previous.retired = true;
    }
    return { ok: true, grant: this.issue(shop, true, refreshToken) };
  }

  /** Whether an access token may call the Admin API of this shop right now. */
  isValidAccessToken(accessToken: string, shop: string): boolean {
    const record = this.accessTokens.get(accessToken);
    if (!record || record.revoked || record.shop !== shop) return false;
    return record.expiresAt === null || record.expiresAt > this.clock.now();
  }

  /** Uninstall: nothing issued for the shop works any more. */
  revokeShop(shop: string): void {
    for (const record of this.accessTokens.values())
      if (record.shop === shop) record.revoked = true;
    for (const record of this.refreshTokens.values())
      if (record.shop === shop) record.revoked = true;
  }

  /** Test control: the shop's access tokens expire now (refresh tokens stay valid). */
  expireAccessTokens(shop: string): number {
    let count = 0;
    const now = this.clock.now();
    for (const record of this.accessTokens.values()) {
      if (record.shop === shop && record.expiresAt !== null && record.expiresAt > now) {
        record.expiresAt = now;
        count += 1;
      }
    }
    return count;
  }

  /** Test control: the shop's refresh tokens expire now. */
  expireRefreshTokens(shop: string): number {
    let count = 0;
    const now = this.clock.now();
    for (const record of this.refreshTokens.values()) {
      if (record.shop === shop && record.expiresAt > now) {
        record.expiresAt = now;
        count += 1;
      }
    }
    return count;
  }
}
