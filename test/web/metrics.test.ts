/**
 * Prometheus metrics: served on their own port behind a bearer token, off without one, and
 * every family fed by real traffic (the app's routes, the Shopify emulator's webhooks and
 * throttling, a ProductAI stand-in that answers 429) or read from the state in Redis.
 */
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/platform/metrics.ts';
import { startMetricsServer } from '../../web/metrics-server.ts';
import { startTestApp } from '../support/app.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

// ProductAI answering every request with a rate limit.
const productAi = createServer((_req, res) => {
  res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '1' });
  res.end(JSON.stringify({ error: 'Too many requests' }));
});
productAi.listen(0, '127.0.0.1');
await once(productAi, 'listening');
const productAiUrl = `http://127.0.0.1:${(productAi.address() as AddressInfo).port}`;

const app = await startTestApp({
  env: { METRICS_TOKEN: TOKEN, PRODUCTAI_BASE_URL: productAiUrl },
  overrides: { metrics: createMetrics({ processMetrics: false }) },
});
const server = (await startMetricsServer(app.deps, { port: 0, host: '127.0.0.1' }))!;
afterAll(async () => {
  await server.close();
  productAi.close();
});

const scrape = (authorization?: string) =>
  fetch(server.url, authorization ? { headers: { Authorization: authorization } } : {});

async function metricsText(): Promise<string> {
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe('metrics endpoint', () => {
  it('refuses a scrape without the token, or with another one', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.replace('0', '1')}`)).status).toBe(401);
  });

  it('is off when no token is configured', async () => {
    const deps = { ...app.deps, config: { ...app.deps.config, metrics: { token: null, port: 0 } } };
    expect(await startMetricsServer(deps)).toBeNull();
  });

  it('shows each family, fed by real traffic', async () => {
    const shop = app.newShop();
    // HTTP latency, by route template.
    expect((await app.call('/api/session', { shop })).status).toBe(200);
    // Admin API throttling: the emulator throttles the next request, the client retries it.
    await app.shopifyControl('POST', '/faults', { throttleNext: 1 });
    expect((await app.call('/api/products', { shop })).status).toBe(200);
    // Shopify webhook lag.
    await app.shopifyControl('POST', '/webhooks', { shop, topic: 'customers/data_request' });
    // A ProductAI 429.
    await expect(app.deps.pipeline.context.productAi('key').keyCheck()).rejects.toThrow();

    // Each was recorded before its request was answered.
    const text = await metricsText();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/session",status="200"\} 1/,
    );
    expect(text).toMatch(/shopify_admin_throttled_total \d/);
    expect(text).not.toMatch(/shopify_admin_throttled_total 0\b/);
    expect(text).toMatch(/shopify_webhook_lag_seconds_count\{topic="CUSTOMERS_DATA_REQUEST"\} 1/);
    expect(text).toMatch(/productai_error_responses_total\{status="429"\} [1-9]/);
    expect(text).toMatch(/bullmq_queue_jobs\{queue="shopify-webhooks",state="waiting"\} \d/);
    expect(text).toMatch(/bullmq_queue_jobs\{queue="submit",state="failed"\} \d/);
    expect(text).toMatch(/bullmq_oldest_waiting_job_age_seconds\{queue="shopify-webhooks"\} /);
    expect(text).toMatch(/productai_rate_limit_utilisation_ratio \d/);
    expect(text).toMatch(/app_generations\{state="published"\} \d/);
    expect(text).not.toContain(shop);
  });
});
