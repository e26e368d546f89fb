/**
 * The shop's clock in the extensions, as in the app home: every date on the shop's time zone
 * (`GET /api/shop`), labelled with its zone where the merchant's own clock reads otherwise, and
 * written in the merchant's language by the admin's formatter (shop-time.ts).
 */
import type { ShopView } from '../../src/app-api/contract.ts';
import { viewerTimeZone, type ShopClock } from '../../src/app-api/shop-time.ts';
import { appApi } from './app-api.ts';
import { ownClock } from './shop-time.ts';

export { extensionFormatDate, shopTime } from './shop-time.ts';

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
      return ownClock();
    },
  );
  return asking;
}
