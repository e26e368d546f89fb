/**
 * Image experiments on the storefront, in Chromium: the emulator's product and collection pages
 * with the real app embed (extensions/experiments-embed) and the real web pixel
 * (extensions/experiments-pixel) in its sandbox, sending to the app's real intake
 * (POST /experiments/events) on the suite's Redis, the experiment opened in the event store as
 * the app opens it.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { slugify } from '../../emulators/shopify/seed/seed-shop.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { launchChromium } from '../support/chromium.ts';
import { eventually } from './support/eventually.ts';
import {
  fileName,
  newVisitor,
  openStorefrontExperiment,
  type Images,
  type Paints,
  type Visitor,
} from './support/storefront.ts';

interface SeededProduct {
  numericId: number;
  handle: string;
  variants: { price: string }[];
  collections: { title: string }[];
}

let app: TestApp;
let browser: Browser;
let shop: string;
let product: SeededProduct;
let images: Images;
let endpoint: string;
const visitors: Visitor[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startTestApp({
      // Every visitor posts from 127.0.0.1: the per-address budget is not what is tested here.
      env: { PIXEL_RATE_LIMIT_BURST: '1000', RATE_LIMIT_REFUSAL_DELAY_MS: '0' },
      webhookWorker: false,
    }),
    launchChromium(),
  ]);
  shop = app.newShop();
  const control = `${app.emulator.url}/__emulator/shops/${shop}`;
  const { products } = (await (await fetch(`${control}/products`)).json()) as {
    products: SeededProduct[];
  };
  const featured = async (id: number) => {
    const { media } = (await (await fetch(`${control}/products/${id}/media`)).json()) as {
      media: { url: string }[];
    };
    return media[0]!.url;
  };
  product = products[0]!;
  // Another product's photo stands in for the AI photo: a file of its own on the CDN.
  images = {
    control: await featured(product.numericId),
    ai: await featured(products[1]!.numericId),
  };
  endpoint = `${app.url}/experiments/events`;
  const pixel = await fetch(`${control}/web-pixel`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ settings: { endpoint, shop } }),
  });
  expect(pixel.status).toBe(204);
});
afterEach(async () => {
  for (const visitor of visitors.splice(0)) {
    expect(visitor.consoleErrors).toEqual([]);
    await visitor.close();
  }
});
afterAll(() => browser?.close());

const productUrl = (query = '') =>
  `${app.emulator.url}/storefront/${shop}/products/${product.handle}${query}`;
const open = () =>
  openStorefrontExperiment(app.deps.redis, app.emulator.url, shop, product.numericId, images);
async function visitor(): Promise<Visitor> {
  const opened = await newVisitor(browser, endpoint);
  visitors.push(opened);
  return opened;
}
const painted = (paints: Paints, element: string) =>
  paints.images.filter((image) => image.element === element).map((image) => fileName(image.url));
const storedArm = (shown: Visitor, experiment: string) =>
  shown.page.evaluate(
    (id) =>
      (
        JSON.parse(localStorage.getItem('productai-experiments') ?? 'null') as {
          arms: Record<string, string>;
        } | null
      )?.arms[id],
    experiment,
  );
const beaconsSent = (shown: Visitor) =>
  shown.page.evaluate(
    () => (window as unknown as { __storefront: { beacons: number } }).__storefront.beacons,
  );

/**
 * A first page view: the control image, since Shopify's Customer Privacy API is loaded after
 * the first paint; once it has loaded, the visitor's arms are drawn for the next pages (with
 * consent) and nothing was published.
 */
async function firstView(shopper: Visitor, url: string): Promise<void> {
  await shopper.page.goto(url);
  expect(painted(await shopper.paintsOf('featured'), 'featured')).toEqual([
    fileName(images.control),
  ]);
  await shopper.page.waitForFunction(
    () => (window as unknown as { Shopify: { customerPrivacy?: unknown } }).Shopify.customerPrivacy,
  );
  expect(await published(shopper)).toEqual(['product_viewed']);
}
const published = (shopper: Visitor) =>
  shopper.page.evaluate(
    () => (window as unknown as { __storefront: { published: string[] } }).__storefront.published,
  );

describe('the arm’s image', () => {
  it('is the first image painted on the product page, and nothing moves', async () => {
    const experiment = await open();
    await experiment.live([0, 100]);
    const shopper = await visitor();
    await firstView(shopper, productUrl());
    expect(await storedArm(shopper, experiment.id)).toBe('ai1');
    // The API comes a second after the page's load, so the page's view reaches the pixel well
    // before the exposure it belongs to (which waits for the API's word), as on a slow network.
    await shopper.page.goto(productUrl('?consentApiMs=1000'));
    const paints = await shopper.paintsOf('featured');
    expect(painted(paints, 'featured')).toEqual([fileName(images.ai)]);
    expect(paints.largest.filter(Boolean).map(fileName)).toEqual([fileName(images.ai)]);
    expect(paints.cls).toBe(0);
    // The exposure and the view reach the intake, in the visitor's arm only.
    await eventually(async () => (await experiment.totals('ai1')).viewed).toEqual({
      visitors: 1,
      conversions: 1,
    });
    expect((await experiment.totals('control')).viewed.visitors).toBe(0);
  });

  it('is the first image painted in a collection grid, and nothing moves', async () => {
    const experiment = await open();
    await experiment.live([0, 100]);
    const shopper = await visitor();
    await firstView(shopper, productUrl());
    const collection = slugify(product.collections[0]!.title);
    await shopper.page.goto(`${app.emulator.url}/storefront/${shop}/collections/${collection}`);
    const card = `card-${product.numericId}`;
    const paints = await shopper.paintsOf(card);
    expect(painted(paints, card)).toEqual([fileName(images.ai)]);
    expect(paints.cls).toBe(0);
    await eventually(async () => (await experiment.totals('ai1')).viewed.visitors).toBe(1);
  });
});

