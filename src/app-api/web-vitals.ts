/**
 * The app home's field Web Vitals (POST /api/web-vitals): one page's batch of the metrics App
 * Bridge reported, counted app-wide for the operator's /metrics (src/features/web-vitals/).
 * Browser-safe: zod only.
 */
import { z } from 'zod';
import {
  APP_HOME_PAGES,
  MAX_WEB_VITAL_VALUE,
  MAX_WEB_VITALS_PER_REPORT,
  WEB_VITAL_NAMES,
} from './web-vital-pages.ts';

export * from './web-vital-pages.ts';

export const WebVitalMetric = z.object({
  name: z.enum(WEB_VITAL_NAMES),
  value: z.number().finite().min(0).max(MAX_WEB_VITAL_VALUE),
});
export type WebVitalMetric = z.infer<typeof WebVitalMetric>;

export const WebVitalsReport = z.object({
  page: z.enum(APP_HOME_PAGES),
  metrics: z.array(WebVitalMetric).min(1).max(MAX_WEB_VITALS_PER_REPORT),
});
export type WebVitalsReport = z.infer<typeof WebVitalsReport>;
