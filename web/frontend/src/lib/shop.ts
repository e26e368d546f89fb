/**
 * The shop the app home is open on, as `GET /api/shop` says: its domain (what the Generate page's
 * kept draft is filed under) and its clock, the Shopify time zone every date is shown on
 * (format.ts). Asked once, as the page starts (main.tsx), alongside the page's first data;
 * `useResource` hands a page its data only once this is known too, so nothing ever renders a
 * date on a clock it would change a moment later.
 *
 * When it cannot be read (the shop's Admin API down), dates fall back to the browser's clock,
 * every one labelled with its zone so none can be mistaken for the shop's, and the next
 * `shopReady()` (a page's next poll) asks again.
 */
import { api } from '../api/client.ts';
import type { ShopView } from '../shared/contract.ts';
import { viewerTimeZone, type ShopClock } from '../shared/shop-time.ts';

let known: ShopView | null = null;
// The browser's zone does not change while the page is open.
const viewer = viewerTimeZone();
let asking: Promise<void> | null = null;

/** Resolves once the shop is known, or could not be read this time (never rejects). */
export function shopReady(): Promise<void> {
  if (known) return Promise.resolve();
  asking ??= api.get<ShopView>('/shop').then(
    (shop) => {
      known = shop;
    },
    () => {
      asking = null;
    },
  );
  return asking;
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
