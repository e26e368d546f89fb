import { instantToZoned } from '../../shared/zoned-time.ts';

const DAY_MS = 86_400_000;

/** A date and time on the shop's clock, e.g. "Dec 1, 2025, 12:00 AM". */
export function formatShopTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** "3 days 4 h", "4 h 12 min", "12 min", "less than a minute". */
export function formatCountdown(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} day${days === 1 ? '' : 's'}${hours ? ` ${hours} h` : ''}`;
  if (hours > 0) return `${hours} h${rest ? ` ${rest} min` : ''}`;
  return `${rest} min`;
}

/** The form's first dates: tomorrow at midnight for a week, on the shop's clock. */
export function defaultSchedule(timeZone: string, now = Date.now()) {
  const tomorrow = instantToZoned(now + DAY_MS, timeZone).slice(0, 10);
  const weekLater = instantToZoned(now + 8 * DAY_MS, timeZone).slice(0, 10);
  return { startsAt: `${tomorrow}T00:00`, endsAt: `${weekLater}T00:00` };
}
