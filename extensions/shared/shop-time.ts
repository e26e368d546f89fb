/**
 * How the extensions write an instant, as the app home does: on the shop's clock (shop-clock.ts
 * asks for it), in the merchant's language by the admin's formatter (src/app-api/shop-time.ts).
 * Apart from the asking, which goes through app-api.ts, so the coded texts, which app-api.ts
 * writes and which may name a time (coded-text.ts), depend on no API client.
 */
import {
  formatShopTime,
  viewerTimeZone,
  type DateStyle,
  type FormatDate,
  type ShopClock,
} from '../../src/app-api/shop-time.ts';

// One function (its identity caches the language's hour style in shop-time.ts).
const formatDate: FormatDate = (date, options) => shopify.i18n.formatDate(date, options);

/** The merchant's own clock, every date labelled: where the shop's is not known. */
export function ownClock(): ShopClock {
  const own = viewerTimeZone();
  return { timeZone: own, viewerTimeZone: own, labelAlways: true };
}

/** `iso` on the shop's clock, in the merchant's language. */
export function shopTime(iso: string, clock: ShopClock, style: DateStyle = 'dateTime'): string {
  return formatShopTime(iso, clock, formatDate, style);
}

/** The formatter the shared bulk run name writes with. */
export { formatDate as extensionFormatDate };
