/**
 * The traffic simulator's browser shoppers (dev/browser-shoppers.ts), in Chromium: on the
 * emulator's storefront product page with the real app embed and the real web pixel, their
 * events reach the app's real intake (POST /experiments/events) through the storefront script and
 * the pixel, and the event store counts each shopper's exposure and add to cart once, in the arm
 * the storefront showed it; the shopper refusing consent sends nothing and counts nowhere.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browserShoppers } from '../../dev/browser-shoppers.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { launchChromium } from '../support/chromium.ts';
import { eventually } from './support/eventually.ts';
import { ARMS, openStorefrontExperiment } from './support/storefront.ts';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ webhookWorker: false }), launchChromium()]);
});
afterAll(() => browser?.close());

it('counts each browser shopper’s exposure and add to cart once, and nothing of the one refusing consent', async () => {
  const shop = app.newShop();
  const control = `${app.emulator.url}/__emulator/shops/${shop}`;
  const { products } = (await (await fetch(`${control}/products`)).json()) as {
    products: { numericId: number; handle: string }[];
  };
  const featured = async (id: number) =>
    (
      (await (await fetch(`${control}/products/${id}/media`)).json()) as {
        media: { url: string }[];
      }
    ).media[0]!.url;
  const product = products[0]!;
  const intakeUrl = `${app.url}/experiments/events`;
  const pixel = await fetch(`${control}/web-pixel`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ settings: { endpoint: intakeUrl, shop } }),
  });
  expect(pixel.status).toBe(204);
  const experiment = await openStorefrontExperiment(
    app.deps.redis,
    app.emulator.url,
    shop,
    product.numericId,
    // Another product's photo stands in for the AI photo.
    { control: await featured(product.numericId), ai: await featured(products[1]!.numericId) },
  );
  await experiment.live([50, 50]);

  const shoppers = await browserShoppers(browser, {
    productUrl: `${app.emulator.url}/storefront/${shop}/products/${product.handle}`,
    intakeUrl,
    experiment: experiment.id,
    arms: ARMS.map((arm) => ({ arm, addToCartRate: 0.5 })),
    consenting: 4,
    refusing: 1,
    // Its draws add two of the four to cart (0.73, 0.32, 0.29, 0.54 against 0.5).
    seed: 2,
  });

  const consenting = shoppers.filter((shopper) => shopper.consent);
  expect(consenting.map((shopper) => shopper.addedToCart)).toEqual([false, true, true, false]);
  // One batch for the page's view (exposure and product viewed together), one for the click.
  for (const shopper of consenting) expect(shopper.batches).toBe(shopper.addedToCart ? 2 : 1);
  expect(shoppers.filter((shopper) => !shopper.consent)).toEqual([
    { consent: false, arm: null, addedToCart: false, batches: 0, pixel: false },
  ]);

  for (const arm of ARMS) {
    const shown = consenting.filter((shopper) => shopper.arm === arm);
    const added = shown.filter((shopper) => shopper.addedToCart).length;
    await eventually(async () => {
      const totals = await experiment.totals(arm);
      return { viewed: totals.viewed, added: totals.added_to_cart };
    }).toEqual({
      viewed: { visitors: shown.length, conversions: shown.length },
      added: { visitors: shown.length, conversions: added },
    });
  }
  // All four counted, in the arms the storefront drew; the refusing shopper in neither.
  expect(consenting.every((shopper) => ARMS.includes(shopper.arm as (typeof ARMS)[number]))).toBe(
    true,
  );
}, 60_000);
