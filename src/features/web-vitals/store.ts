/**
 * The app home's Web Vitals histograms in Redis: one hash per (UTC day, page, metric), bucket
 * index -> count, app-wide (a report's shop is not kept: the figures are the app's, as Built for
 * Shopify judges them). Each hash expires DAYS_KEPT days after its last report.
 */
import type { Redis } from '../../platform/redis/connection.ts';
import { appWideKey } from '../../platform/keys.ts';
import type { AppHomePage, WebVitalName } from '../../app-api/web-vital-pages.ts';

/** Today and the days before it, for an operator who looks the morning after. */
const DAYS_KEPT = 3;
const TTL_SECONDS = DAYS_KEPT * 24 * 60 * 60;

export interface WebVitalCount {
  page: AppHomePage;
  metric: WebVitalName;
  bucket: number;
}

export interface WebVitalsStore {
  add(day: string, counts: readonly WebVitalCount[]): Promise<void>;
  /** The day's counts by bucket of each (page, metric), in the order asked. */
  read(
    day: string,
    series: readonly { page: AppHomePage; metric: WebVitalName }[],
  ): Promise<Map<number, number>[]>;
}

/** `namespace` keeps two apps on one Redis (parallel test files) apart. */
export function createWebVitalsStore(redis: Redis, namespace: string): WebVitalsStore {
  const keyOf = (day: string, page: AppHomePage, metric: WebVitalName) =>
    appWideKey('web-vitals', namespace, day, page, metric);
  return {
    async add(day, counts) {
      const batch = redis.multi();
      for (const { page, metric, bucket } of counts) {
        const key = keyOf(day, page, metric);
        batch.hincrby(key, String(bucket), 1).expire(key, TTL_SECONDS);
      }
      await batch.exec();
    },
    async read(day, series) {
      const batch = redis.pipeline();
      for (const { page, metric } of series) batch.hgetall(keyOf(day, page, metric));
      const results = (await batch.exec()) ?? [];
      return results.map(([error, hash]) => {
        if (error) throw error;
        return new Map(
          Object.entries(hash as Record<string, string>).map(([bucket, count]) => [
            Number(bucket),
            Number(count),
          ]),
        );
      });
    },
  };
}
