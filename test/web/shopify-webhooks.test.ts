/**
 * Shopify webhooks at /webhooks/shopify, delivered by the emulator with real HMAC signatures:
 * verification, one job per event, and what each topic does to a shop's data. The app runs the
 * webhook worker in-process, as the worker process does.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AppModule } from '../../web/server/module.ts';
import { APP_MODULES } from '../../web/server/modules.ts';
import { shopKeyspace } from '../../src/platform/keys.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { API_SECRET } from '../support/app-identity.ts';
import { startTestApp } from '../support/app.ts';
import { until } from '../support/until.ts';

interface Delivery {
  webhookId: string;
  status: number | null;
}

const generations = shopKeyspace('generation');
const uninstalls: string[] = [];

/** An uninstall hook, as the pipeline registers one: counts how often an uninstall ran. */
const observerModule: AppModule = {
  name: 'observer',
  register(_routers, deps) {
    deps.eraser.onUninstall('observer', async (shop) => void uninstalls.push(shop));
  },
};

/** The app's log lines, parsed. */
const logged: Array<Record<string, unknown>> = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
    done();
  },
});

const app = await startTestApp({
  modules: [...APP_MODULES, observerModule],
  overrides: { logger: createLogger({ level: 'info', destination }) },
});
const redis = app.deps.redis;
const runsFor = (shop: string) => uninstalls.filter((s) => s === shop).length;

async function deliver(
  shop: string,
  topic: string,
  extra: Record<string, unknown> = {},
): Promise<Delivery[]> {
  const { deliveries } = (await app.shopifyControl('POST', '/webhooks', {
    shop,
    topic,
    ...extra,
  })) as {
    deliveries: Delivery[];
  };
  return deliveries;
}

async function redeliver(webhookId: string): Promise<Delivery[]> {
  const { deliveries } = (await app.shopifyControl('POST', `/webhooks/${webhookId}/redeliver`)) as {
    deliveries: Delivery[];
  };
  return deliveries;
}

/** A shop that used the app: offline token, settings with an API key, another concern's data. */
async function activeShop(): Promise<string> {
  const shop = app.newShop();
  expect((await app.call('/api/session', { shop })).status).toBe(200);
  await app.deps.settings.saveApiKey(shop, 'pai_live_0123456789abcdef');
  await app.deps.settings.update(shop, { reviewMode: true });
  await redis.set(generations.key(shop, 'g1'), '{"state":"published"}');
  return shop;
}

/** The app uninstalled in Shopify without its own `app/uninstalled` (a test sends that). */
async function uninstalledQuietly(shop: string): Promise<void> {
  await app.shopifyControl('POST', `/shops/${shop}/uninstall`, { deliver: false });
}

/** The shop's keys, but for its API rate limit's counter, which expires on its own. */
const keysOf = async (shop: string) =>
  (await redis.keys(`pai:{${shop}}:*`)).filter((key) => !key.includes(':rate-limit:'));
const jobsWaiting = () => app.deps.webhookIntake.queue.getJobCountByTypes('wait', 'active');

