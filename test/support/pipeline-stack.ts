/**
 * The pipeline end to end, as production wires it: the app server (createApp + startServer)
 * with the pipeline module, both emulators as real servers, the suite's Redis, and the workers
 * started in-process. Timings are compressed through the pipeline config (a 1 s limiter
 * window, polls in hundreds of ms). Each test uses its own shop and ProductAI account.
 *
 * `startPipelineStack` is the part every pipeline test harness shares (this one, which stops
 * at the pipeline core, and the publish harness, which adds the API and the real publish
 * stages): the servers, the ProductAI control surface, accounts, and waiting on a generation.
 */
import { randomUUID } from 'node:crypto';
import {
  startProductAiEmulator,
  type ProductAiEmulator,
  type ProductAiEmulatorOptions,
} from '../../emulators/productai/index.ts';
import type { ShopifyEmulatorOptions } from '../../emulators/shopify/index.ts';
import {
  pipelineConfig,
  type Pipeline,
  type PipelineConfig,
  type PipelineConfigOverrides,
  type PipelineOptions,
} from '../../src/pipeline/index.ts';
import type {
  Generation,
  GenerationState,
  NewGeneration,
} from '../../src/pipeline/generations/generation.ts';
import type { ProductDetail } from '../../src/app-api/contract.ts';
import type { StageHandler } from '../../src/pipeline/stages/stage.ts';
import type { AppOverrides } from '../../src/app/index.ts';
import type { AppModule } from '../../web/server/module.ts';
import { productAiWebhooksModule } from '../../web/server/routes/productai-webhooks.ts';
import { startTestApp, type TestApp } from './app.ts';
import {
  connectProductAiAccount,
  productAiControlAt,
  type ProductAiControl,
} from './productai-accounts.ts';
import { productImage, startImageHost, type HostedImages } from './product-images.ts';
import { uniqueNamespace } from './generations.ts';
import { afterFile } from './teardown.ts';
import { notYet, until } from './until.ts';

/** The address the emulator sends webhooks from; the app's allowlist holds only this one. */
export const WEBHOOK_SOURCE = '127.0.0.2';

export interface PipelineHarness {
  app: TestApp;
  productAi: ProductAiEmulator;
  pipeline: Pipeline;
  images: HostedImages;
  /** A shop with the app installed, its own ProductAI account and key saved in settings. */
  newShop(options?: { credits?: number; webhook?: boolean }): Promise<TestShop>;
  /** Starts the in-process workers (started by default). */
  startWorkers(): Promise<void>;
  stopWorkers(): Promise<void>;
  productAiControl: ProductAiControl;
  /**
   * Resolves once no generation of this harness is moving (queued, submitting, processing,
   * saving): the emulator's faults apply to the next requests of ANY shop, so a test sets them
   * only when no other test's work can take them.
   */
  quiet(): Promise<void>;
}

/**
 * A shop of a pipeline test stack (this file's harness, the publish harness, the API tests): the
 * app installed, a ProductAI account of its own with its key saved; what a test does as it.
 */
export interface TestShop {
  shop: string;
  apiKey: string;
  webhookUrl: string;
  /** Calls the app's API as this shop (fresh session token); JSON in and out. */
  api<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T }>;
  /** A photo generation for a product of this shop, created and put in line. */
  enqueue(overrides?: Partial<NewGeneration>): Promise<Generation>;
  /** Resolves with the generation once it is in one of `states` (rejects at the deadline). */
  waitFor(id: string, states: GenerationState[], deadlineMs?: number): Promise<Generation>;
  /** The credits left on the shop's ProductAI account. */
  credits(): Promise<number>;
  /** ProductAI jobs of the shop's account, as the emulator recorded them. */
  jobs(): Promise<{ id: number; status: string; prompt: string }[]>;
  /**
   * A photo generation for `product` whose ProductAI result is `resultUrl`: created and moved
   * straight to `saving`, as if submitted and finished, but not handed to attach.
   */
  savingGeneration(product: ProductDetail, resultUrl: string, prompt: string): Promise<Generation>;
}

