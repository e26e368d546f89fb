/**
 * The demo's App Bridge stand-in, on its own: a minimal embedded page inside the admin frame,
 * in real Chromium, with session tokens from the Shopify emulator. It must behave as the parts
 * of App Bridge the app relies on, or the demo and the browser tests would prove nothing.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { ShopifyGlobal } from '@shopify/app-bridge-types';
import type { Browser, Frame } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createAdminFrameRouter } from '../../dev/admin-frame/index.ts';
import { startShopifyEmulator, type ShopifyEmulator } from '../../emulators/shopify/index.ts';
import { createOffsetClock } from '../../src/platform/clock.ts';
import { launchChromium } from '../support/chromium.ts';
import { openAdminPage, type AdminPage } from './support/browser.ts';
import { finishTest } from './support/finish-test.ts';
import { startBridgeTestApp, type BridgeTestApp } from './support/bridge-test-app.ts';
import { verifiedClaims } from './support/session-token.ts';
import { eventually } from './support/eventually.ts';

const SHOP = 'bridge-test.myshopify.com';
const CLIENT_ID = 'bridge-test-client-id';
const CLIENT_SECRET = 'bridge-test-client-secret';

/** Shopify's time: real time, moved on together with the page's clock for a long session. */
const clock = createOffsetClock();
/** Tokens /api/checked refused: expired on Shopify's clock (no tolerance), or not the app's. */
const refusedTokens: string[] = [];
let shopify: ShopifyEmulator;
let testApp: BridgeTestApp;
let frameServer: Server;
let frameUrl: string;
let productId: number;
let browser: Browser;
let admin: AdminPage;
let app: Frame;

