/**
 * Wall-clock times in a shop's time zone, without a date library (Intl only, browser-safe): the
 * merchant enters a campaign's start and end as the date and time on their shop's clock
 * ("1 December, 00:00" in America/New_York), the server stores instants (UTC), and the app home
 * shows them back on the shop's clock whatever the browser's own zone.
 */

/** `YYYY-MM-DDTHH:mm`, the value of an `<input type="datetime-local">`. */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when `timeZone` is an IANA name this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in `timeZone`, as if they were UTC (ms). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return Date.UTC(
    fields.year!,
    fields.month! - 1,
    fields.day!,
    fields.hour!,
    fields.minute!,
    fields.second!,
  );
}

/** How far `timeZone`'s clock is ahead of UTC at an instant (ms; negative west of Greenwich). */
export function offsetMs(instantMs: number, timeZone: string): number {
  // Whole seconds: the wall clock has no milliseconds.
  const instant = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(instant, timeZone) - instant;
}

/**
 * The instant (ms) at which the shop's clock shows `local`. A time skipped by a daylight-saving
 * change resolves to the same wall time under the offset before the change (one hour later on
 * the clock), as calendars do; null when `local` is not a valid date-time.
 */
export function zonedToInstant(local: string, timeZone: string): number | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day!) return null;
  // Two passes: the offset at the first guess may differ from the offset at the answer (DST).
  let instant = asUtc - (wallClockMs(asUtc, timeZone) - asUtc);
  instant = asUtc - (wallClockMs(instant, timeZone) - instant);
  return instant;
}

/** `YYYY-MM-DDTHH:mm` on the shop's clock at `instantMs`. */
export function instantToZoned(instantMs: number, timeZone: string): string {
  return new Date(wallClockMs(instantMs, timeZone)).toISOString().slice(0, 16);
}
