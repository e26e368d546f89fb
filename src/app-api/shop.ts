/**
 * What every page needs of the shop before it shows a date: its IANA time zone (Shopify's
 * `Shop.ianaTimezone`). Every date the app home and the extensions show is on this clock
 * (src/app-api/shop-time.ts), labelled with its zone where the viewer's clock reads otherwise.
 */
import { z } from 'zod';

export const ShopView = z.object({
  shop: z.string(),
  timeZone: z.string(),
});
export type ShopView = z.infer<typeof ShopView>;
