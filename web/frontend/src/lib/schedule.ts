import type { BulkSchedule } from '../shared/contract.ts';
import { t } from '../i18n/index.ts';
import { formatNumber } from './format.ts';

/** "about 4 minutes" (at least a minute: the forecast is not to the second). */
export function formatDuration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 90) return t('format.aboutMinutes', { count: minutes });
  const hours = Math.round(minutes / 6) / 10;
  return t('format.aboutHours', { hours: formatNumber(hours) });
}

/** Why a run takes the time it takes: the limit every store shares, and the queue before it. */
export function queueSentence(schedule: BulkSchedule): string {
  const ahead =
    schedule.requestsAhead === 0
      ? t('format.queueNoneAhead')
      : t('format.queueAhead', { count: schedule.requestsAhead });
  return t('format.queueSentence', { perMinute: schedule.requestsPerMinute, ahead });
}
