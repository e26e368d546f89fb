/**
 * The app home's Web Vitals reporter (web/frontend/src/lib/web-vitals.ts) on its own, with
 * App Bridge, the page and fetch stood in: what it sends when the page is hidden and then left
 * (one request, each metric once, with its latest value), the session token it sets itself, and
 * the bound of a report's body. The browser test (test/browser/web-vitals.test.ts) shows the
 * same reports reaching the server from a page being closed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_WEB_VITAL_VALUE,
  MAX_WEB_VITALS_BYTES,
  MAX_WEB_VITALS_PER_REPORT,
  WEB_VITAL_NAMES,
  APP_HOME_PAGES,
} from '../../src/app-api/web-vital-pages.ts';
import { reportBody, reportWebVitals } from '../../web/frontend/src/lib/web-vitals.ts';

type Report = { metrics: { id: string; name: string; value: number }[] };

let report: (metrics: Report['metrics']) => void;
let page: EventTarget & { visibilityState: string; querySelector(): null };
let view: EventTarget;
let sent: { init: RequestInit; body: unknown }[];

beforeEach(async () => {
  vi.useFakeTimers();
  page = Object.assign(new EventTarget(), {
    visibilityState: 'visible',
    querySelector: () => null,
  });
  view = new EventTarget();
  sent = [];
  vi.stubGlobal('document', page);
  vi.stubGlobal('addEventListener', view.addEventListener.bind(view));
  vi.stubGlobal('window', { location: { pathname: '/settings' } });
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    sent.push({ init, body: JSON.parse(String(init.body)) });
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  vi.stubGlobal('shopify', {
    idToken: () => Promise.resolve('ready-token'),
    webVitals: {
      onReport: (callback: (report: Report) => void) => {
        report = (metrics) => callback({ metrics });
        return Promise.resolve();
      },
    },
  });
  reportWebVitals();
  await vi.advanceTimersByTimeAsync(0); // the token kept ready arrives
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function hide(): void {
  page.visibilityState = 'hidden';
  page.dispatchEvent(new Event('visibilitychange'));
}

describe('leaving the page', () => {
  it('sends what is pending once, on hidden then pagehide, each metric with its latest value', () => {
    report([{ id: 'cls-1', name: 'CLS', value: 0.05 }]);
    report([{ id: 'inp-1', name: 'INP', value: 180 }]);
    report([{ id: 'cls-1', name: 'CLS', value: 0.12 }]);
    hide();
    view.dispatchEvent(new Event('pagehide'));

    expect(sent.map(({ body }) => body)).toEqual([
      {
        page: '/settings',
        metrics: [
          { name: 'CLS', value: 0.12 },
          { name: 'INP', value: 180 },
        ],
      },
    ]);
  });

  it('goes at once, keepalive, with the session token kept ready', () => {
    report([{ id: 'inp-1', name: 'INP', value: 180 }]);
    view.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);
    const { init } = sent[0]!;
    expect(init.keepalive).toBe(true);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer ready-token');
  });

  it('counts a metric once: a later report of a metric already sent is not sent again', async () => {
    report([{ id: 'cls-1', name: 'CLS', value: 0.05 }]);
    hide();
    page.visibilityState = 'visible';
    page.dispatchEvent(new Event('visibilitychange'));
    report([{ id: 'cls-1', name: 'CLS', value: 0.3 }]);
    report([{ id: 'inp-2', name: 'INP', value: 90 }]);
    await vi.advanceTimersByTimeAsync(5_000);

    expect(sent.map(({ body }) => body)).toEqual([
      { page: '/settings', metrics: [{ name: 'CLS', value: 0.05 }] },
      { page: '/settings', metrics: [{ name: 'INP', value: 90 }] },
    ]);
  });
});

describe('a report’s body', () => {
  it('keeps the latest metrics within the contract’s count', () => {
    const metrics = Array.from({ length: 25 }, (_, i) => ({ name: 'LCP' as const, value: i }));
    const body = JSON.parse(reportBody('/', metrics)!) as { metrics: { value: number }[] };
    expect(body.metrics.map(({ value }) => value)).toEqual(
      Array.from({ length: MAX_WEB_VITALS_PER_REPORT }, (_, i) => i + 5),
    );
  });

  it('is within the server’s bound at its largest, and every page’s within a keepalive’s 64 KB', () => {
    const longest = [...WEB_VITAL_NAMES].sort((a, b) => b.length - a.length)[0]!;
    const metrics = Array.from({ length: MAX_WEB_VITALS_PER_REPORT }, () => ({
      name: longest,
      value: MAX_WEB_VITAL_VALUE - Number.EPSILON * 1e12,
    }));
    const bytes = new TextEncoder().encode(reportBody('/bulk-runs', metrics)!).length;
    expect(bytes).toBeLessThanOrEqual(MAX_WEB_VITALS_BYTES);
    expect(APP_HOME_PAGES.length * MAX_WEB_VITALS_BYTES).toBeLessThanOrEqual(64 * 1024);
  });
});
