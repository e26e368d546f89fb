/**
 * What the app home reports of its field Web Vitals (POST /api/web-vitals), zod-free so the app
 * home bundles it as is: the metrics App Bridge measures, the app home's pages, and how a URL's
 * path becomes one of them. A page is a route template, never an id or a query string: the
 * figures say how a page performs, not what a merchant looked at.
 */

/** The metrics App Bridge's `shopify.webVitals.onReport` sends (FID is gone from Chrome). */
export const WEB_VITAL_NAMES = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/** The app home's routes (web/frontend/src/router/Routes.tsx), and `other` for any path else. */
export const APP_HOME_PAGES = [
  '/',
  '/generate',
  '/activity',
  '/bulk-runs',
  '/campaigns',
  '/experiments',
  '/settings',
  'other',
] as const;
export type AppHomePage = (typeof APP_HOME_PAGES)[number];
export type AppHomeRoute = Exclude<AppHomePage, 'other'>;

/** Milliseconds (CLS unitless): a minute bounds every timing a page can have; clients clamp to it. */
export const MAX_WEB_VITAL_VALUE = 60_000;

/** A report's bound: a page's batch holds a handful of metrics, ~60 bytes each. */
export const MAX_WEB_VITALS_BYTES = 4096;
export const MAX_WEB_VITALS_PER_REPORT = 20;

/**
 * The page of a path: its route, or `other` (a deeper path such as `/activity/01H…`, or none the
 * app home has). The query string and fragment are dropped.
 */
export function pageOfPath(path: string): AppHomePage {
  const bare = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  return (APP_HOME_PAGES as readonly string[]).includes(bare) && bare !== 'other'
    ? (bare as AppHomePage)
    : 'other';
}
