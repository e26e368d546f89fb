/**
 * The shop's published locales (`shopLocales(published: true)`), kept an hour per shop (one key,
 * shop keyspace): every result of the shop needs them, and a merchant publishes a language a
 * few times in a shop's life, so a result published within the hour after one may miss it (a
 * bulk run of 500 reads them once, not 500 times).
 */
import { shopKeyspace } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { SHOP_LOCALES } from '../../shopify/operations/translations.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';

const keys = shopKeyspace('shop-locales');

/** How long a shop's locales are kept. */
export const SHOP_LOCALES_TTL_MS = 60 * 60 * 1000;

export interface PublishedLocales {
  primary: string;
  /** The other published locales, in Shopify's order. */
  others: string[];
}

export interface ShopLocales {
  /** The shop's published locales, read from Shopify when not kept. */
  get(shop: string, admin: AdminGraphql): Promise<PublishedLocales>;
}

export function createShopLocales(redis: Redis): ShopLocales {
  return {
    async get(shop, admin) {
      const kept = await redis.get(keys.key(shop));
      if (kept) return JSON.parse(kept) as PublishedLocales;
      const { shopLocales } = await admin.request(SHOP_LOCALES, {});
      const primary = shopLocales.find((locale) => locale.primary)?.locale ?? 'en';
      const locales: PublishedLocales = {
        primary,
        others: shopLocales.filter((locale) => !locale.primary).map((locale) => locale.locale),
      };
      await redis.set(keys.key(shop), JSON.stringify(locales), 'PX', SHOP_LOCALES_TTL_MS);
      return locales;
    },
  };
}