/** A publish step for tests that stop at the pipeline core: saving → published at once. */
export const publishAtOnce: StageHandler = async (ref, ctx) => {
  await ctx.generations
    .transition(ref.shop, ref.generationId, {
      from: ['saving'],
      to: 'published',
      note: 'test publish',
    })
    .catch(() => {});
  return { status: 'done' };
};

export const FAST: PipelineConfigOverrides = {
  limiter: { limit: 15, windowMs: 1_000, arrivalMarginMs: 20 },
  polling: {
    firstPollMs: { photo: 400, upscale: 400, video: 400 },
    intervalMs: { photo: 100, upscale: 100, video: 100 },
    backoff: 1.5,
    maxIntervalMs: 500,
    // Far past any result's time here (150 ms jobs): an upscale's render, download and upload
    // took over 10 s with the suite's files and a dozen busy processes on 2 cores. The tests of
    // the deadline set their own.
    deadlineMs: { photo: 60_000, upscale: 60_000, video: 60_000 },
  },
  // Far past the emulator's answer (a few ms): at 2 s a request beside 14 busy processes on 2
  // cores timed out, and its generation went through `uncertain` where the test expected a
  // plain submission. The tests of a request that never answers (`hangNext`) wait this long.
  submit: { timeoutMs: 8_000 },
  stages: {
    concurrency: { submit: 4, await: 10, attach: 4, verify: 4 },
    attempts: 4,
    backoffMs: 100,
    lockMs: 2_000,
    stalledCheckMs: 1_000,
  },
  dispatcher: { lookahead: 1, idleCheckMs: 200, recoverAfterMs: 2_000 },
  // The listing delay bounds how long after a request's last possible arrival its job can still
  // appear; the emulator creates a job only once it has downloaded the product's images. At
  // 500 ms a clean-clone run at load 8-9 once saw an extra 3-credit job in a campaign's account:
  // the one way the app sends twice is concluding "never accepted" before a slow intake ends.
  reconcile: { firstCheckMs: 300, recheckMs: 200, listingDelayMs: 2_000, clockSkewMs: 1_000 },
  claims: { pollMs: 20, waitMs: 500 },
  flowTriggers: { relayMs: 50 },
};

/** `base` with the sections of `overrides` merged into it, one level deep. */
export function withOverrides(
  base: PipelineConfigOverrides,
  overrides: PipelineConfigOverrides,
): PipelineConfigOverrides {
  const merged: Record<string, unknown> = { ...base };
  for (const [section, value] of Object.entries(overrides)) {
    const current = merged[section];
    merged[section] =
      typeof value === 'object' && typeof current === 'object' ? { ...current, ...value } : value;
  }
  return merged as PipelineConfigOverrides;
}

/** The servers and helpers every pipeline test harness shares. */
export interface PipelineStack {
  app: TestApp;
  productAi: ProductAiEmulator;
  pipeline: Pipeline;
  images: HostedImages;
  productAiControl: ProductAiControl;
  /**
   * A ProductAI account of its own for `shop`, its key saved in the shop's settings and, when
   * `webhook`, the shop's webhook URL pasted into the account (as the merchant does in the studio).
   */
  connectAccount(
    shop: string,
    options: { credits: number; webhook: boolean },
  ): Promise<{ apiKey: string; webhookUrl: string }>;
  /** Resolves with the generation once it is in one of `states` (rejects at the deadline). */
  waitFor(
    shop: string,
    id: string,
    states: readonly GenerationState[],
    deadlineMs: number,
  ): Promise<Generation>;
  /** The TestShop of `shop`, once connected; `waitDeadlineMs` is its waitFor's default patience. */
  testShop(
    shop: string,
    account: { apiKey: string; webhookUrl: string },
    options: { waitDeadlineMs: number },
  ): TestShop;
  /** Closes the image host and the ProductAI emulator (the app closes itself after the file). */
  close(): Promise<void>;
}

