import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/app-api/contract.ts';
import { SHOPIFY_WEBHOOK_MAX_BYTES } from '../../web/server/routes/shopify-webhooks.ts';
import { API_SECRET } from '../support/app-identity.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

// Three requests at once, then one a minute: nothing comes back during a test.
const STRICT = {
  API_RATE_LIMIT_BURST: '3',
  API_RATE_LIMIT_PER_MINUTE: '1',
  WEBHOOK_RATE_LIMIT_BURST: '3',
  WEBHOOK_RATE_LIMIT_PER_MINUTE: '1',
  // One proxy in front (as in compose.yaml): the client is the address it reports, so each test
  // can be a caller of its own. Never the bare 127.0.0.1, which every test file shares.
  TRUST_PROXY: '1',
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};
const REFUSAL_DELAY_MS = 400;

// Two processes of the app on one Redis; the twin answers its refusals after the delay.
let app: TestApp;
let twin: TestApp;
beforeAll(async () => {
  [app, twin] = await Promise.all([
    startTestApp({ env: { ...STRICT, RATE_LIMIT_REFUSAL_DELAY_MS: '0' }, webhookWorker: false }),
    startTestApp({
      env: { ...STRICT, RATE_LIMIT_REFUSAL_DELAY_MS: String(REFUSAL_DELAY_MS) },
      webhookWorker: false,
    }),
  ]);
});

/**
 * A shop installed on both apps' emulators: the Shopify library sends through one process-wide
 * fetch, so token exchanges of either app may reach the other's emulator.
 */
function newShop(): string {
  const shop = app.newShop();
  twin.emulator.installShop(shop);
  return shop;
}