function signedPost(body: string, headers: Record<string, string>): Promise<Response> {
  return app.call('/webhooks/shopify', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function shopifyHeaders(body: string, shop: string): Record<string, string> {
  return {
    'X-Shopify-Hmac-Sha256': createHmac('sha256', API_SECRET).update(body).digest('base64'),
    'X-Shopify-Topic': 'customers/data_request',
    'X-Shopify-Shop-Domain': shop,
    'X-Shopify-Webhook-Id': randomUUID(),
    'X-Shopify-API-Version': '2026-10',
  };
}

describe('Shopify webhook verification', () => {
  it('rejects a tampered body with 401', async () => {
    const shop = app.newShop();
    const body = JSON.stringify({ shop_domain: shop });
    const headers = shopifyHeaders(body, shop);
    const response = await signedPost(body.replace(shop, 'evil.myshopify.com'), headers);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      message: 'Webhook rejected: HMAC does not match',
    });
  });

  it('rejects a signed delivery with missing headers with 401 naming them', async () => {
    const shop = app.newShop();
    const body = JSON.stringify({ shop_domain: shop });
    const { 'X-Shopify-Webhook-Id': _id, ...withoutId } = shopifyHeaders(body, shop);
    const response = await signedPost(body, withoutId);
    expect(response.status).toBe(401);
    expect((await response.json()).message).toContain('X-Shopify-Webhook-Id');
  });

  it("refuses a signed shop/redact replayed under another shop's header, and erases nothing", async () => {
    const victim = await activeShop();
    const body = JSON.stringify({ shop_id: 1, shop_domain: app.newShop() });
    const headers = { ...shopifyHeaders(body, victim), 'X-Shopify-Topic': 'shop/redact' };
    const response = await signedPost(body, headers);
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBe(
      'Webhook rejected: the signed body names another shop',
    );
    expect(await jobsWaiting()).toBe(0);
    expect(await app.deps.settings.get(victim)).toMatchObject({ reviewMode: true });
  });

  it('refuses an app/uninstalled whose signed body names no shop', async () => {
    const shop = await activeShop();
    const body = JSON.stringify({ id: 1 });
    const headers = { ...shopifyHeaders(body, shop), 'X-Shopify-Topic': 'app/uninstalled' };
    expect((await signedPost(body, headers)).status).toBe(401);
    expect(runsFor(shop)).toBe(0);
  });

  it("refuses a signed delivery triggered longer ago than Shopify's 48-hour retry window, and logs it", async () => {
    const shop = app.newShop();
    const body = JSON.stringify({ shop_domain: shop });
    const triggeredAt = new Date(Date.now() - 49 * 3_600_000).toISOString();
    const headers: Record<string, string> = {
      ...shopifyHeaders(body, shop),
      'X-Shopify-Triggered-At': triggeredAt,
    };
    const response = await signedPost(body, headers);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: 'stale_webhook',
      message: `Webhook rejected: triggered at ${triggeredAt}, older than Shopify's 48-hour retry window`,
    });
    expect(await jobsWaiting()).toBe(0);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 40,
        shop,
        webhookId: headers['X-Shopify-Webhook-Id'],
        triggeredAt,
        msg: expect.stringContaining('older than Shopify'),
      }),
    );
  });

  it('accepts a signed delivery Shopify retries within its 48-hour window', async () => {
    const shop = app.newShop();
    const body = JSON.stringify({ shop_domain: shop, customer: { id: 1 }, orders_requested: [] });
    const triggeredAt = new Date(Date.now() - 47 * 3_600_000).toISOString();
    const headers = { ...shopifyHeaders(body, shop), 'X-Shopify-Triggered-At': triggeredAt };
    expect((await signedPost(body, headers)).status).toBe(200);
  });

  it('rejects an unsigned delivery with 401', async () => {
    const shop = app.newShop();
    const body = JSON.stringify({ shop_domain: shop });
    const { 'X-Shopify-Hmac-Sha256': _hmac, ...unsigned } = shopifyHeaders(body, shop);
    expect((await signedPost(body, unsigned)).status).toBe(401);
  });
});

describe('Shopify webhook de-duplication', () => {
  it('runs a delivery repeated while it is queued once', async () => {
    const shop = await activeShop();
    await uninstalledQuietly(shop);
    const deliveries = await deliver(shop, 'app/uninstalled', { repeat: 3 });
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    await until('the session erased', async () => (await app.deps.sessions.get(shop)) === null);
    await until('no webhook job waiting', async () => (await jobsWaiting()) === 0);
    expect(runsFor(shop)).toBe(1);
  });

  it('answers a redelivery of a processed event with 200 and runs nothing', async () => {
    const shop = await activeShop();
    await uninstalledQuietly(shop);
    const [first] = await deliver(shop, 'app/uninstalled');
    await until('one run of the handler', async () => runsFor(shop) === 1);
    await until('no webhook job waiting', async () => (await jobsWaiting()) === 0);
    expect((await redeliver(first!.webhookId))[0]?.status).toBe(200);
    expect(await jobsWaiting()).toBe(0);
    expect(runsFor(shop)).toBe(1);
  });
});

