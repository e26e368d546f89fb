/**
 * The app home's field Web Vitals: each report counted in the day's histograms (store.ts,
 * histogram.ts), and their p75 read for the operator's /metrics. Days are UTC days: the figures
 * are the app's, not a shop's.
 */
import type { Clock } from '../../platform/clock.ts';
import {
  APP_HOME_PAGES,
  WEB_VITAL_NAMES,
  type AppHomePage,
  type WebVitalName,
  type WebVitalsReport,
} from '../../app-api/web-vitals.ts';
import { bucketOf, p75 } from './histogram.ts';
import type { WebVitalsStore } from './store.ts';

export interface WebVitalP75 {
  page: AppHomePage;
  metric: WebVitalName;
  value: number;
}

export interface WebVitalsService {
  record(report: WebVitalsReport): Promise<void>;
  /** Today's p75 of each page and metric that has reports. */
  p75Today(): Promise<WebVitalP75[]>;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const EVERY_SERIES = APP_HOME_PAGES.flatMap((page) =>
  WEB_VITAL_NAMES.map((metric) => ({ page, metric })),
);

export function createWebVitalsService(deps: {
  store: WebVitalsStore;
  clock: Clock;
}): WebVitalsService {
  const { store, clock } = deps;
  return {
    async record({ page, metrics }) {
      await store.add(
        utcDay(clock.now()),
        metrics.map(({ name, value }) => ({ page, metric: name, bucket: bucketOf(name, value) })),
      );
    },
    async p75Today() {
      const counts = await store.read(utcDay(clock.now()), EVERY_SERIES);
      return EVERY_SERIES.flatMap(({ page, metric }, i) => {
        const value = p75(metric, counts[i]!);
        return value === null ? [] : [{ page, metric, value }];
      });
    },
  };
}
