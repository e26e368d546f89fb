/**
 * The shop's offline access token: what the server and the workers use to call the Admin API.
 *
 *  - The first authenticated request of a shop without a stored token exchanges its session
 *    token for an EXPIRING offline token (access + rotating refresh token), stored as one pair.
 *  - Before the access token expires (within `refreshMarginMs`), it is refreshed. A refresh
 *    token may be used only once, and several processes (web, workers) may notice the expiry
 *    together, so a refresh runs under a per-shop Redis lock and re-reads the stored pair first:
 *    whoever comes second finds the fresh pair and uses it.
 *  - A token Shopify no longer accepts (app reinstalled, refresh token revoked or expired) is
 *    deleted and reported as `ReauthRequiredError`: the web layer answers with the response
 *    App Bridge needs to retry with a fresh session token, which triggers a new exchange.
 */
import {
  HttpResponseError,
  RequestedTokenType,
  type Session,
  type Shopify,
} from '@shopify/shopify-api';
import type { Redis } from '../platform/redis/connection.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/logger.ts';
import { shopKeyspace } from '../platform/keys.ts';
import { withRedisLock } from '../platform/redis/lock.ts';
import type { OfflineSession, SessionStore } from '../stores/sessions.ts';

const lockKeys = shopKeyspace('lock');

/** The shop has no usable offline token; only a new session token (the merchant) can fix it. */
export class ReauthRequiredError extends Error {
  readonly shop: string;
  constructor(shop: string, reason: string) {
    super(`Shopify access for ${shop} needs re-authentication: ${reason}`);
    this.name = 'ReauthRequiredError';
    this.shop = shop;
  }
}

/** Shopify's token endpoint could not be reached or failed (transient: retry later). */
export class TokenEndpointError extends Error {
  constructor(shop: string, action: string, cause: unknown) {
    super(`Token ${action} for ${shop} failed: ${(cause as Error).message}`, { cause });
    this.name = 'TokenEndpointError';
  }
}

export interface OfflineTokens {
  /**
   * Request path: returns the shop's token pair, exchanging `sessionToken` when the shop has
   * none (first call) or its stored pair can no longer be refreshed.
   */
  ensure(shop: string, sessionToken: string): Promise<OfflineSession>;
  /** A usable access token, refreshed first when it expires within the margin. */
  accessToken(shop: string): Promise<string>;
  /** Shopify answered 401 to `rejectedToken`: refresh once (unless another caller already did). */
  recover(shop: string, rejectedToken: string): Promise<string>;
}

export interface OfflineTokensOptions {
  shopify: Shopify;
  sessions: SessionStore;
  redis: Redis;
  clock: Clock;
  logger: Logger;
  /** Refresh when the access token expires within this margin (default 5 minutes). */
  refreshMarginMs?: number;
  /** Lock lifetime and wait; a token call takes well under a second (defaults 15 s / 20 s). */
  lockTtlMs?: number;
  lockWaitMs?: number;
}

