/**
 * The shop the app home is open on, once `GET /api/shop` answered (shop.ts asks): its domain and
 * the clock every date is written on (format.ts). Kept apart from the asking, which goes through
 * the API client, so the formatters read the clock without depending on that client: the client
 * writes the server's coded texts, and a coded text may name a time (i18n/coded-text.ts).
 */
import type { ShopView } from '../shared/contract.ts';
import { viewerTimeZone, type ShopClock } from '../shared/shop-time.ts';

let known: ShopView | null = null;
// The browser's zone does not change while the page is open.
const viewer = viewerTimeZone();

export function knowShop(shop: ShopView): void {
  known = shop;
}

export function isShopKnown(): boolean {
  return known !== null;
}

/** The clocks dates are shown with: the shop's, and the reader's for the label. */
export function shopClock(): ShopClock {
  // Not known: the browser's clock, every date labelled, since it may not be the shop's.
  return known
    ? { timeZone: known.timeZone, viewerTimeZone: viewer }
    : { timeZone: viewer, viewerTimeZone: viewer, labelAlways: true };
}

/** The shop's domain, once known (null before, or when it could not be read). */
export function shopDomain(): string | null {
  return known?.shop ?? null;
}
