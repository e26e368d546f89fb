import { bulkRunName } from '../shared/bulk-run-name.ts';
import type { GenerationKind } from '../shared/contract.ts';
import { generationCost, type GenerationCost } from '../shared/generation-cost.ts';
import { formatShopTime, needsZoneLabel, type FormatDate } from '../shared/shop-time.ts';
import { locale, numberFormat, t, type MessageKey } from '../i18n/index.ts';
import { shopClock } from './shop-clock.ts';

// The one place numbers and dates are written: every Intl formatter follows the admin's locale,
// so a date reads "23 nov. 2026, 22:10" in French and "Nov 23, 2026, 10:10 PM" in English on
// every page (never "23 Nov, 22:10" beside "Nov 23, 10:15 PM"), and every date is on the shop's
// clock, labelled where the browser's differs (never two clocks on one screen).
const dayFormat = new Intl.DateTimeFormat(locale, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const relativeFormat = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The admin's language's formatter for these options (made once per set of options). */
const formatDate: FormatDate = (date, options) => {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format.format(date);
};

export function formatCredits(credits: number): string {
  return t('format.credits', { count: credits });
}

const COST_KEY: Readonly<Record<GenerationCost['certainty'], MessageKey>> = {
  charged: 'format.costCharged',
  about: 'format.costAbout',
  'up-to': 'format.costUpTo',
};

/** "3 credits", "0 credits", "about 3 credits" (still to be charged), "up to 3 credits". */
export function formatGenerationCost(generation: Parameters<typeof generationCost>[0]): string {
  const cost = generationCost(generation);
  return t(COST_KEY[cost.certainty], { credits: formatCredits(cost.credits) });
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A date and time on the shop's clock: "Nov 29, 2026, 4:27 AM" (+ " EST" where mistakable). */
export function formatDateTime(iso: string): string {
  return formatShopTime(iso, shopClock(), formatDate);
}

/** A time of day on the shop's clock, an instant hours away at most: "4:27 AM" (+ " EST"). */
export function formatTime(iso: string): string {
  return formatShopTime(iso, shopClock(), formatDate, 'time');
}

/**
 * "Mar 4" for a `YYYY-MM-DD` day key the server counted on the shop's clock (the rules' day, the
 * credits' days), labelled ("Mar 4, store time") where the reader's clock would make it another
 * day.
 */
export function formatDay(day: string): string {
  const text = dayFormat.format(new Date(`${day}T00:00:00Z`));
  return needsZoneLabel(new Date(), shopClock()) ? t('format.dayInStore', { day: text }) : text;
}

/** "2 minutes ago", "yesterday"; exact time beyond a week. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return t('format.justNow');
  if (abs < 3600) return relativeFormat.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relativeFormat.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relativeFormat.format(Math.round(seconds / 86_400), 'day');
  return formatDateTime(iso);
}

/** A bulk run's name: its target and its start on the shop's clock ("Best Sellers · Nov 23, 2:05 PM"). */
export function formatRunName(run: { title: string; createdAt: string }): string {
  return bulkRunName(run, shopClock(), formatDate);
}

/** "Photo", "Video", "Upscale". */
export function kindLabel(kind: GenerationKind): string {
  return t(`kinds.${kind}`);
}

/** `gid://shopify/Product/123` -> `123`. */
export function numericId(gid: string): string {
  return gid.slice(gid.lastIndexOf('/') + 1);
}

/** The product's page in the Shopify admin (App Bridge opens `shopify://admin` links there). */
export function adminProductUrl(productGid: string): string {
  return `shopify://admin/products/${numericId(productGid)}`;
}