export function createOfflineTokens(options: OfflineTokensOptions): OfflineTokens {
  const { shopify, sessions, redis, clock } = options;
  const log = options.logger.child({ component: 'offline-tokens' });
  const margin = options.refreshMarginMs ?? 5 * 60_000;
  const lockOptions = { ttlMs: options.lockTtlMs ?? 15_000, waitMs: options.lockWaitMs ?? 20_000 };
  // In-process single flight in front of the cross-process lock: concurrent callers of one
  // process share one lock round trip instead of polling for it one after another.
  const inFlight = new Map<string, Promise<OfflineSession>>();

  const isFresh = (session: OfflineSession) =>
    session.expiresAt === null || session.expiresAt - clock.now() > margin;
  const isUsable = (session: OfflineSession) =>
    session.expiresAt === null || session.expiresAt > clock.now();

  /** `flight` names what is being done, so only callers wanting the same outcome share it. */
  function singleFlight(
    shop: string,
    flight: string,
    work: () => Promise<OfflineSession>,
  ): Promise<OfflineSession> {
    const id = `${shop} ${flight}`;
    const running = inFlight.get(id);
    if (running) return running;
    const lockKey = lockKeys.key(shop, 'offline-token');
    const promise = withRedisLock(redis, clock, lockKey, lockOptions, work).finally(() =>
      inFlight.delete(id),
    );
    inFlight.set(id, promise);
    return promise;
  }

  /** The library stamps expiry with the wall clock; re-base it on our clock (tests shift it). */
  function toOfflineSession(shop: string, session: Session): OfflineSession {
    const rebase = (date: Date | undefined) =>
      date ? clock.now() + (date.getTime() - Date.now()) : null;
    if (!session.accessToken) throw new Error('Shopify returned no access token');
    return {
      shop,
      accessToken: session.accessToken,
      expiresAt: rebase(session.expires),
      refreshToken: session.refreshToken ?? null,
      refreshTokenExpiresAt: rebase(session.refreshTokenExpires),
      scope: session.scope ?? '',
    };
  }

  /**
   * Under the lock. `staleAccessToken`: the token Shopify rejected (refresh unless it was already
   * replaced); null: refresh unless the stored pair is fresh by now.
   */
  async function refreshLocked(
    shop: string,
    staleAccessToken: string | null,
  ): Promise<OfflineSession> {
    const current = await sessions.get(shop);
    if (!current) throw new ReauthRequiredError(shop, 'no offline token stored');
    // Someone refreshed while we waited for the lock.
    if (staleAccessToken !== null ? current.accessToken !== staleAccessToken : isFresh(current))
      return current;
    if (!current.refreshToken) return drop(shop, 'the stored token cannot be refreshed');
    if (current.refreshTokenExpiresAt !== null && current.refreshTokenExpiresAt <= clock.now())
      return drop(shop, 'the refresh token expired');
    try {
      const { session } = await shopify.auth.refreshToken({
        shop,
        refreshToken: current.refreshToken,
      });
      const next = toOfflineSession(shop, session);
      await sessions.save(next);
      log.info({ shop }, 'offline token refreshed');
      return next;
    } catch (error) {
      if (isRejection(error)) return drop(shop, 'Shopify rejected the refresh token');
      // Transient: keep the pair; the current access token serves until it actually expires.
      if (staleAccessToken === null && isUsable(current)) {
        log.warn({ shop, err: error }, 'offline token refresh failed; using the current token');
        return current;
      }
      throw new TokenEndpointError(shop, 'refresh', error);
    }
  }

  async function drop(shop: string, reason: string): Promise<never> {
    await sessions.delete(shop);
    log.warn({ shop, reason }, 'offline token dropped; the shop must re-authenticate');
    throw new ReauthRequiredError(shop, reason);
  }

  async function exchangeLocked(shop: string, sessionToken: string): Promise<OfflineSession> {
    const current = await sessions.get(shop);
    if (current && isFresh(current)) return current;
    try {
      const { session } = await shopify.auth.tokenExchange({
        shop,
        sessionToken,
        requestedTokenType: RequestedTokenType.OfflineAccessToken,
        expiring: true,
      });
      const next = toOfflineSession(shop, session);
      await sessions.save(next);
      log.info({ shop, scope: next.scope }, 'offline token obtained by token exchange');
      return next;
    } catch (error) {
      // An invalid or stale subject token: App Bridge retries with a fresh one.
      if (isRejection(error))
        throw new ReauthRequiredError(shop, 'Shopify rejected the session token');
      // Shopify does not know the shop (deleted, or a token for the wrong store): no retry of
      // ours can fix that, so it is a 401 for the merchant, not a 503 "Shopify is not responding".
      if (isUnknownShop(error))
        throw new ReauthRequiredError(shop, 'Shopify does not know this shop');
      throw new TokenEndpointError(shop, 'exchange', error);
    }
  }

  async function freshSession(shop: string): Promise<OfflineSession> {
    const session = await sessions.get(shop);
    if (!session) throw new ReauthRequiredError(shop, 'no offline token stored');
    if (isFresh(session)) return session;
    return singleFlight(shop, 'refresh', () => refreshLocked(shop, null));
  }

  return {
    async ensure(shop, sessionToken) {
      try {
        return await freshSession(shop);
      } catch (error) {
        if (!(error instanceof ReauthRequiredError)) throw error;
        return singleFlight(shop, 'exchange', () => exchangeLocked(shop, sessionToken));
      }
    },
    async accessToken(shop) {
      return (await freshSession(shop)).accessToken;
    },
    async recover(shop, rejectedToken) {
      return (
        await singleFlight(shop, `recover ${rejectedToken}`, () =>
          refreshLocked(shop, rejectedToken),
        )
      ).accessToken;
    },
  };
}

/** The shop's token endpoint does not exist: 404 (what Shopify and the emulator answer). */
function isUnknownShop(error: unknown): boolean {
  return error instanceof HttpResponseError && error.response.code === 404;
}

/** Shopify refused the grant itself (400/401/403), as opposed to failing to answer. */
function isRejection(error: unknown): boolean {
  return error instanceof HttpResponseError && [400, 401, 403].includes(error.response.code);
}
