/**
 * The shop's clock in the extensions, as in the app home: every date on the shop's time zone
 * (`GET /api/shop`), labelled with its zone where the merchant's own clock reads otherwise, and
 * written in the merchant's language by the admin's formatter (src/app-api/shop-time.ts).
 */
import type { ShopView } from '../../src/app-api/contract.ts';
import {
  formatShopTime,
  viewerTimeZone,
  type DateStyle,
  type FormatDate,
  type ShopClock,
} from '../../src/app-api/shop-time.ts';
import { appApi } from './app-api.ts';

let asking: Promise<ShopClock> | null = null;

/**
 * The shop's clock, asked once per extension; never rejects: when it cannot be read, the
 * merchant's clock with every date labelled, and the next call asks again.
 */
export function loadShopClock(): Promise<ShopClock> {
  asking ??= appApi.shop().then(
    (shop: ShopView) => ({ timeZone: shop.timeZone, viewerTimeZone: viewerTimeZone() }),
    () => {
      asking = null;
      const own = viewerTimeZone();
      return { timeZone: own, viewerTimeZone: own, labelAlways: true };
    },
  );
  return asking;
}

// One function (its identity caches the language's hour style in shop-time.ts).
const formatDate: FormatDate = (date, options) => shopify.i18n.formatDate(date, options);

/** `iso` on the shop's clock, in the merchant's language. */
export function shopTime(iso: string, clock: ShopClock, style: DateStyle = 'dateTime'): string {
  return formatShopTime(iso, clock, formatDate, style);
}

/** The formatter the shared bulk run name writes with. */
export { formatDate as extensionFormatDate };
