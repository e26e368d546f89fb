/**
 * The shop as every page needs it before it shows a date (`GET /api/shop`): its domain and its
 * clock, Shopify's time zone, the one the rules' day and the campaigns' times are on too.
 */
import type { ShopView } from '../../app-api/contract.ts';
import type { ShopTimeZones } from '../../shopify/shop-time-zone.ts';

export interface ShopService {
  get(shop: string): Promise<ShopView>;
}

export function createShopService(deps: { timeZones: ShopTimeZones }): ShopService {
  return {
    async get(shop) {
      return { shop, timeZone: await deps.timeZones.of(shop) };
    },
  };
}