beforeAll(async () => {
  shopify = await startShopifyEmulator({
    apiKey: CLIENT_ID,
    apiSecret: CLIENT_SECRET,
    shops: [SHOP],
    clock,
  });
  const products = (await (
    await fetch(`${shopify.url}/__emulator/shops/${SHOP}/products`)
  ).json()) as {
    products: { numericId: number; mediaCount: number }[];
  };
  productId = products.products.find((product) => product.mediaCount > 0)!.numericId;
  testApp = await startBridgeTestApp({
    apiKey: CLIENT_ID,
    appBridgeUrl: () => `${frameUrl}/app-bridge.js`,
    productId,
    acceptsToken: (authorization) => {
      const token = String(authorization).replace(/^Bearer /, '');
      const valid = Number(verifiedClaims(token, CLIENT_SECRET).exp) * 1000 > clock.now();
      if (!valid) refusedTokens.push(token);
      return valid;
    },
  });
  const frame = express();
  frame.use(
    createAdminFrameRouter({
      appUrl: testApp.url,
      shopifyEmulatorUrl: shopify.url,
      shop: SHOP,
      // The test app declares no admin extensions: the product page must not run this project's
      // blocks, whose calls the test app cannot answer (404s, console errors).
      extensions: () => Promise.resolve([]),
    }),
  );
  frameServer = createServer(frame);
  frameServer.listen(0, '127.0.0.1');
  await once(frameServer, 'listening');
  frameUrl = `http://127.0.0.1:${(frameServer.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  frameServer?.closeAllConnections();
  await new Promise((resolve) => frameServer?.close(resolve));
  await testApp?.close();
  await shopify?.close();
});

beforeEach(async () => {
  testApp.received.length = 0;
  admin = await openAdminPage(browser, frameUrl);
  await admin.open('/');
  app = (await (await admin.page.waitForSelector('#app-frame')).contentFrame())!;
  await app.waitForFunction(() => 'shopify' in window);
});

afterEach(async ({ task }) => {
  await finishTest(admin, undefined, task);
});

describe('session tokens', () => {
  test("the app's own requests carry a session token for the shop, signed with the app's secret", async () => {
    const { authorization } = await app.evaluate(async () => (await fetch('/api/echo')).json());
    const token = String(authorization).replace(/^Bearer /, '');
    const claims = verifiedClaims(token, CLIENT_SECRET);
    expect(claims).toMatchObject({ dest: `https://${SHOP}`, aud: CLIENT_ID });
    expect(Number(claims.exp) * 1000).toBeGreaterThan(Date.now());
  });

  test('shopify.idToken() gives the same kind of token', async () => {
    const token = await app.evaluate(() => window.shopify.idToken());
    expect(verifiedClaims(token, CLIENT_SECRET)).toMatchObject({ dest: `https://${SHOP}` });
  });

  test('a 401 asking for a retry is retried once, with a fresh token', async () => {
    admin.allowConsoleErrors(/refuse-once.*status of 401/);
    const result = await app.evaluate(async () => {
      const response = await fetch('/api/refuse-once');
      return {
        status: response.status,
        body: (await response.json()) as { authorization: string },
      };
    });
    expect(result.status).toBe(200);
    const calls = testApp.received.filter((request) => request.path === '/refuse-once');
    expect(calls).toHaveLength(2);
    const [first, second] = calls.map((call) => String(call.headers.authorization));
    expect(first).toMatch(/^Bearer /);
    expect(second).toMatch(/^Bearer /);
    expect(second).not.toBe(first);
  });

  test('over a 30-minute session no request carries an expired token: each is renewed first', async () => {
    // The page's clock and Shopify's jump forward together, 13 s between requests: a token
    // (60 s) serves several requests, and every renewal comes at a different point of its life.
    await admin.close();
    admin = await openAdminPage(browser, frameUrl);
    await admin.page.clock.install({ time: clock.now() });
    await admin.open('/');
    app = (await (await admin.page.waitForSelector('#app-frame')).contentFrame())!;
    await app.waitForFunction(() => 'shopify' in window);
    refusedTokens.length = 0;
    const step = 13_000;
    const tokens = new Set<string>();
    for (let elapsed = 0; elapsed <= 30 * 60_000; elapsed += step) {
      expect(await app.evaluate(async () => (await fetch('/api/checked')).status)).toBe(200);
      tokens.add(await app.evaluate(() => window.shopify.idToken()));
      clock.advance(step);
      await admin.page.clock.fastForward(step);
    }
    expect(refusedTokens).toEqual([]);
    // Renewed about once a minute, not on every request.
    expect(tokens.size).toBeGreaterThanOrEqual(30);
    expect(tokens.size).toBeLessThan(60);
    // 139 requests, each a round trip through the page: 20-40 s on a quiet machine, past the
    // suite's minute at load 35.
  }, 180_000);

  test('requests to other origins get no token', async () => {
    await app.evaluate(async (url) => {
      await fetch(`${url}/anything`);
    }, testApp.otherOriginUrl);
    const other = testApp.received.find((request) => request.path === 'other:/anything');
    expect(other?.headers.authorization).toBeUndefined();
  });
});

