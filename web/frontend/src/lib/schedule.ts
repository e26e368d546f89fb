import type { BulkSchedule } from '../shared/contract.ts';
import { formatNumber } from './format.ts';

/** "about 4 minutes" (at least a minute: the forecast is not to the second). */
export function formatDuration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 90) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 6) / 10;
  return `about ${formatNumber(hours)} hours`;
}

/** Why a run takes the time it takes: the limit every store shares, and the queue before it. */
export function queueSentence(schedule: BulkSchedule): string {
  const ahead =
    schedule.requestsAhead === 0
      ? 'none are waiting ahead of this run'
      : `${formatNumber(schedule.requestsAhead)} ${schedule.requestsAhead === 1 ? 'is' : 'are'} waiting ahead of this run`;
  return `ProductAI takes ${formatNumber(schedule.requestsPerMinute)} requests a minute from all the stores using this app; ${ahead}.`;
}
