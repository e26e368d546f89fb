/**
 * The app as production wires it, for the publish, bulk and API tests: the server with the
 * pipeline module, the session route and the app's API modules; both emulators as real servers;
 * the suite's Redis; the pipeline's workers (real submit/await, real attach/verify) and the
 * bulk-run worker in-process. Timings are compressed (the FAST pipeline config, Shopify media
 * processing in 150 ms, publish checks every 50 ms).
 */
import type {
  ProductAiEmulator,
  ProductAiEmulatorOptions,
} from '../../emulators/productai/index.ts';
import type { AppOverrides } from '../../src/app/index.ts';
import type { BulkRunEngine } from '../../src/features/bulk-runs/engine.ts';
import type { ExpansionLimits } from '../../src/features/bulk-runs/expand-run.ts';
import {
  pipelineConfig,
  type Pipeline,
  type PipelineConfigOverrides,
} from '../../src/pipeline/index.ts';
import { createPublishStages, type PublishTiming } from '../../src/pipeline/publish/index.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { AppModule } from '../../web/server/module.ts';
import { API_MODULES } from '../../web/server/routes/api-modules.ts';
import { sessionModule } from '../../web/server/routes/session.ts';
import type { HostedImages } from './product-images.ts';
import type { TestApp } from './app.ts';
import { FAST, startPipelineStack, type TestShop } from './pipeline-stack.ts';
import type { ProductAiControl } from './productai-accounts.ts';
import { uniqueNamespace } from './generations.ts';
import { afterFile } from './teardown.ts';

export type { TestShop } from './pipeline-stack.ts';

export const FAST_PUBLISH: PublishTiming = {
  firstCheckMs: 50,
  maxCheckMs: 200,
  deadlineMs: { photo: 10_000, upscale: 10_000, video: 20_000 },
};

export interface PublishHarness {
  app: TestApp;
  productAi: ProductAiEmulator;
  pipeline: Pipeline;
  bulk: BulkRunEngine;
  images: HostedImages;
  newShop(options?: { credits?: number }): Promise<TestShop>;
  productAiControl: ProductAiControl;
}

export async function startPublishHarness(
  options: {
    config?: PipelineConfigOverrides;
    productAi?: Partial<ProductAiEmulatorOptions>;
    expansion?: ExpansionLimits;
    mediaProcessingMs?: number;
    /** Seed the Shopify emulator's products sold in several colours (its `colourProducts`). */
    colourProducts?: boolean;
    /** App overrides besides the pipeline's (the campaigns' clock, ...). */
    overrides?: Omit<AppOverrides, 'pipeline'>;
    /** Server modules besides the session route and the API (the Flow action route, ...). */
    modules?: readonly AppModule[];
    /** The clock the workers' expiry sweeps read (tests move it days ahead). */
    expiryClock?: Clock;
    /**
     * false: the pipeline's workers are not started (the bulk worker is), so generations stay
     * in line, `queued`, where a test holds them.
     */
    pipelineWorkers?: boolean;
  } = {},
): Promise<PublishHarness> {
  const stages = createPublishStages({ timing: FAST_PUBLISH });
  const stack = await startPipelineStack({
    // Sections of `config` replace FAST's whole (completed from the defaults).
    config: pipelineConfig({
      ...FAST,
      ...options.config,
      namespace: uniqueNamespace('publish'),
    }),
    emulator: { rateLimitPerMin: 0, ...options.productAi },
    pipeline: {
      publish: { attach: stages.attachStage, verify: stages.verifyStage },
      expiryClock: options.expiryClock,
    },
    modules: [sessionModule, ...API_MODULES, ...(options.modules ?? [])],
    shopify: {
      mediaProcessingMs: options.mediaProcessingMs ?? 150,
      colourProducts: options.colourProducts ?? false,
    },
    overrides: options.overrides,
  });
  const { app, pipeline, productAiControl } = stack;
  const bulk = app.deps.engines.bulkRuns;
  const workers = options.pipelineWorkers === false ? null : await pipeline.startWorkers();
  const bulkWorker = bulk.startWorker({
    limits: options.expansion ?? { pageSize: 10, window: 20 },
    recheckMs: 100,
    expiryClock: options.expiryClock,
  });

  afterFile(async () => {
    await bulkWorker.close();
    await workers?.stop();
    await stack.close();
  });

  return {
    app,
    productAi: stack.productAi,
    pipeline,
    bulk,
    images: stack.images,
    productAiControl,
    async newShop({ credits = 100_000 } = {}) {
      const shop = app.newShop();
      await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
      const account = await stack.connectAccount(shop, { credits, webhook: true });
      // Bounds a failure only: a result's way to Shopify took over 20 s at load 13-17.
      return stack.testShop(shop, account, { waitDeadlineMs: 60_000 });
    },
  };
}