describe('resource picker', () => {
  test('returns the chosen products in App Bridge’s shape', async () => {
    const picked = app.evaluate(async () => {
      const result = await window.shopify.resourcePicker({
        type: 'product',
        multiple: true,
        filter: { variants: false },
      });
      return {
        products: result ? [...result] : null,
        selectionIsTheSame: result?.selection === result,
      };
    });
    const dialog = admin.page.getByRole('dialog', { name: 'Add products' });
    const options = dialog.getByRole('checkbox');
    await options.nth(0).check();
    await options.nth(1).check();
    await dialog.getByRole('button', { name: 'Add' }).click();
    const { products, selectionIsTheSame } = await picked;
    expect(products).toHaveLength(2);
    expect(selectionIsTheSame).toBe(true);
    for (const product of products!) {
      expect(product.id).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
      expect(product.title).toEqual(expect.any(String));
      expect(Array.isArray(product.images)).toBe(true);
      expect(Array.isArray(product.variants)).toBe(true);
    }
  });

  test('resolves to undefined when the merchant cancels', async () => {
    const picked = app.evaluate(() =>
      window.shopify.resourcePicker({ type: 'product', action: 'select' }),
    );
    await admin.page
      .getByRole('dialog', { name: 'Select product' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    expect(await picked).toBeUndefined();
  });

  test('lists collections with their product counts', async () => {
    const picked = app.evaluate(() =>
      window.shopify.resourcePicker({ type: 'collection', action: 'select' }),
    );
    const dialog = admin.page.getByRole('dialog', { name: 'Select collection' });
    await dialog.getByRole('radio').first().check();
    await eventually(() => dialog.getByText(/\d+ products/).count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Select' }).click();
    const [collection] = (await picked)!;
    expect(collection!.id).toMatch(/^gid:\/\/shopify\/Collection\/\d+$/);
    expect(collection!.productsCount).toBeGreaterThan(0);
  });

  test('a limit on `multiple` stops further choices', async () => {
    // Left open: the page closes after the test.
    app
      .evaluate(() => window.shopify.resourcePicker({ type: 'product', multiple: 2 }))
      .catch(() => {});
    const options = admin.page.getByRole('dialog').getByRole('checkbox');
    await options.nth(0).check();
    await options.nth(1).check();
    await eventually(() => options.nth(2).isDisabled()).toBe(true);
  });
});

describe('save bar', () => {
  test("the admin's Save and Discard press the app's own buttons", async () => {
    await app.evaluate(() => window.shopify.saveBar.show('test-save-bar'));
    const bar = admin.page.getByRole('region', { name: 'Unsaved changes' });
    await bar.getByRole('button', { name: 'Save' }).click();
    await eventually(() => app.evaluate(() => window.saves)).toBe(1);
    await bar.getByRole('button', { name: 'Discard' }).click();
    await eventually(() => app.evaluate(() => window.discards)).toBe(1);
  });

  test('while it shows, leaving the page is blocked', async () => {
    await app.evaluate(() => window.shopify.saveBar.show('test-save-bar'));
    const url = admin.page.url();
    await admin.page.getByRole('link', { name: 'Products' }).click();
    await eventually(() =>
      admin.page.getByText('Save or discard your changes first').isVisible(),
    ).toBe(true);
    expect(admin.page.url()).toBe(url);
  });

  test('hiding it removes the bar', async () => {
    await app.evaluate(() => window.shopify.saveBar.show('test-save-bar'));
    await app.evaluate(() => window.shopify.saveBar.hide('test-save-bar'));
    await eventually(() =>
      admin.page.getByRole('region', { name: 'Unsaved changes' }).isVisible(),
    ).toBe(false);
  });
});

describe('navigation', () => {
  test('the app’s <ui-nav-menu> links appear in the sidebar and route with shopify:navigate', async () => {
    await admin.page.getByRole('link', { name: 'Second page' }).click();
    await eventually(() => app.evaluate(() => window.navigatedTo)).toBe('/second');
    await eventually(() =>
      admin.page.getByRole('link', { name: 'Second page' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  test('shopify://admin/products links open the product in the admin', async () => {
    await app.click('#admin-link');
    await admin.page.waitForURL(`${frameUrl}/products/${productId}`);
  });

  test('an app opened outside the admin goes to its place in the admin', async () => {
    await admin.page.goto(`${testApp.url}/second`);
    await admin.page.waitForURL(
      (url) => url.origin === frameUrl && url.searchParams.get('path') === '/second',
    );
  });

  test('toasts show in the admin', async () => {
    await app.evaluate(() => window.shopify.toast.show('Saved the thing'));
    await eventually(() =>
      admin.page.getByRole('status').filter({ hasText: 'Saved the thing' }).count(),
    ).toBe(1);
  });
});

declare global {
  interface Window {
    shopify: ShopifyGlobal;
    saves?: number;
    discards?: number;
    navigatedTo?: string;
  }
}
