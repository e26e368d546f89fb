/**
 * A campaign's go-live survives a worker killed between its steps: the worker PROCESS dies
 * (SIGKILL) right after Shopify made a campaign result the featured image and before anything
 * recorded it; a new worker process finishes the go-live exactly once: each product gets one
 * result media, featured, its generation published once, the original remembered for the end.
 *
 * Real parts: a private Redis, both emulators, the web process (this test process: the ProductAI
 * webhook receiver) and workers from web/worker/main.ts as children, on a clock two days ahead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  startProductAiEmulator,
  type ProductAiEmulator,
} from '../../../emulators/productai/index.ts';
import { startPrivateRedis, type PrivateRedis } from '../../../dev/redis-server.ts';
import {
  pipelineConfig,
  pipelineFor,
  productAiWebhookUrl,
  type Pipeline,
  type PipelineConfig,
} from '../../../src/pipeline/index.ts';
import { campaignsFor } from '../../../src/pipeline/campaigns/index.ts';
import { systemClock } from '../../../src/platform/clock.ts';
import type { PublishTiming } from '../../../src/pipeline/publish/index.ts';
import { productAiWebhooksModule } from '../../../web/server/routes/productai-webhooks.ts';
import { startTestApp, type TestApp } from '../../web/support/harness.ts';
import { FAST, WEBHOOK_SOURCE } from '../stages/harness.ts';
import { uniqueNamespace } from '../stages/fixtures.ts';
import { productMedia } from '../publish/support/shop.ts';
import { DAY_MS, campaignRequest, ids, productsWithImages } from './support.ts';

const CHILD = fileURLToPath(new URL('./worker-child.ts', import.meta.url));
const TIMING: PublishTiming = {
  firstCheckMs: 100,
  maxCheckMs: 400,
  deadlineMs: { photo: 20_000, upscale: 20_000, video: 20_000 },
};

let redis: PrivateRedis;
let productAi: ProductAiEmulator;
let app: TestApp;
let pipeline: Pipeline;
let config: PipelineConfig;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  redis = await startPrivateRedis();
  productAi = await startProductAiEmulator({
    jobMs: 300,
    rateLimitPerMin: 0,
    webhookSourceAddress: WEBHOOK_SOURCE,
    webhookRetryDelaysMs: [200, 500, 1_000, 2_000],
  });
  config = pipelineConfig({ ...FAST, namespace: uniqueNamespace('campaign-crash') });
  app = await startTestApp({
    modules: [productAiWebhooksModule({ config })],
    emulator: { mediaProcessingMs: 300 },
    env: {
      REDIS_URL: redis.url,
      PRODUCTAI_BASE_URL: productAi.url,
      PRODUCTAI_WEBHOOK_ALLOWED_IPS: WEBHOOK_SOURCE,
    },
  });
  pipeline = pipelineFor(app.deps);
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await productAi.close();
  await app.server.close();
  await redis.stop();
});

/** A worker process whose campaign clock is `offsetMs` ahead; resolves once it runs. */
async function startWorker(offsetMs: number, crashAfterOperation?: string) {
  const { config: appConfig } = app.deps;
  const child = spawn(process.execPath, [CHILD], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SHOPIFY_API_KEY: appConfig.shopify.apiKey,
      SHOPIFY_API_SECRET: appConfig.shopify.apiSecret,
      SHOPIFY_APP_URL: appConfig.shopify.appUrl,
      SCOPES: appConfig.shopify.scopes.join(','),
      SHOPIFY_ADMIN_URL_OVERRIDE: appConfig.shopify.adminUrlOverride,
      REDIS_URL: redis.url,
      ENCRYPTION_KEY: appConfig.encryptionKey.toString('base64'),
      PRODUCTAI_BASE_URL: productAi.url,
      PIPELINE_TEST_CONFIG: JSON.stringify(config),
      PUBLISH_TEST_TIMING: JSON.stringify(TIMING),
      CAMPAIGN_CLOCK_OFFSET_MS: String(offsetMs),
      ...(crashAfterOperation ? { CRASH_AFTER_OPERATION: crashAfterOperation } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = once(child, 'exit');
  child.once('exit', () => children.delete(child));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready`)));
  });
  return { child, exited };
}

async function until<T>(what: string, check: () => Promise<T | null | false>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

it('a worker killed between "featured set" and "published" is followed by one that completes the go-live exactly once', async () => {
  const shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  const apiKey = `key-${shop}`;
  await fetch(`${productAi.url}/__emulator/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: apiKey, credits: 10_000 }),
  });
  await app.deps.settings.saveApiKey(shop, apiKey);
  const { token } = (await app.deps.settings.get(shop)).webhook;
  await fetch(`${productAi.url}/__emulator/accounts/${apiKey}/webhook`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: productAiWebhookUrl(app.url, shop, token) }),
  });
  const products = await productsWithImages(app, shop, 2);
  const before = new Map(
    await Promise.all(
      products.map(async (id) => [id, ids(await productMedia(app, shop, id))] as const),
    ),
  );
  const campaigns = campaignsFor(app.deps);
  const { defaults } = await app.deps.settings.get(shop);
  const campaign = await campaigns.service.create(
    shop,
    campaignRequest(systemClock, products),
    defaults,
  );
  const generations = async () =>
    (await pipeline.generations.list(shop, { bulkRunId: campaign.bulkRunId })).generations;

  const maker = await startWorker(0);
  await until('both results held', async () => {
    const all = await generations();
    return all.length === 2 && all.every((generation) => generation.state === 'in_review');
  });
  maker.child.kill('SIGKILL');
  await maker.exited;

  // Two days later: the start has passed; this worker dies right after the first "featured".
  const crashing = await startWorker(2 * DAY_MS, 'ProductReorderMedia');
  await crashing.exited;
  const afterCrash = await generations();
  expect((await campaigns.store.get(shop, campaign.id))!.state).toBe('live');
  expect(afterCrash.some((generation) => generation.state === 'saving')).toBe(true);

  const finisher = await startWorker(2 * DAY_MS);
  const done = await until('the go-live to complete', async () => {
    const all = await generations();
    const stored = await campaigns.store.get(shop, campaign.id);
    return (
      stored?.released === true &&
      all.every((generation) => generation.state === 'published') &&
      all
    );
  });
  for (const generation of done) {
    expect(generation.transitions.filter((entry) => entry.state === 'published')).toHaveLength(1);
    const media = ids(await productMedia(app, shop, generation.productId));
    expect(media.filter((id) => id === generation.fileId)).toHaveLength(1);
    expect(media[0]).toBe(generation.fileId);
    expect(media.slice(1)).toEqual(before.get(generation.productId));
    expect(generation.previousFeaturedMediaId).toBe(before.get(generation.productId)![0]);
  }
  finisher.child.kill('SIGKILL');
  await finisher.exited;
}, 120_000);
