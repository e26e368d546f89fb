/**
 * The app home's field Web Vitals, end to end in real Chromium: the admin frame's App Bridge
 * stand-in measures the page (PerformanceObserver), the app home reports them for its page, and
 * the server counts them in that page's histograms. INP and CLS are final only when the merchant
 * leaves the page or closes it: they must reach the server then, once.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pipelineConfig } from '../../src/pipeline/config.ts';
import { closeRedis, connectRedis, type Redis } from '../../src/platform/redis/connection.ts';
import { createWebVitalsStore, type WebVitalsStore } from '../../src/features/web-vitals/store.ts';
import type { AppHomePage, WebVitalName } from '../../src/app-api/web-vital-pages.ts';
import { UI_TIMEOUT_MS, eventually } from './support/eventually.ts';
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

/**
 * Opens a page of the app on a clock the test moves, once its first report has arrived, with a
 * click handler that takes 60 ms in its document: the next click is an interaction the Event
 * Timing API records (its 16 ms floor), whatever the machine's speed. (The loop is bounded by
 * a count too: the page's clock is the test's.)
 */
async function openWithSlowClicks(path: AppHomePage, heading: string): Promise<void> {
  const painted = await reports(path, 'FCP');
  await suite.admin.page.clock.install();
  await suite.admin.open(path);
  await eventually(() =>
    suite.admin.app.getByRole('heading', { name: heading, exact: true }).isVisible(),
  ).toBe(true);
  await eventually(() => reports(path, 'FCP'), { timeout: REPORTED_WITHIN_MS }).toBe(painted + 1);
  const frame = (await (await suite.admin.page.waitForSelector('#app-frame')).contentFrame())!;
  await frame.evaluate(() =>
    document.addEventListener('click', () => {
      const until = performance.now() + 60;
      for (let i = 0; i < 1e8 && performance.now() < until; i += 1);
    }),
  );
}

/**
 * The merchant works on the page for a minute (its clock moved on, not waited for), then clicks:
 * App Bridge's copy of the session token is stale by then (the Generate page asks the server
 * nothing of its own in that minute), and its fetch would ask the admin for a new one before a
 * request leaves, an answer a page being unloaded never gets. The app home takes a fresh one
 * ahead: the admin's answer is awaited here (a page that asks for none goes on after
 * UI_TIMEOUT_MS, and its report is lost).
 */
async function aMinuteOfWork(heading: string): Promise<void> {
  const { page } = suite.admin;
  const minted = page
    .waitForResponse((response) => response.url().endsWith('/session-token'), {
      timeout: UI_TIMEOUT_MS,
    })
    .catch(() => undefined);
  await page.clock.fastForward('01:00');
  await minted;
  await suite.admin.app.getByRole('heading', { name: heading, exact: true }).click();
}

async function finalMetrics(page: AppHomePage) {
  return { INP: await reports(page, 'INP'), CLS: await reports(page, 'CLS') };
}

test('leaving the app for another admin page reports its final INP and CLS, once', async () => {
  const before = await finalMetrics('/generate');
  await openWithSlowClicks('/generate', 'Generate');
  await aMinuteOfWork('Generate');

  // Shopify's admin goes to Products in its own page: it takes the app's frame away, at once.
  await suite.admin.page.evaluate(() => document.getElementById('app-frame')!.remove());
  await eventually(() => finalMetrics('/generate'), { timeout: REPORTED_WITHIN_MS }).toEqual({
    INP: before.INP + 1,
    CLS: before.CLS + 1,
  });

  // Back in the app: its next page's report arrives after any second copy of the first one.
  const campaigns = await reports('/campaigns', 'FCP');
  await suite.admin.open('/campaigns');
  await eventually(() => reports('/campaigns', 'FCP'), { timeout: REPORTED_WITHIN_MS }).toBe(
    campaigns + 1,
  );
  expect(await finalMetrics('/generate')).toEqual({ INP: before.INP + 1, CLS: before.CLS + 1 });
});

test('closing the admin on a page reports its final INP and CLS', async () => {
  const before = await finalMetrics('/generate');
  await openWithSlowClicks('/generate', 'Generate');
  await aMinuteOfWork('Generate');

  await suite.admin.page.close();
  await eventually(() => finalMetrics('/generate'), { timeout: REPORTED_WITHIN_MS }).toEqual({
    INP: before.INP + 1,
    CLS: before.CLS + 1,
  });
});
