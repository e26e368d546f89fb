/**
 * When a shop's saves first met the Shopify outage they are in (one key per shop, shop
 * keyspace): the ceiling of the wait for Shopify (shopify-outage.ts) counts from then for every
 * result of the shop, not from each result's own first failure. Saves take turns
 * (limits/stage-turns.ts): through a long outage the results already waiting keep their places
 * ahead of the others, which may meet the outage hours after it began; counted from their own
 * first failure, they would fail a ceiling's time after those (a few at a time, each 6 hours
 * later), though Shopify had not answered the shop for as long.
 *
 * Also what the shop's saving results waiting in line say meanwhile: waiting for Shopify
 * (src/features/generations/generation-views.ts).
 *
 * Forgotten when Shopify answers the shop again, or a while after the ceiling (nothing left to
 * say then: every result that meets the outage fails at once).
 */
import { shopKeyspace } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';

const keys = shopKeyspace('shopify-down');

export interface ShopifyDownSince {
  /** When the shop's current outage began (ms): `now` when this is its first failure. */
  since(shop: string, now: number, keepMs: number): Promise<number>;
  /** Shopify answered the shop: its outage, if any, is over. */
  answered(shop: string): Promise<void>;
  /** When the outage the shop's saves are waiting out now began (ms), or null: none. */
  downSince(shop: string): Promise<number | null>;
}

export function createShopifyDownSince(redis: Redis): ShopifyDownSince {
  return {
    async since(shop, now, keepMs) {
      // SET NX GET (Redis 7.0): the time already recorded, or null when this one was.
      const earlier = await redis.set(keys.key(shop), String(now), 'PX', keepMs, 'NX', 'GET');
      return earlier === null ? now : Number(earlier);
    },
    async answered(shop) {
      await redis.del(keys.key(shop));
    },
    async downSince(shop) {
      const since = await redis.get(keys.key(shop));
      return since === null ? null : Number(since);
    },
  };
}