describe('Shopify webhook topics', () => {
  it('app/uninstalled: deletes the session and API key, cancels queued work, keeps other shops', async () => {
    const shop = await activeShop();
    const other = await activeShop();
    const otherKeys = (await keysOf(other)).sort();
    await app.shopifyControl('POST', `/shops/${shop}/uninstall`);
    // The key goes last (after the hooks and the session): once it is gone the uninstall is done.
    await until(
      'the ProductAI key erased',
      async () => (await app.deps.settings.getApiKey(shop)) === null,
    );
    expect(await app.deps.sessions.get(shop)).toBeNull();
    expect(runsFor(shop)).toBe(1);
    expect((await app.deps.settings.get(shop)).reviewMode).toBe(true); // until shop/redact
    expect((await keysOf(other)).sort()).toEqual(otherKeys);
    expect(await app.deps.settings.getApiKey(other)).toBe('pai_live_0123456789abcdef');
  });

  it('app/uninstalled that arrives after a quick reinstall leaves the new installation alone', async () => {
    const shop = await activeShop();
    // The uninstall's first delivery finds the app unreachable (Shopify will retry it).
    app.emulator.setWebhookUrl('http://127.0.0.1:9/unreachable');
    const { deliveries } = (await app.shopifyControl('POST', `/shops/${shop}/uninstall`)) as {
      deliveries: Delivery[];
    };
    app.emulator.setWebhookUrl(`${app.url}/webhooks/shopify`);
    expect(deliveries[0]?.status).toBeNull();
    // The merchant reinstalls and opens the app: Shopify refuses the revoked token, App Bridge
    // retries with a fresh session token, and a token exchange makes the new installation.
    await app.shopifyControl('POST', `/shops/${shop}/install`);
    expect((await app.call('/api/products', { shop })).status).toBe(401);
    expect((await app.call('/api/products', { shop })).status).toBe(200);
    const fresh = await app.deps.sessions.get(shop);
    expect(fresh).not.toBeNull();

    // Shopify's retry of the old uninstall arrives now.
    expect((await redeliver(deliveries[0]!.webhookId))[0]?.status).toBe(200);
    await until('no webhook job waiting', async () => (await jobsWaiting()) === 0);
    expect(await app.deps.sessions.get(shop)).toEqual(fresh);
    expect(await app.deps.settings.getApiKey(shop)).toBe('pai_live_0123456789abcdef');
    expect(runsFor(shop)).toBe(0);
  });

  it('app/uninstalled replayed while the app is installed: Shopify still takes the token, nothing is removed', async () => {
    const shop = await activeShop();
    const before = await app.deps.sessions.get(shop);
    expect((await deliver(shop, 'app/uninstalled'))[0]?.status).toBe(200);
    await until('no webhook job waiting', async () => (await jobsWaiting()) === 0);
    expect(await app.deps.sessions.get(shop)).toEqual(before);
    expect(await app.deps.settings.getApiKey(shop)).toBe('pai_live_0123456789abcdef');
    expect(runsFor(shop)).toBe(0);
  });

  it('shop/redact replayed while the app is installed: nothing is erased', async () => {
    const shop = await activeShop();
    const before = (await keysOf(shop)).sort();
    expect((await deliver(shop, 'shop/redact'))[0]?.status).toBe(200);
    await until('no webhook job waiting', async () => (await jobsWaiting()) === 0);
    expect((await keysOf(shop)).sort()).toEqual(before);
    expect(await app.deps.settings.getApiKey(shop)).toBe('pai_live_0123456789abcdef');
  });

  it('shop/redact: erases everything held for the shop, and nothing of another', async () => {
    const shop = await activeShop();
    const other = await activeShop();
    const otherKeys = (await keysOf(other)).sort();
    await app.shopifyControl('POST', `/shops/${shop}/uninstall`);
    expect((await deliver(shop, 'shop/redact'))[0]?.status).toBe(200);
    // Not even the delivery's own done marker: it lives outside the shop's prefix.
    await until("the shop's keys erased", async () => (await keysOf(shop)).length === 0);
    expect((await keysOf(other)).sort()).toEqual(otherKeys);
  });

  it('app/scopes_update: records the scopes now granted', async () => {
    const shop = await activeShop();
    const payload = {
      id: 1,
      previous: ['write_products', 'write_files'],
      current: ['write_products'],
      updated_at: new Date().toISOString(),
    };
    expect((await deliver(shop, 'app/scopes_update', { payload }))[0]?.status).toBe(200);
    await until(
      'the new scope on the session',
      async () => (await app.deps.sessions.get(shop))?.scope === 'write_products',
    );
  });

  it('customers/redact and customers/data_request: acknowledged (no customer data held)', async () => {
    const shop = await activeShop();
    const keys = async () => (await keysOf(shop)).sort();
    const before = await keys();
    for (const topic of ['customers/data_request', 'customers/redact']) {
      const [delivery] = await deliver(shop, topic);
      expect(delivery?.status).toBe(200);
    }
    await until('no webhook job waiting', async () => (await jobsWaiting()) === 0);
    expect(await keys()).toEqual(before);
  });
});
