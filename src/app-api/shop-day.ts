/** The shop's calendar day (its Shopify time zone): the daily cap resets at its midnight. */
import { instantToZoned, zonedToInstant } from './zoned-time.ts';

/** `YYYY-MM-DD` on the shop's clock. */
export function shopDay(nowMs: number, timeZone: string): string {
  return instantToZoned(nowMs, timeZone).slice(0, 10);
}

/** The instant the shop's next day starts (its local midnight). */
export function nextDayStart(nowMs: number, timeZone: string): number {
  const today = shopDay(nowMs, timeZone);
  const next = new Date(Date.parse(`${today}T00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  // A midnight skipped by a daylight-saving change resolves to 01:00 (zonedToInstant).
  return zonedToInstant(`${next}T00:00`, timeZone) ?? nowMs + 86_400_000;
}
