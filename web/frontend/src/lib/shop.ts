/**
 * The shop the app home is open on, as `GET /api/shop` says: its domain (what the Generate page's
 * kept draft is filed under) and its clock, the Shopify time zone every date is shown on
 * (format.ts), both kept in shop-clock.ts. Asked once, as the page starts (main.tsx), alongside
 * the page's first data; `useResource` hands a page its data only once this is known too, so
 * nothing ever renders a date on a clock it would change a moment later.
 *
 * When it cannot be read (the shop's Admin API down), dates fall back to the browser's clock,
 * every one labelled with its zone so none can be mistaken for the shop's, and the next
 * `shopReady()` (a page's next poll) asks again.
 */
import { api } from '../api/client.ts';
import type { ShopView } from '../shared/contract.ts';
import { isShopKnown, knowShop } from './shop-clock.ts';

export { shopClock, shopDomain } from './shop-clock.ts';

let asking: Promise<void> | null = null;

/** Resolves once the shop is known, or could not be read this time (never rejects). */
export function shopReady(): Promise<void> {
  if (isShopKnown()) return Promise.resolve();
  asking ??= api.get<ShopView>('/shop').then(knowShop, () => {
    asking = null;
  });
  return asking;
}
