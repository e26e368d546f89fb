import { t } from '../../i18n/index.ts';
import { instantToZoned } from '../../shared/zoned-time.ts';

const DAY_MS = 86_400_000;

/** "3 days 4 h", "4 h 12 min", "12 min", "less than a minute". */
export function formatCountdown(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return t('format.lessThanAMinute');
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const [dayText, hourText, minuteText] = [
    t('format.days', { count: days }),
    t('format.hoursShort', { count: hours }),
    t('format.minutesShort', { count: rest }),
  ];
  if (days > 0) return hours ? `${dayText} ${hourText}` : dayText;
  if (hours > 0) return rest ? `${hourText} ${minuteText}` : hourText;
  return minuteText;
}

/** The form's first dates: tomorrow at midnight for a week, on the shop's clock. */
export function defaultSchedule(timeZone: string, now = Date.now()) {
  const tomorrow = instantToZoned(now + DAY_MS, timeZone).slice(0, 10);
  const weekLater = instantToZoned(now + 8 * DAY_MS, timeZone).slice(0, 10);
  return { startsAt: `${tomorrow}T00:00`, endsAt: `${weekLater}T00:00` };
}