it('shows the control image and sends nothing when consent is refused', async () => {
  const experiment = await open();
  await experiment.live([0, 100]);
  const shopper = await visitor();
  // Twice: the first view waits for the API; a second would show the arm kept by the first.
  await firstView(shopper, productUrl('?consent=refused'));
  await shopper.page.reload();
  await shopper.page.waitForFunction(
    () => (window as unknown as { Shopify: { customerPrivacy?: unknown } }).Shopify.customerPrivacy,
  );
  const paints = await shopper.paintsOf('featured');
  expect(painted(paints, 'featured')).toEqual([fileName(images.control)]);
  expect(paints.cls).toBe(0);
  // No pixel sandbox (Shopify loads an analytics pixel only with consent), no exposure, no id.
  expect(shopper.page.workers()).toEqual([]);
  expect(await published(shopper)).toEqual(['product_viewed']);
  expect(await shopper.page.evaluate(() => ({ ...localStorage }))).toEqual({});

  // The same shopper consents: from its next page on, its visits count, and only they.
  await firstView(shopper, productUrl('?consent=given'));
  await shopper.page.reload();
  expect(painted(await shopper.paintsOf('featured'), 'featured')).toEqual([fileName(images.ai)]);
  expect(shopper.page.workers()).toHaveLength(1);
  await eventually(async () => (await experiment.totals('ai1')).viewed).toEqual({
    visitors: 1,
    conversions: 1,
  });
  expect((await experiment.totals('control')).viewed.visitors).toBe(0);

  // It withdraws consent: the page shows the arm it kept (the API's word comes after the first
  // paint), then publishes nothing and forgets the visitor.
  await shopper.page.goto(productUrl('?consent=refused'));
  await shopper.page.waitForFunction(
    () => (window as unknown as { Shopify: { customerPrivacy?: unknown } }).Shopify.customerPrivacy,
  );
  await shopper.page.waitForFunction(() => localStorage.getItem('productai-experiments') === null);
  expect(await published(shopper)).toEqual(['product_viewed']);
  expect(shopper.page.workers()).toEqual([]);
});

it('keeps a visitor in its arm across reloads, whatever the weights become', async () => {
  const experiment = await open();
  await experiment.live([100, 0]);
  const shopper = await visitor();
  await firstView(shopper, productUrl());
  expect(await storedArm(shopper, experiment.id)).toBe('control');

  await experiment.live([0, 100]);
  for (let reload = 0; reload < 3; reload += 1) {
    await shopper.page.reload();
    expect(painted(await shopper.paintsOf('featured'), 'featured')).toEqual([
      fileName(images.control),
    ]);
    expect(await storedArm(shopper, experiment.id)).toBe('control');
  }
  // A new visitor gets the weights as they are now.
  const newcomer = await visitor();
  await firstView(newcomer, productUrl());
  await newcomer.page.reload();
  expect(painted(await newcomer.paintsOf('featured'), 'featured')).toEqual([fileName(images.ai)]);
  await eventually(async () => [
    (await experiment.totals('control')).viewed.visitors,
    (await experiment.totals('ai1')).viewed.visitors,
  ]).toEqual([1, 1]);
});

it('counts each event once when events and beacons arrive twice and the thank-you page is reloaded', async () => {
  const experiment = await open();
  await experiment.live([0, 100]);
  const shopper = await visitor();
  const { page } = shopper;
  const waitForBeacons = (count: number) =>
    page.waitForFunction(
      (least) =>
        (window as unknown as { __storefront: { beacons: number } }).__storefront.beacons >= least,
      count,
    );
  await firstView(shopper, productUrl('?duplicates=1'));
  await page.reload();
  await waitForBeacons(2);
  await page.click('#add-to-cart');
  await waitForBeacons(4);
  await page.click('#buy-now');
  await page.waitForURL(/thank-you/);
  await waitForBeacons(2);
  await page.reload();
  await waitForBeacons(2);
  expect(await beaconsSent(shopper)).toBe(2);
  // Every beacon answered: the intake has all it will get.
  await eventually(() => {
    const { sent, done } = shopper.beacons();
    return sent >= 8 && sent === done;
  }).toBe(true);

  const price = Number(product.variants[0]!.price);
  const totals = await experiment.totals('ai1');
  expect(totals.viewed).toEqual({ visitors: 1, conversions: 1 });
  expect(totals.added_to_cart).toEqual({ visitors: 1, conversions: 1 });
  expect(totals.ordered).toEqual({
    visitors: 1,
    conversions: 1,
    sum: price,
    sumSquares: price ** 2,
  });
});
