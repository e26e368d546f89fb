/**
 * The shop's time zone (Shopify's `Shop.ianaTimezone`), the one clock everything a merchant reads
 * is on: the rules' daily cap, campaigns' start and end, and every date the app home and the
 * admin extensions show (`GET /api/shop`). One reader for all of them, so two features can never
 * disagree about a shop's day.
 *
 * A shop's zone changes rarely (its owner sets it once in Settings › General): it is read from
 * Shopify at most hourly per process, and concurrent misses share one request (the app home asks
 * for it on every page load, its polls too).
 */
import type { Clock } from '../platform/clock.ts';
import { singleFlightCache } from '../platform/single-flight.ts';
import type { AdminClientFactory } from './admin-client.ts';
import { SHOP_TIME_ZONE } from './operations/shop.ts';

export const TIME_ZONE_TTL_MS = 3_600_000;

export interface ShopTimeZones {
  /** The shop's IANA time zone ("America/New_York"). */
  of(shop: string): Promise<string>;
}

export function createShopTimeZones(deps: {
  admin: Pick<AdminClientFactory, 'forShop'>;
  clock: Clock;
}): ShopTimeZones {
  const zones = singleFlightCache<string>({
    compute: async (shop) => {
      const data = await deps.admin.forShop(shop).request(SHOP_TIME_ZONE);
      return data.shop.ianaTimezone;
    },
    ttlMs: TIME_ZONE_TTL_MS,
    clock: deps.clock,
  });
  return { of: (shop) => zones.get(shop) };
}