/** An address no other test uses (IPv6 documentation prefix). */
const newAddress = () =>
  `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

async function statuses(send: () => Promise<Response>, n: number): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < n; i += 1) answers.push((await send()).status);
  return answers;
}

const postFrom = (target: TestApp, address: string, path: string) =>
  target.call(path, { method: 'POST', headers: { 'X-Forwarded-For': address }, body: '{}' });

describe('/api, per shop', () => {
  it('answers a shop within its budget', async () => {
    const shop = newShop();
    expect(await statuses(() => app.call('/api/session', { shop }), 3)).toEqual([200, 200, 200]);
  });

  it('answers 429 past the budget, with Retry-After and the error body', async () => {
    const shop = newShop();
    await statuses(() => app.call('/api/session', { shop }), 3);
    const response = await app.call('/api/session', { shop });
    expect(response.status).toBe(429);
    // One request comes back a minute.
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const body = (await response.json()) as ApiErrorBody;
    expect(body).toMatchObject({ error: 'rate_limited', requestId: expect.any(String) });
    expect(body.message).toMatch(/try again/i);
  });

  it('leaves every other shop its own budget', async () => {
    const flooder = newShop();
    const other = newShop();
    await statuses(() => app.call('/api/session', { shop: flooder }), 10);
    expect(await statuses(() => app.call('/api/session', { shop: other }), 3)).toEqual([
      200, 200, 200,
    ]);
  });

  it('answers a refusal only after the refusal delay (±50%), so a looping client slows down', async () => {
    const shop = newShop();
    await statuses(() => twin.call('/api/session', { shop }), 3);
    const sent = performance.now();
    expect((await twin.call('/api/session', { shop })).status).toBe(429);
    expect(performance.now() - sent).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS / 2);
  });

  it('is one budget across app processes', async () => {
    const shop = newShop();
    const answers = [
      (await app.call('/api/session', { shop })).status,
      (await twin.call('/api/session', { shop })).status,
      (await app.call('/api/session', { shop })).status,
      (await twin.call('/api/session', { shop })).status,
      (await app.call('/api/session', { shop })).status,
    ];
    expect(answers).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('public routes, per source address', () => {
  it('answers 429 past the budget, with Retry-After and the error body', async () => {
    const address = newAddress();
    // Unsigned: the route itself answers 401.
    expect(await statuses(() => postFrom(app, address, '/webhooks/shopify'), 3)).toEqual([
      401, 401, 401,
    ]);
    const refused = await postFrom(app, address, '/webhooks/shopify');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
  });

  it('refuses Flow and ProductAI requests past their budget before the route runs', async () => {
    const address = newAddress();
    await statuses(() => postFrom(app, address, '/flow/actions/generate-photo'), 3);
    expect((await postFrom(app, address, '/flow/actions/generate-photo')).status).toBe(429);
    const productAi = `/webhooks/productai/${newShop()}/some-token`;
    await statuses(() => postFrom(app, address, productAi), 3);
    expect((await postFrom(app, address, productAi)).status).toBe(429);
  });

  it('gives Shopify webhooks, Flow and ProductAI deliveries a bucket each', async () => {
    const address = newAddress();
    const productAi = `/webhooks/productai/${newShop()}/some-token`;
    // Junk on two of them, far past the budget...
    await statuses(() => postFrom(app, address, '/flow/actions/generate-photo'), 6);
    await statuses(() => postFrom(app, address, productAi), 6);
    // ...leaves the third its whole budget (the route's own answer: unsigned, 401).
    expect(await statuses(() => postFrom(app, address, '/webhooks/shopify'), 3)).toEqual([
      401, 401, 401,
    ]);
  });

  it('never refuses a webhook Shopify signed, even from an address past its budget', async () => {
    const address = newAddress();
    await statuses(() => postFrom(app, address, '/webhooks/shopify'), 6);
    expect((await postFrom(app, address, '/webhooks/shopify')).status).toBe(429);
    // Compliance topics included: a customer's data request, signed by Shopify.
    const shop = newShop();
    const body = JSON.stringify({ shop_domain: shop, customer: { id: 1 }, orders_requested: [] });
    const delivery = await app.call('/webhooks/shopify', {
      method: 'POST',
      body,
      headers: {
        'X-Forwarded-For': address,
        'Content-Type': 'application/json',
        'X-Shopify-Hmac-Sha256': createHmac('sha256', API_SECRET).update(body).digest('base64'),
        'X-Shopify-Topic': 'customers/data_request',
        'X-Shopify-Shop-Domain': shop,
        'X-Shopify-Webhook-Id': randomUUID(),
        'X-Shopify-API-Version': '2026-10',
      },
    });
    expect(delivery.status).toBe(200);
  });

  it('leaves every other address its own budget', async () => {
    const flooder = newAddress();
    await statuses(() => postFrom(app, flooder, '/webhooks/shopify'), 10);
    expect(await statuses(() => postFrom(app, newAddress(), '/webhooks/shopify'), 3)).toEqual([
      401, 401, 401,
    ]);
  });

  it('is one budget across app processes', async () => {
    const address = newAddress();
    const answers = [
      (await postFrom(app, address, '/webhooks/shopify')).status,
      (await postFrom(twin, address, '/webhooks/shopify')).status,
      (await postFrom(app, address, '/webhooks/shopify')).status,
      (await postFrom(twin, address, '/webhooks/shopify')).status,
    ];
    expect(answers).toEqual([401, 401, 401, 429]);
  });
});

describe('Shopify webhook bodies', () => {
  it('accepts a body as large as Shopify sends', async () => {
    const response = await app.call('/webhooks/shopify', {
      method: 'POST',
      headers: { 'X-Forwarded-For': newAddress(), 'Content-Type': 'application/json' },
      body: Buffer.alloc(SHOPIFY_WEBHOOK_MAX_BYTES, 0x20),
    });
    // Read whole, then refused for its missing signature.
    expect(response.status).toBe(401);
  });

  it('refuses a larger declared body with 413 before reading it', async () => {
    const declared = 50 * 1024 * 1024;
    const { status, body, sent } = await new Promise<{
      status: number;
      body: string;
      sent: number;
    }>((resolve, reject) => {
      let sent = 0;
      const req = request(`${app.url}/webhooks/shopify`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': declared,
          'X-Forwarded-For': newAddress(),
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: text, sent });
        });
      });
      // The first 64 KB only: the answer must come without the rest.
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      req.write(chunk, () => (sent += chunk.length));
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ error: 'payload_too_large' });
    expect(sent).toBeLessThan(declared);
  });

  it('cuts a larger body sent without a length at the same size', async () => {
    const response = await app.call('/webhooks/shopify', {
      method: 'POST',
      headers: { 'X-Forwarded-For': newAddress(), 'Content-Type': 'application/json' },
      // A stream: fetch sends it chunked, with no Content-Length.
      body: new Blob([Buffer.alloc(SHOPIFY_WEBHOOK_MAX_BYTES + 1, 0x20)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });
});
