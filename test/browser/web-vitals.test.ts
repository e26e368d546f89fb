/**
 * The app home's field Web Vitals, end to end in real Chromium: the admin frame's App Bridge
 * stand-in measures the page (PerformanceObserver), the app home reports them for its page, and
 * the server counts them in that page's histograms.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pipelineConfig } from '../../src/pipeline/config.ts';
import { closeRedis, connectRedis, type Redis } from '../../src/platform/redis/connection.ts';
import { createWebVitalsStore, type WebVitalsStore } from '../../src/features/web-vitals/store.ts';
import type { AppHomePage, WebVitalName } from '../../src/app-api/web-vital-pages.ts';
import { eventually } from './support/eventually.ts';
import { browserSuite } from './support/suite.ts';

/** A report waits up to 5 s for its page's other metrics (web/frontend/src/lib/web-vitals.ts). */
const REPORTED_WITHIN_MS = 30_000;

const suite = browserSuite('web-vitals');
let redis: Redis;
let store: WebVitalsStore;
beforeAll(async () => {
  redis = await connectRedis(suite.stack.redis.url, { name: 'browser-test' });
  // The stack's app runs with the default pipeline namespace.
  store = createWebVitalsStore(redis, pipelineConfig().namespace);
});
afterAll(() => closeRedis(redis));

/** Today's reports of a page's metric (every file on this stack counts in the same figures). */
async function reports(page: AppHomePage, metric: WebVitalName): Promise<number> {
  const [counts] = await store.read(new Date().toISOString().slice(0, 10), [{ page, metric }]);
  return [...counts!.values()].reduce((sum, count) => sum + count, 0);
}

test('opening a page reports its paint and server times for that page', async () => {
  const before = {
    FCP: await reports('/campaigns', 'FCP'),
    TTFB: await reports('/campaigns', 'TTFB'),
  };
  const others = await reports('/settings', 'FCP');

  await suite.admin.open('/campaigns');
  await eventually(() =>
    suite.admin.app.getByRole('heading', { name: 'Campaigns', exact: true }).isVisible(),
  ).toBe(true);

  await eventually(() => reports('/campaigns', 'FCP'), { timeout: REPORTED_WITHIN_MS }).toBe(
    before.FCP + 1,
  );
  expect(await reports('/campaigns', 'TTFB')).toBe(before.TTFB + 1);
  expect(await reports('/settings', 'FCP')).toBe(others);
});

test("the page's largest paint is reported once the merchant interacts", async () => {
  const before = await reports('/experiments', 'LCP');
  await suite.admin.open('/experiments');
  const heading = suite.admin.app.getByRole('heading', { name: 'Experiments', exact: true });
  await eventually(() => heading.isVisible()).toBe(true);
  await heading.click();

  await eventually(() => reports('/experiments', 'LCP'), { timeout: REPORTED_WITHIN_MS }).toBe(
    before + 1,
  );
});
