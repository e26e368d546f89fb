/**
 * The app as production wires it, for the publish, bulk and API tests: the server with the
 * pipeline module, the session route and the app's API modules; both emulators as real servers;
 * the suite's Redis; the pipeline's workers (real submit/await, real attach/verify) and the
 * bulk-run worker in-process. Timings are compressed (P1's FAST pipeline config, Shopify media
 * processing in 150 ms, publish checks every 50 ms).
 */
import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import {
  startProductAiEmulator,
  type ProductAiEmulator,
  type ProductAiEmulatorOptions,
} from '../../../../emulators/productai/index.ts';
import type { GenerationState } from '../../../../src/app-api/contract.ts';
import { bulkRunsFor, type BulkRunService } from '../../../../src/pipeline/bulk/index.ts';
import type { ExpansionLimits } from '../../../../src/pipeline/bulk/expand-run.ts';
import type { Generation } from '../../../../src/pipeline/core/generation.ts';
import {
  pipelineConfig,
  pipelineFor,
  productAiWebhookUrl,
  type Pipeline,
  type PipelineConfigOverrides,
} from '../../../../src/pipeline/index.ts';
import { createPublishStages, type PublishTiming } from '../../../../src/pipeline/publish/index.ts';
import { API_MODULES } from '../../../../web/server/routes/api-modules.ts';
import { productAiWebhooksModule } from '../../../../web/server/routes/productai-webhooks.ts';
import { sessionModule } from '../../../../web/server/routes/session.ts';
import { startImageHost, type HostedImages } from '../../../emulators/productai/support.ts';
import { startTestApp, type TestApp } from '../../../web/support/harness.ts';
import { FAST, WEBHOOK_SOURCE } from '../../core/harness.ts';
import { uniqueNamespace } from '../../core/fixtures.ts';

export const FAST_PUBLISH: PublishTiming = {
  firstCheckMs: 50,
  maxCheckMs: 200,
  deadlineMs: { photo: 10_000, upscale: 10_000, video: 20_000 },
};

export interface PublishHarness {
  app: TestApp;
  productAi: ProductAiEmulator;
  pipeline: Pipeline;
  bulk: BulkRunService;
  images: HostedImages;
  newShop(options?: { credits?: number }): Promise<TestShop>;
  productAiControl(method: string, path: string, body?: unknown): Promise<unknown>;
}

export interface TestShop {
  shop: string;
  apiKey: string;
  /** Calls the app's API as this shop (fresh session token); JSON in and out. */
  api<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  waitFor(id: string, states: GenerationState[], deadlineMs?: number): Promise<Generation>;
  credits(): Promise<number>;
}

export async function startPublishHarness(
  options: {
    config?: PipelineConfigOverrides;
    productAi?: Partial<ProductAiEmulatorOptions>;
    expansion?: ExpansionLimits;
    mediaProcessingMs?: number;
  } = {},
): Promise<PublishHarness> {
  const productAi = await startProductAiEmulator({
    jobMs: 150,
    rateLimitPerMin: 0,
    webhookSourceAddress: WEBHOOK_SOURCE,
    webhookRetryDelaysMs: [200, 500, 1_000],
    ...options.productAi,
  });
  const images = await startImageHost();
  const config = pipelineConfig({
    ...FAST,
    ...options.config,
    namespace: uniqueNamespace('publish'),
  });
  const stages = createPublishStages({ timing: FAST_PUBLISH });
  const app = await startTestApp({
    modules: [
      productAiWebhooksModule({
        config,
        publish: { attach: stages.attachStage, verify: stages.verifyStage },
        productAi: { readRetry: { attempts: 2, baseDelayMs: 50, maxDelayMs: 100 } },
      }),
      sessionModule,
      ...API_MODULES,
    ],
    emulator: { mediaProcessingMs: options.mediaProcessingMs ?? 150 },
    env: { PRODUCTAI_BASE_URL: productAi.url, PRODUCTAI_WEBHOOK_ALLOWED_IPS: WEBHOOK_SOURCE },
  });
  const pipeline = pipelineFor(app.deps);
  const bulk = bulkRunsFor(app.deps);
  const workers = await pipeline.startWorkers();
  const bulkWorker = bulk.startWorker({
    limits: options.expansion ?? { pageSize: 10, window: 20 },
    recheckMs: 100,
  });

  async function productAiControl(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${productAi.url}/__emulator${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`emulator ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  afterAll(async () => {
    await bulkWorker.close();
    await workers.stop();
    await images.close();
    await productAi.close();
  });

  return {
    app,
    productAi,
    pipeline,
    bulk,
    images,
    productAiControl,
    async newShop({ credits = 100_000 } = {}) {
      const shop = app.newShop();
      const apiKey = `key-${randomUUID()}`;
      await productAiControl('POST', '/accounts', { key: apiKey, credits });
      await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
      await app.deps.settings.saveApiKey(shop, apiKey);
      const { token } = (await app.deps.settings.get(shop)).webhook;
      await productAiControl('PUT', `/accounts/${apiKey}/webhook`, {
        url: productAiWebhookUrl(app.url, shop, token),
      });
      return {
        shop,
        apiKey,
        async api<T>(method: string, path: string, body?: unknown) {
          const response = await app.call(`/api${path}`, {
            shop,
            method,
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          return { status: response.status, body: (await response.json()) as T };
        },
        async waitFor(id, states, deadlineMs = 20_000) {
          const deadline = Date.now() + deadlineMs;
          for (;;) {
            const generation = await pipeline.generations.get(shop, id);
            if (generation && states.includes(generation.state)) return generation;
            if (Date.now() > deadline) {
              throw new Error(
                `generation ${id} is ${generation?.state} (${generation?.reason ?? ''}), not ${states.join('|')}`,
              );
            }
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        },
        async credits() {
          const account = (await productAiControl('GET', `/accounts/${apiKey}`)) as {
            credits: number;
          };
          return account.credits;
        },
      };
    },
  };
}
