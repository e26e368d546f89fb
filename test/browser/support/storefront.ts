/**
 * The emulator's storefront for the image experiments' browser tests (emulators/shopify/
 * storefront/): an experiment opened in the app's event store and written to a product's
 * `$app:experiments.live` metafield as the app writes it, and a visitor's browser context whose
 * pages record what they paint (Element Timing and Largest Contentful Paint: which image, from
 * their first script on) and their layout shifts, and every console error.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { createExperimentEventStore } from '../../../src/features/experiments/event-store.ts';
import type { Redis } from '../../../src/platform/redis/connection.ts';

export const ARMS = ['control', 'ai1'] as const;

export interface StorefrontExperiment {
  id: string;
  /** The overall totals of an arm at the intake, per metric. */
  totals(arm: (typeof ARMS)[number]): Promise<
    Record<
      'viewed' | 'added_to_cart' | 'ordered',
      {
        visitors: number;
        conversions: number;
        sum?: number;
      }
    >
  >;
  /** Writes the product's metafield with these weights (the control's first). */
  live(weights: [number, number]): Promise<void>;
}

export interface Images {
  control: string;
  ai: string;
}

/** The file name of a CDN URL: what tells the control's image from the AI photo's. */
export const fileName = (url: string) => new URL(url).pathname.split('/').pop()!;

export async function openStorefrontExperiment(
  redis: Redis,
  emulatorUrl: string,
  shop: string,
  product: number,
  images: Images,
): Promise<StorefrontExperiment> {
  const store = createExperimentEventStore(redis);
  const id = `exp-${randomUUID().slice(0, 8)}`;
  await store.open(shop, { id, arms: ARMS, startsAtMs: Date.now(), days: 7 });
  return {
    id,
    async totals(arm) {
      const found = (await store.totals(shop, id, Date.now()))?.find(
        (result) => result.arm === arm,
      );
      if (!found) throw new Error(`no totals for ${arm}`);
      return found.overall;
    },
    async live(weights) {
      const value = {
        v: 1,
        experiment: id,
        arms: [
          { arm: 'control', image: images.control, media: 'gid://shopify/MediaImage/1' },
          { arm: 'ai1', image: images.ai, media: 'gid://shopify/MediaImage/2' },
        ],
        weights,
      };
      const answer = await fetch(
        `${emulatorUrl}/__emulator/shops/${shop}/products/${product}/metafields`,
        {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            namespace: '$app:experiments',
            key: 'live',
            type: 'json',
            value: JSON.stringify(value),
          }),
        },
      );
      if (answer.status !== 204) throw new Error(`metafield not set: ${answer.status}`);
    },
  };
}

export interface Paints {
  /** Images painted, in order: the element's `elementtiming` and the image's URL. */
  images: Array<{ element: string; url: string }>;
  /** Largest Contentful Paint candidates' image URLs, in order. */
  largest: string[];
  /** When the last of them was painted (the page's LCP so far), in ms since navigation. */
  largestMs: number;
  /** The sum of the page's layout shifts (CLS over its one session). */
  cls: number;
}

export function recordPaints(): void {
  const paints: Paints = { images: [], largest: [], largestMs: 0, cls: 0 };
  (window as unknown as { __paints: Paints }).__paints = paints;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { identifier: string; url: string }[])
      paints.images.push({ element: entry.identifier, url: entry.url });
  }).observe({ type: 'element', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { url: string; startTime: number }[]) {
      paints.largest.push(entry.url);
      paints.largestMs = entry.startTime;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number;
      hadRecentInput: boolean;
    }[])
      if (!entry.hadRecentInput) paints.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

export interface Visitor {
  context: BrowserContext;
  page: Page;
  /** Requests to `endpoint` sent and answered (or failed) so far. */
  beacons(): { sent: number; done: number };
  /** The page's paints so far, once the `element` image has painted. */
  paintsOf(element: string): Promise<Paints>;
  consoleErrors: string[];
  close(): Promise<void>;
}

export async function newVisitor(browser: Browser, endpoint: string): Promise<Visitor> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(recordPaints);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  let sent = 0;
  let done = 0;
  const toEndpoint = (request: Request) => request.url() === endpoint;
  context.on('request', (request) => (sent += toEndpoint(request) ? 1 : 0));
  context.on('requestfinished', (request) => (done += toEndpoint(request) ? 1 : 0));
  context.on('requestfailed', (request) => (done += toEndpoint(request) ? 1 : 0));
  return {
    context,
    page,
    beacons: () => ({ sent, done }),
    async paintsOf(element) {
      await page.waitForFunction(
        (name) =>
          (window as unknown as { __paints: Paints }).__paints.images.some(
            (i) => i.element === name,
          ),
        element,
      );
      return page.evaluate(() => (window as unknown as { __paints: Paints }).__paints);
    },
    consoleErrors,
    close: () => context.close(),
  };
}
