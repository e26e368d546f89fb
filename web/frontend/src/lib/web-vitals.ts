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
 * metric, or at once when the page is hidden or left (`visibilitychange`, then `pagehide`): INP
 * and CLS are final only then, and the merchant closing the admin or moving on is the common
 * case. Each metric (App Bridge's `id`) is sent once, with its latest value before it went:
 * the histograms cannot take a count back, so a later report of a sent metric is dropped.
 *
 * They go by `fetch` with `keepalive` (it outlives the page), not `sendBeacon`, which carries no
 * header: every /api route asks for the session token. App Bridge's fetch would ask the admin
 * for one first, and a page being unloaded does not live to see the answer, so the token is
 * kept ready (ready-session-token.ts) and set on the request here, which then leaves at once. A
 * body stays under the server's bound (MAX_WEB_VITALS_BYTES), far below the 64 KB every
 * keepalive request of a page shares. A report that fails is dropped: it is a sample.
 */
import {
  MAX_WEB_VITAL_VALUE,
  MAX_WEB_VITALS_BYTES,
  MAX_WEB_VITALS_PER_REPORT,
  WEB_VITAL_NAMES,
  pageOfPath,
  type AppHomePage,
  type WebVitalName,
} from '../shared/web-vital-pages.ts';
import { keepSessionTokenReady, type ReadySessionToken } from './ready-session-token.ts';

/** Long enough for a page's FCP, TTFB and LCP to share one request, short of most visits. */
const BATCH_DELAY_MS = 5_000;

interface Measured {
  name: WebVitalName;
  value: number;
}

/**
 * One page's report, its latest metrics within the contract's count. That count bounds the
 * body (names and numbers only) under the server's MAX_WEB_VITALS_BYTES, and every page's
 * report together under the 64 KB a page's keepalive requests share; a body past it is dropped.
 */
export function reportBody(page: AppHomePage, metrics: readonly Measured[]): string | null {
  const body = JSON.stringify({ page, metrics: metrics.slice(-MAX_WEB_VITALS_PER_REPORT) });
  return new TextEncoder().encode(body).length <= MAX_WEB_VITALS_BYTES ? body : null;
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

function send(body: string, token: ReadySessionToken): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  // With the header set, App Bridge's fetch leaves the request as it is and it goes at once.
  const ready = token.current();
  if (ready) headers['Authorization'] = `Bearer ${ready}`;
  void fetch('/api/web-vitals', { method: 'POST', keepalive: true, headers, body }).catch(
    () => undefined,
  );
}

/** Registers the one Web Vitals callback of this page load, when App Bridge offers them. */
export function reportWebVitals(): void {
  // The demo's App Bridge stand-in throws on an API it lacks, so ask before reading it.
  if (!('webVitals' in shopify) || !shopify.webVitals.onReport) return;
  if (Math.random() >= sampleRate()) return;

  const token = keepSessionTokenReady(() => shopify.idToken());
  /** Page -> metric id -> its latest value, until sent. */
  const batches = new Map<AppHomePage, Map<string, Measured>>();
  const sent = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    for (const [page, metrics] of batches) {
      for (const id of metrics.keys()) sent.add(id);
      const body = reportBody(page, [...metrics.values()]);
      if (body) send(body, token);
    }
    batches.clear();
  };

  void shopify.webVitals.onReport(({ metrics }) => {
    const page = pageOfPath(window.location.pathname);
    const batch = batches.get(page) ?? new Map<string, Measured>();
    for (const { id, name, value } of metrics) {
      // A page left open in a background tab can paint after a minute: counted past the scale.
      if (isReported(name) && Number.isFinite(value) && value >= 0 && !sent.has(id))
        batch.set(id, { name, value: Math.min(value, MAX_WEB_VITAL_VALUE) });
    }
    if (batch.size === 0) return;
    batches.set(page, batch);
    timer ??= setTimeout(flush, BATCH_DELAY_MS);
  });
  // App Bridge reports the final INP and CLS on these same events, before this page's handlers.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
}
