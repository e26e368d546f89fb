import { aboutDuration } from '../shared/about-duration.ts';
import type { BulkSchedule } from '../shared/contract.ts';
import { t } from '../i18n/index.ts';
import { formatNumber } from './format.ts';

/** "about 4 minutes", "about 2.5 hours" (rounded as every screen rounds it). */
export function formatDuration(ms: number): string {
  const about = aboutDuration(ms);
  return about.unit === 'minutes'
    ? t('format.aboutMinutes', { count: about.count })
    : t('format.aboutHours', { hours: formatNumber(about.count) });
}

/** Why a run takes the time it takes: the limit every store shares, and the queue before it. */
export function queueSentence(schedule: BulkSchedule): string {
  const ahead =
    schedule.requestsAhead === 0
      ? t('format.queueNoneAhead')
      : t('format.queueAhead', { count: schedule.requestsAhead });
  return t('format.queueSentence', { perMinute: schedule.requestsPerMinute, ahead });
}
