/**
 * A bulk run's name: its target and when it started ("Best Sellers · Nov 23, 2:05 PM"), so two
 * runs over one target read apart. One function for the app home and the admin extensions
 * (browser-safe), applied to the run the server sends; the start is on the shop's clock, written
 * by the caller's formatter and labelled with the zone where the reader's clock differs
 * (shop-time.ts).
 */
import { formatShopTime, type FormatDate, type ShopClock } from './shop-time.ts';

export function bulkRunName(
  run: { title: string; createdAt: string },
  clock: ShopClock,
  format: FormatDate,
): string {
  return `${run.title} · ${formatShopTime(run.createdAt, clock, format, 'runStart')}`;
}
