/**
 * POST /api/web-vitals: the app home's field Web Vitals, counted per UTC day, page and metric in
 * fixed histograms, and their p75 on the operator's /metrics (`app_home_web_vital_p75`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createOffsetClock } from '../../src/platform/clock.ts';
import { createMetrics } from '../../src/platform/metrics.ts';
import { pipelineConfig } from '../../src/pipeline/config.ts';
import { startMetricsServer } from '../../web/metrics-server.ts';
import { startTestApp } from '../support/app.ts';
import { uniqueNamespace } from '../support/generations.ts';

const TOKEN = 'metrics-token-web-vitals-0123456789';
const DAY_MS = 24 * 60 * 60 * 1000;

const clock = createOffsetClock();
const app = await startTestApp({
  env: { METRICS_TOKEN: TOKEN },
  // Its own namespace: the histograms are app-wide, and test files share one Redis.
  pipelineConfig: pipelineConfig({ namespace: uniqueNamespace('web-vitals') }),
  overrides: { metrics: createMetrics({ processMetrics: false }), clock },
});
const metricsServer = (await startMetricsServer(app.deps, { port: 0, host: '127.0.0.1' }))!;
afterAll(() => metricsServer.close());

const report = (shop: string, body: unknown) =>
  app.call('/api/web-vitals', {
    shop,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** The p75 gauge's samples, `page metric` -> value. */
async function p75s(): Promise<Record<string, number>> {
  const response = await fetch(metricsServer.url, {
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  const text = await response.text();
  return Object.fromEntries(
    [...text.matchAll(/^app_home_web_vital_p75\{page="([^"]+)",metric="([^"]+)"\} (\S+)$/gm)].map(
      ([, page, metric, value]) => [`${page} ${metric}`, Number(value)],
    ),
  );
}

describe('POST /api/web-vitals', () => {
  it("answers 204 and the day's p75 is the bound of the bucket that holds the 75th percentile", async () => {
    const shop = app.newShop();
    // LCP: the 3rd of 4 (2430 ms) is in the 2400-2500 ms bucket. CLS: the 3rd of 4 is 0.09.
    for (const [lcp, cls] of [
      [900, 0.02],
      [5000, 0.3],
      [2430, 0.09],
      [1150, 0.04],
    ])
      expect(
        (
          await report(shop, {
            page: '/generate',
            metrics: [
              { name: 'LCP', value: lcp },
              { name: 'CLS', value: cls },
            ],
          })
        ).status,
      ).toBe(204);

    const figures = await p75s();
    expect(figures['/generate LCP']).toBe(2500);
    expect(figures['/generate CLS']).toBe(0.09);
    expect(figures['/generate INP']).toBeUndefined();
  });

  it('counts every shop in one figure of the app, and keeps no shop', async () => {
    const [first, second] = [app.newShop(), app.newShop()];
    for (const [shop, value] of [
      [first, 100],
      [first, 100],
      [second, 400],
      [second, 400],
    ] as const)
      await report(shop, { page: '/campaigns', metrics: [{ name: 'INP', value }] });

    expect((await p75s())['/campaigns INP']).toBe(400);
    const keys = await app.deps.redis.keys('*web-vitals*');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.includes(first) || key.includes(second))).toEqual([]);
  });

  it("leaves yesterday's reports out of today's figure", async () => {
    const shop = app.newShop();
    await report(shop, { page: '/bulk-runs', metrics: [{ name: 'TTFB', value: 1000 }] });
    expect((await p75s())['/bulk-runs TTFB']).toBe(1000);

    clock.advance(DAY_MS);
    await report(shop, { page: '/bulk-runs', metrics: [{ name: 'TTFB', value: 100 }] });
    expect((await p75s())['/bulk-runs TTFB']).toBe(100);
  });

  it.each([
    ['a metric it does not know', { page: '/', metrics: [{ name: 'FID', value: 10 }] }],
    ['a negative value', { page: '/', metrics: [{ name: 'LCP', value: -1 }] }],
    ['a value past a minute', { page: '/', metrics: [{ name: 'LCP', value: 60_001 }] }],
    ['a value that is not a number', { page: '/', metrics: [{ name: 'LCP', value: '1' }] }],
    ['a page the app home does not have', { page: '/admin', metrics: [{ name: 'LCP', value: 1 }] }],
    ['a path with an id', { page: '/activity/01HZX', metrics: [{ name: 'LCP', value: 1 }] }],
    ['no metrics', { page: '/', metrics: [] }],
    ['too many metrics', { page: '/', metrics: Array(21).fill({ name: 'LCP', value: 1 }) }],
    ['a body that is not JSON', '{"page": "/"'],
  ])('refuses %s with a 400, and counts nothing', async (_case, body) => {
    const response = await report(app.newShop(), body);
    expect(response.status).toBe(400);
    expect(Object.keys(await p75s()).filter((series) => series.startsWith('/ '))).toEqual([]);
  });

  it('refuses a body over 4 KB with a 413', async () => {
    const response = await report(app.newShop(), {
      page: '/settings',
      metrics: [{ name: 'LCP', value: 1 }],
      padding: 'x'.repeat(4096),
    });
    expect(response.status).toBe(413);
    expect((await response.json()) as unknown).toMatchObject({ error: 'payload_too_large' });
    expect((await p75s())['/settings LCP']).toBeUndefined();
  });

  it('refuses a report without a session token', async () => {
    const response = await app.call('/api/web-vitals', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ page: '/experiments', metrics: [{ name: 'LCP', value: 1 }] }),
    });
    expect(response.status).toBe(401);
    expect((await p75s())['/experiments LCP']).toBeUndefined();
  });
});
