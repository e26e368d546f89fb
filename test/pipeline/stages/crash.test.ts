/**
 * Crash tests: a worker PROCESS is killed (SIGKILL) at each stage while it works on a batch of
 * bulk generations that share one prompt (as a bulk run's items do, so ProductAI cannot tell
 * their jobs apart by prompt); a new worker process is started. Afterwards, with no merchant
 * action, every generation is published, each ProductAI job was charged once and belongs to
 * exactly one generation (no second submission, nothing left uncertain), and each product has
 * one file and one new media (no duplicate media). The kills land through deterministic hooks
 * (worker-child.ts) or emulator faults, not sleeps.
 *
 * Real parts throughout: a private Redis (dev/redis-server.ts), both emulators, the web process
 * (this test process: the webhook receiver) and workers from web/worker/main.ts as children.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { isTerminal } from '../../../src/pipeline/generations/generation.ts';
import { prepareGeneration } from '../../../src/pipeline/sources/new-generation.ts';
import type { PublishTiming } from '../../../src/pipeline/publish/index.ts';
import { productAiWebhooksModule } from '../../../web/server/routes/productai-webhooks.ts';
import { startTestApp, type TestApp } from '../../web/support/harness.ts';
import { FAST, WEBHOOK_SOURCE } from './harness.ts';
import { uniqueNamespace } from './fixtures.ts';

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
  config = pipelineConfig({ ...FAST, namespace: uniqueNamespace('crash') });
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
  await app.server.close(); // also closed by startTestApp's hook (safe twice); Redis goes last
  await redis.stop();
});

/** Starts a worker process; resolves once its workers run. */
async function startWorker(
  crash: { afterOperation?: string; productAiSubmit?: string } = {},
): Promise<ChildProcess> {
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
      ...(crash.afterOperation ? { CRASH_AFTER_OPERATION: crash.afterOperation } : {}),
      ...(crash.productAiSubmit ? { CRASH_PRODUCTAI_SUBMIT: crash.productAiSubmit } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready`)));
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

async function until<T>(
  what: string,
  check: () => Promise<T | null | false>,
  deadlineMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface CrashShop {
  shop: string;
  apiKey: string;
  batch: Generation[];
}

const CREDITS = 10_000;
const BULK_PROMPT = 'Crash test bulk scene';

/** A shop with a ProductAI account and `count` bulk photo generations with one prompt, queued. */
async function shopWithBatch(
  count: number,
  options: { webhook?: boolean } = {},
): Promise<CrashShop> {
  const shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  const apiKey = `key-${shop}`;
  await productAiControl('POST', '/accounts', { key: apiKey, credits: CREDITS });
  await app.deps.settings.saveApiKey(shop, apiKey);
  if (options.webhook !== false) {
    const { token } = (await app.deps.settings.get(shop)).webhook;
    const url = productAiWebhookUrl(app.url, shop, token);
    await productAiControl('PUT', `/accounts/${apiKey}/webhook`, { url });
  }
  const { products } = (await shopifyGet(`/shops/${shop}/products`)) as {
    products: { id: string; mediaCount: number }[];
  };
  const withImages = products.filter((product) => product.mediaCount > 0).slice(0, count);
  const admin = app.deps.admin.forShop(shop);
  const { defaults } = await app.deps.settings.get(shop);
  const batch: Generation[] = [];
  for (const product of withImages) {
    const intake = await prepareGeneration(
      admin,
      shop,
      defaults,
      {
        productId: product.id,
        kind: 'photo',
        params: { model: 'nanobanana', prompt: BULK_PROMPT },
        sourceMediaIds: [],
      },
      { priority: 'bulk', firstImagesIfNoneChosen: true },
    );
    if (!intake.ok) throw new Error(JSON.stringify(intake.problems));
    batch.push(await pipeline.enqueueGeneration(intake.generation));
  }
  expect(batch).toHaveLength(count);
  return { shop, apiKey, batch };
}

async function shopifyGet(path: string): Promise<unknown> {
  const response = await fetch(`${app.emulator.url}/__emulator${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function productAiControl(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${productAi.url}/__emulator${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const states = (s: CrashShop) =>
  Promise.all(s.batch.map(async (g) => (await pipeline.generations.get(s.shop, g.id))!));

/**
 * Every generation published, each with its own ProductAI job (charged once), one file and one
 * product media; returns them.
 */
async function expectExactlyOnce(s: CrashShop): Promise<Generation[]> {
  const done = await until('every generation to end', async () => {
    const current = await states(s);
    return current.every((g) => isTerminal(g.state)) && current;
  });
  expect(done.map((g) => [g.state, g.reason])).toEqual(done.map(() => ['published', null]));
  const { jobs } = (await productAiControl('GET', `/jobs?key=${encodeURIComponent(s.apiKey)}`)) as {
    jobs: { id: number; credits: number }[];
  };
  expect(jobs).toHaveLength(s.batch.length);
  expect(new Set(done.map((g) => g.productAiJobId))).toEqual(new Set(jobs.map((job) => job.id)));
  const charged = done.reduce((sum, g) => sum + g.estimatedCredits, 0);
  const account = (await productAiControl('GET', `/accounts/${s.apiKey}`)) as { credits: number };
  expect(account.credits).toBe(CREDITS - charged);
  expect(await pipeline.internals.jobResults.unclaimed(s.shop)).toEqual([]);
  const { files } = (await shopifyGet(`/shops/${s.shop}/files`)) as {
    files: { id: string; filename: string; references: string[] }[];
  };
  for (const generation of done) {
    // Result files are named after their generation (publish/prepare-result.ts).
    const made = files.filter((file) => file.filename.includes(generation.id.toLowerCase()));
    expect(made.map((file) => file.id)).toEqual([generation.fileId]);
    expect(made[0]!.references).toEqual([generation.productId]);
    const numericId = generation.productId.split('/').pop();
    const { media } = (await shopifyGet(`/shops/${s.shop}/products/${numericId}/media`)) as {
      media: { id: string }[];
    };
    expect(media.filter((item) => item.id === generation.fileId)).toHaveLength(1);
  }
  return done;
}

/** The generations that went through `state` on their way. */
const through = (done: Generation[], state: Generation['state']) =>
  done.filter((g) => g.transitions.some((t) => t.state === state));

describe('a worker killed at each stage', () => {
  it('submit, before the request leaves: it is proven never accepted and sent again, once', async () => {
    const worker = await startWorker({ productAiSubmit: 'before:2' });
    const s = await shopWithBatch(4, { webhook: false });
    await once(worker, 'exit');
    const restarted = await startWorker();
    const done = await expectExactlyOnce(s);
    const [interrupted] = through(done, 'uncertain');
    expect(through(done, 'uncertain')).toHaveLength(1);
    expect(interrupted!.transitions.map((t) => t.state)).toEqual([
      'queued',
      'submitting',
      'uncertain',
      'queued',
      'submitting',
      'processing',
      'saving',
      'published',
    ]);
    await kill(restarted);
  });

  it('submit, the moment the answer arrives: the job it created is adopted, never resent', async () => {
    const worker = await startWorker({ productAiSubmit: 'after:2' });
    const s = await shopWithBatch(4);
    await once(worker, 'exit');
    const restarted = await startWorker();
    const done = await expectExactlyOnce(s);
    expect(through(done, 'uncertain')).toHaveLength(1);
    await kill(restarted);
  });

  it("submit, while its request hangs: the job is found in ProductAI's list, never resent", async () => {
    const worker = await startWorker();
    await productAiControl('POST', '/faults', { hangNext: 1 });
    const s = await shopWithBatch(4, { webhook: false });
    await until('a request in flight', async () =>
      (await states(s)).some((g) => g.state === 'submitting'),
    );
    // Same prompt: the others wait for this one's claim, so the one job is the hung request's.
    await until('the hung request to create its job', async () => {
      const { jobs } = (await productAiControl(
        'GET',
        `/jobs?key=${encodeURIComponent(s.apiKey)}`,
      )) as { jobs: unknown[] };
      return jobs.length > 0;
    });
    await kill(worker);
    const restarted = await startWorker();
    const done = await expectExactlyOnce(s);
    const [interrupted] = through(done, 'uncertain');
    expect(through(done, 'uncertain')).toHaveLength(1);
    expect(interrupted!.transitions.find((t) => t.state === 'processing')?.note).toMatch(
      /found in ProductAI's list/,
    );
    await kill(restarted);
  });

  it('await: killed while polling; the poll survives in Redis and a new worker finishes it', async () => {
    const worker = await startWorker();
    const s = await shopWithBatch(3, { webhook: false });
    await until('all submitted', async () =>
      (await states(s)).every((g) => g.state !== 'queued' && g.state !== 'submitting'),
    );
    // The next API request is a poll: it hangs, so the worker is killed mid-poll.
    await productAiControl('POST', '/faults', { hangNext: 1 });
    await until('a poll to be held by ProductAI', async () => {
      const faults = (await productAiControl('GET', '/faults')) as { hangNext: number };
      return faults.hangNext === 0 && (await states(s)).some((g) => (g.attempts.await ?? 0) > 0);
    });
    await kill(worker);
    const restarted = await startWorker();
    await expectExactlyOnce(s);
    await kill(restarted);
  });

  it('attach: killed right after Shopify created the file; the repeat finds it instead of adding another', async () => {
    const worker = await startWorker({ afterOperation: 'FileCreate' });
    const s = await shopWithBatch(3);
    await once(worker, 'exit');
    const restarted = await startWorker();
    await expectExactlyOnce(s);
    await kill(restarted);
  });

  it('verify: killed right after the file was linked to the product; the repeat links nothing twice', async () => {
    const worker = await startWorker({ afterOperation: 'FileUpdate' });
    const s = await shopWithBatch(3);
    await once(worker, 'exit');
    const restarted = await startWorker();
    await expectExactlyOnce(s);
    await kill(restarted);
  });
});

describe('Redis restarts', () => {
  it('finishes every generation exactly once when Redis restarts mid-run', async () => {
    const worker = await startWorker();
    const s = await shopWithBatch(3);
    await until('work under way', async () => (await states(s)).some((g) => g.state !== 'queued'));
    await redis.restart();
    await expectExactlyOnce(s);
    await kill(worker);
  });
});
