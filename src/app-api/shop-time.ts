/**
 * How every date a merchant reads is written, in the app home and the admin extensions alike: on
 * the shop's clock (its Shopify time zone, `GET /api/shop`), the clock the rules' day and the
 * campaigns' times are on, and labelled with its zone ("Nov 29, 4:27 AM EST") wherever the
 * reader's own clock shows another time at that instant, so a date is never read on the wrong
 * clock (two clocks on one screen, the browser's beside the store's, read as a day apart).
 *
 * Browser-safe, no dependencies but zoned-time.ts. The caller brings the formatter of its
 * language (the app home an `Intl.DateTimeFormat` of the admin's locale, an extension
 * `shopify.i18n.formatDate`), so each side writes in its merchant's language with the same rules.
 */
import { offsetMs } from './zoned-time.ts';

/** The clocks a date is shown with. */
export interface ShopClock {
  /** The shop's IANA zone: every date is shown on it. */
  timeZone: string;
  /** The reader's zone (the browser's): where its offset differs, the date carries a label. */
  viewerTimeZone: string;
  /** Label every date: `timeZone` is a stand-in (the shop's could not be read). */
  labelAlways?: boolean;
}

/** A formatter of the reader's language, `Intl.DateTimeFormat(locale, options).format` alike. */
export type FormatDate = (date: Date, options: Intl.DateTimeFormatOptions) => string;

/**
 * `dateTime`: "Nov 29, 2026, 4:27 AM" (Activity, Settings, campaigns, the product's block);
 * `runStart`: "Nov 29, 4:27 AM", a bulk run's start in its name; `time`: "4:27 AM", an instant
 * hours away at most (when a generation waiting out ProductAI's rate limit is read again).
 */
export type DateStyle = 'dateTime' | 'runStart' | 'time';

const DAY_PARTS: Readonly<Record<DateStyle, Intl.DateTimeFormatOptions>> = {
  dateTime: { year: 'numeric', month: 'short', day: 'numeric' },
  runStart: { month: 'short', day: 'numeric' },
  time: {},
};

/** The reader's zone, as its browser says. */
export function viewerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** True when the shop's clock and the reader's show different times at `date`. */
export function needsZoneLabel(date: Date, clock: ShopClock): boolean {
  if (clock.labelAlways) return true;
  const at = date.getTime();
  return offsetMs(at, clock.timeZone) !== offsetMs(at, clock.viewerTimeZone);
}

/** 13:00 written by the formatter: "1 PM" in a 12-hour language, "13" in a 24-hour one. */
const twelveHour = new WeakMap<FormatDate, boolean>();
function usesTwelveHours(format: FormatDate): boolean {
  let known = twelveHour.get(format);
  if (known === undefined) {
    known = !format(new Date(Date.UTC(2000, 0, 1, 13)), {
      hour: 'numeric',
      timeZone: 'UTC',
    }).includes('13');
    twelveHour.set(format, known);
  }
  return known;
}

/**
 * `iso` on the shop's clock, in the formatter's language, with the zone's short name when the
 * reader's clock differs ("UTC−5" in French, "EST" in American English).
 */
export function formatShopTime(
  iso: string,
  clock: ShopClock,
  format: FormatDate,
  style: DateStyle = 'dateTime',
): string {
  const date = new Date(iso);
  // Components rather than dateStyle/timeStyle, which Intl refuses beside timeZoneName; the
  // hour as the language writes it ("4:27 AM", "04:27").
  const hour = usesTwelveHours(format) ? 'numeric' : '2-digit';
  return format(date, {
    ...DAY_PARTS[style],
    hour,
    minute: '2-digit',
    timeZone: clock.timeZone,
    ...(needsZoneLabel(date, clock) ? { timeZoneName: 'short' } : {}),
  });
}
