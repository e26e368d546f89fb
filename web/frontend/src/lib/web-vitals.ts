/**
 * The app home's field Web Vitals, as App Bridge measures them in the merchant's admin
 * (`shopify.webVitals.onReport`): Built for Shopify judges the app on their p75 (LCP 2.5 s,
 * CLS 0.1, INP 200 ms), so the operator reads the same figures on /metrics
 * (`app_home_web_vital_p75`, docs/operations.md).
 *
 * A page load reports with the sample rate the server writes into the page
 * (`web-vitals-sample-rate`: 0.25 in production, 1 elsewhere). Each metric is put in its page's
 * batch (the route at the time App Bridge reports it, never an id or a query string:
 * `pageOfPath`), and the batches go to POST /api/web-vitals a few seconds after their first
 * metric, or at once when the page is hidden. They go by `fetch` with `keepalive` (it outlives
 * the page), not `sendBeacon`: a beacon carries no header, and App Bridge's fetch adds the
 * session token every /api route asks for. A report that fails is dropped: it is a sample.
 */
import {
  MAX_WEB_VITAL_VALUE,
  MAX_WEB_VITALS_PER_REPORT,
  WEB_VITAL_NAMES,
  pageOfPath,
  type AppHomePage,
  type WebVitalName,
} from '../shared/web-vital-pages.ts';

/** Long enough for a page's FCP, TTFB and LCP to share one request, short of most visits. */
const BATCH_DELAY_MS = 5_000;

interface Measured {
  name: WebVitalName;
  value: number;
}

function sampleRate(): number {
  const content = document
    .querySelector('meta[name="web-vitals-sample-rate"]')
    ?.getAttribute('content');
  const rate = Number(content ?? 1);
  return Number.isFinite(rate) ? rate : 1;
}

const isReported = (name: string): name is WebVitalName =>
  (WEB_VITAL_NAMES as readonly string[]).includes(name);

function send(page: AppHomePage, metrics: Measured[]): void {
  void fetch('/api/web-vitals', {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ page, metrics }),
  }).catch(() => undefined);
}

/** Registers the one Web Vitals callback of this page load, when App Bridge offers them. */
export function reportWebVitals(): void {
  // The demo's App Bridge stand-in throws on an API it lacks, so ask before reading it.
  if (!('webVitals' in shopify) || !shopify.webVitals.onReport) return;
  if (Math.random() >= sampleRate()) return;

  const batches = new Map<AppHomePage, Measured[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const [page, metrics] of batches) send(page, metrics);
    batches.clear();
  };

  void shopify.webVitals.onReport(({ metrics }) => {
    const page = pageOfPath(window.location.pathname);
    const batch = batches.get(page) ?? [];
    for (const { name, value } of metrics) {
      // A page left open in a background tab can paint after a minute: counted past the scale.
      if (isReported(name) && Number.isFinite(value) && value >= 0)
        batch.push({ name, value: Math.min(value, MAX_WEB_VITAL_VALUE) });
    }
    if (batch.length === 0) return;
    batches.set(page, batch.slice(-MAX_WEB_VITALS_PER_REPORT));
    timer ??= setTimeout(flush, BATCH_DELAY_MS);
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