export async function startPipelineStack(options: {
  config: PipelineConfig;
  /** ProductAI emulator options over the compressed defaults. */
  emulator?: Partial<ProductAiEmulatorOptions>;
  /** Pipeline options besides the config (the publish handlers, ...). */
  pipeline?: PipelineOptions;
  /** Other app overrides (the campaigns' or rules' clock, ...). */
  overrides?: Omit<AppOverrides, 'pipeline'>;
  /** App modules served after the ProductAI webhook module. */
  modules?: readonly AppModule[];
  shopify?: Partial<ShopifyEmulatorOptions>;
  /** The ProductAI address the app uses; the emulator's by default. */
  productAiBaseUrl?: string;
  /** A Redis of the test's own (the suite's by default). */
  redisUrl?: string;
}): Promise<PipelineStack> {
  const productAi = await startProductAiEmulator({
    jobMs: 150,
    rateLimitPerMin: 15,
    rateLimitWindowMs: 1_000,
    webhookSourceAddress: WEBHOOK_SOURCE,
    webhookRetryDelaysMs: [200, 500, 1_000],
    ...options.emulator,
  });
  const images = await startImageHost();
  const app = await startTestApp({
    modules: [productAiWebhooksModule, ...(options.modules ?? [])],
    pipelineConfig: options.config,
    overrides: {
      ...options.overrides,
      pipeline: {
        productAi: { readRetry: { attempts: 2, baseDelayMs: 50, maxDelayMs: 100 } },
        ...options.pipeline,
      },
    },
    ...(options.shopify ? { emulator: options.shopify } : {}),
    env: {
      PRODUCTAI_BASE_URL: options.productAiBaseUrl ?? productAi.url,
      PRODUCTAI_WEBHOOK_ALLOWED_IPS: WEBHOOK_SOURCE,
      // Tests that hand attach a result of their own serve it from the image host.
      RESULT_DOWNLOAD_ORIGINS: images.url,
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    },
  });
  const { pipeline } = app.deps;

  const productAiControl = productAiControlAt(productAi.url);

  // The product image every enqueued generation shows, made once for the stack.
  let product: Promise<Buffer> | undefined;
  const stack: PipelineStack = {
    app,
    productAi,
    pipeline,
    images,
    productAiControl,
    connectAccount: (shop, { credits, webhook }) =>
      connectProductAiAccount(app, productAiControl, shop, {
        apiKey: `key-${randomUUID()}`,
        credits,
        webhook,
      }),
    waitFor: (shop, id, states, deadlineMs) =>
      until(
        `generation ${id} to be ${states.join('|')}`,
        async () => {
          const generation = await pipeline.generations.get(shop, id);
          if (generation && states.includes(generation.state)) return generation;
          return notYet({ state: generation?.state, reason: generation?.reason ?? null });
        },
        { deadlineMs },
      ),
    testShop(shop, { apiKey, webhookUrl }, { waitDeadlineMs }) {
      let productNumber = 0;
      return {
        shop,
        apiKey,
        webhookUrl,
        async api<T>(
          method: string,
          path: string,
          body?: unknown,
          headers: Record<string, string> = {},
        ) {
          const response = await app.call(`/api${path}`, {
            shop,
            method,
            headers: {
              ...headers,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          const json = response.status === 204 ? undefined : await response.json();
          return { status: response.status, body: json as T };
        },
        async enqueue(overrides = {}) {
          productNumber += 1;
          product ??= productImage('png', 200, 200);
          const imageUrl = images.serve(`/${shop}/${productNumber}.png`, await product);
          return pipeline.enqueueGeneration({
            shop,
            kind: 'photo',
            productId: `gid://shopify/Product/${productNumber}`,
            productTitle: `Product ${productNumber}`,
            productImageUrl: imageUrl,
            sourceMediaIds: [`gid://shopify/MediaImage/${productNumber}`],
            sourceImageUrls: [imageUrl],
            params: {
              model: 'nanobanana',
              prompt: `Scene for product ${productNumber}`,
              outputFormat: 'png',
            },
            estimatedCredits: 3,
            priority: 'interactive',
            ...overrides,
          });
        },
        waitFor: (id, states, deadlineMs = waitDeadlineMs) =>
          stack.waitFor(shop, id, states, deadlineMs),
        async credits() {
          const account = (await productAiControl('GET', `/accounts/${apiKey}`)) as {
            credits: number;
          };
          return account.credits;
        },
        async jobs() {
          const { jobs } = (await productAiControl(
            'GET',
            `/jobs?key=${encodeURIComponent(apiKey)}`,
          )) as {
            jobs: { id: number; status: string; prompt: string }[];
          };
          return jobs;
        },
        async savingGeneration(product, resultUrl, prompt) {
          const { generations } = pipeline;
          const created = await generations.create({
            shop,
            kind: 'photo',
            productId: product.id,
            productTitle: product.title,
            productImageUrl: null,
            sourceMediaIds: [product.images[0]!.id],
            sourceImageUrls: [product.images[0]!.url],
            params: { model: 'nanobanana', prompt, outputFormat: 'png' },
            estimatedCredits: 3,
            priority: 'interactive',
          });
          await generations.transition(shop, created.id, { from: ['queued'], to: 'submitting' });
          await generations.transition(shop, created.id, {
            from: ['submitting'],
            to: 'processing',
          });
          return generations.transition(shop, created.id, {
            from: ['processing'],
            to: 'saving',
            patch: { resultUrl },
          });
        },
      };
    },
    async close() {
      await images.close();
      await productAi.close();
    },
  };
  return stack;
}

export async function startPipelineHarness(
  options: {
    config?: PipelineConfigOverrides;
    emulator?: Partial<ProductAiEmulatorOptions>;
    pipeline?: PipelineOptions;
    workers?: boolean;
    /** The ProductAI address the app uses; the emulator's by default. */
    productAiBaseUrl?: string;
    /** A Redis of the test's own (the suite's by default). */
    redisUrl?: string;
    /** Other app overrides (the app's clock, for a test that moves it past a deadline, ...). */
    overrides?: Omit<AppOverrides, 'pipeline'>;
  } = {},
): Promise<PipelineHarness> {
  const stack = await startPipelineStack({
    config: pipelineConfig({
      ...withOverrides(FAST, options.config ?? {}),
      namespace: uniqueNamespace('pipeline'),
    }),
    emulator: options.emulator,
    pipeline: { publish: { attach: publishAtOnce, verify: publishAtOnce }, ...options.pipeline },
    productAiBaseUrl: options.productAiBaseUrl,
    redisUrl: options.redisUrl,
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });
  const { app, pipeline, images, productAiControl } = stack;
  let workers: Awaited<ReturnType<Pipeline['startWorkers']>> | null = null;

  const shops: string[] = [];
  const harness: PipelineHarness = {
    async quiet() {
      await until(
        'the pipeline to come to rest',
        async () => {
          const counts = await Promise.all(
            shops.map((shop) => pipeline.generations.countByState(shop)),
          );
          const moving = counts.some((c) => c.queued + c.submitting + c.processing + c.saving > 0);
          return moving ? notYet(counts) : true;
        },
        { deadlineMs: 15_000 },
      );
    },
    app,
    productAi: stack.productAi,
    pipeline,
    images,
    productAiControl,
    async startWorkers() {
      workers ??= await pipeline.startWorkers();
    },
    async stopWorkers() {
      await workers?.stop();
      workers = null;
    },
    async newShop({ credits = 10_000, webhook = true } = {}) {
      const shop = app.newShop();
      shops.push(shop);
      const account = await stack.connectAccount(shop, { credits, webhook });
      return stack.testShop(shop, account, { waitDeadlineMs: 15_000 });
    },
  };
  if (options.workers !== false) await harness.startWorkers();
  afterFile(async () => {
    await harness.stopWorkers();
    await stack.close();
  });
  return harness;
}
