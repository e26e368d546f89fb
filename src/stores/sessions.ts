/**
 * The shop's offline token pair. The access token, refresh token and their expiry travel as ONE
 * sealed value written with one command, so a reader never sees a new access token next to an
 * old refresh token (rotating refresh tokens make a mixed pair unusable). The granted scope sits
 * beside it in the same hash so that `app/scopes_update` can change it without the secret box.

 */
import type { Redis } from '../platform/redis/connection.ts';
import type { SecretBox } from '../platform/crypto.ts';
import { shopKeyspace } from '../platform/keys.ts';
import { luaScript } from '../platform/redis/lua-script.ts';

const sessionKeys = shopKeyspace('session');

export interface OfflineSession {
  shop: string;
  accessToken: string;
  /** Epoch ms; null for a token that does not expire. */
  expiresAt: number | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: number | null;
  /** Comma-separated access scopes, as Shopify reports them. */
  scope: string;
}

export interface SessionStore {
  get(shop: string): Promise<OfflineSession | null>;
  save(session: OfflineSession): Promise<void>;
  /** Returns whether a session existed. */
  delete(shop: string): Promise<boolean>;
  /** Updates the granted scope of an existing session; returns false when there is none. */
  updateScope(shop: string, scope: string): Promise<boolean>;
}

interface SealedTokens {
  accessToken: string;
  expiresAt: number | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: number | null;
}

const UPDATE_SCOPE_IF_EXISTS = luaScript(
  new URL('./lua/update-scope-if-exists.lua', import.meta.url),
  { keys: ['session'], args: ['scope'] },
);

export function createSessionStore(deps: { redis: Redis; secrets: SecretBox }): SessionStore {
  const { redis, secrets } = deps;
  const keyOf = (shop: string) => sessionKeys.key(shop, 'offline');
  const context = (shop: string) => `${shop}:session:offline`;

  return {
    async get(shop) {
      const [sealed, scope] = await redis.hmget(keyOf(shop), 'tokens', 'scope');
      if (!sealed) return null;
      const tokens = JSON.parse(secrets.open(sealed, context(shop))) as SealedTokens;
      return { shop, ...tokens, scope: scope ?? '' };
    },
    async save(session) {
      const tokens: SealedTokens = {
        accessToken: session.accessToken,
        expiresAt: session.expiresAt,
        refreshToken: session.refreshToken,
        refreshTokenExpiresAt: session.refreshTokenExpiresAt,
      };
      await redis.hset(keyOf(session.shop), {
        tokens: secrets.seal(JSON.stringify(tokens), context(session.shop)),
        scope: session.scope,
      });
    },
    async delete(shop) {
      return (await redis.del(keyOf(shop))) === 1;
    },
    async updateScope(shop, scope) {
      return (await UPDATE_SCOPE_IF_EXISTS(redis, { session: keyOf(shop) }, { scope })) === 1;
    },
  };
}
