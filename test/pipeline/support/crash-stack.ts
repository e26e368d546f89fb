/**
 * What every crash test shares: a private Redis (dev/redis-server.ts, so a test can restart
 * it), the ProductAI emulator, the web process (this test process: the ProductAI webhook
 * receiver) and worker PROCESSES from web/worker/main.ts (crash-worker.ts), which a test kills
 * with SIGKILL and starts again. Timings are compressed (the pipeline harness's FAST config).
 *
 *   const stack = crashStack('crash');             // at the top of the file: hooks registered
 *   const worker = await stack.startWorker({ CRASH_AFTER_OPERATION: 'FileCreate' });
 *   await worker.exited;                            // it killed itself at that moment
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import {
  startProductAiEmulator,
  type ProductAiEmulator,
} from '../../../emulators/productai/index.ts';
import { startPrivateRedis, type PrivateRedis } from '../../../dev/redis-server.ts';
import { pipelineConfig, type Pipeline, type PipelineConfig } from '../../../src/pipeline/index.ts';
import type { PublishTiming } from '../../../src/pipeline/publish/index.ts';
import type { AppModule } from '../../../web/server/module.ts';
import { productAiWebhooksModule } from '../../../web/server/routes/productai-webhooks.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { FAST, WEBHOOK_SOURCE } from '../../support/pipeline-stack.ts';
import { uniqueNamespace } from '../../support/generations.ts';
import {
  connectProductAiAccount,
  productAiControlAt,
  type ProductAiControl,
} from '../../support/productai-accounts.ts';

const CHILD = fileURLToPath(new URL('./crash-worker.ts', import.meta.url));
/** The webhook queue of `webhooksInWorkers`: a killed worker's job is back within a second. */
const webhookQueue = { lockMs: 1_000, stalledCheckMs: 500, backoffMs: 200 };
const TIMING: PublishTiming = {
  firstCheckMs: 100,
  maxCheckMs: 400,
  deadlineMs: { photo: 20_000, upscale: 20_000, video: 20_000 },
};

/** The switches of crash-worker.ts (its header says what each does). */
export interface CrashSwitches {
  CRASH_AFTER_OPERATION?: string;
  CRASH_PRODUCTAI_SUBMIT?: string;
  CAMPAIGN_CLOCK_OFFSET_MS?: string;
  EXPERIMENT_CLOCK_OFFSET_MS?: string;
  FIDELITY_SCRIPT?: string;
}

export interface Worker {
  child: ChildProcess;
  /** Settles when the process has exited (by itself or killed). */
  exited: Promise<unknown>;
}

export interface CrashStack {
  readonly redis: PrivateRedis;
  readonly productAi: ProductAiEmulator;
  readonly app: TestApp;
  readonly pipeline: Pipeline;
  /** Starts a worker process; resolves once its workers run. */
  startWorker(switches?: CrashSwitches): Promise<Worker>;
  /** SIGKILLs a worker (if it still runs) and waits for its exit. */
  kill(worker: Worker): Promise<void>;
  /** A shop with the app installed and its own ProductAI account, its key saved in settings. */
  newShop(options?: {
    credits?: number;
    webhook?: boolean;
  }): Promise<{ shop: string; apiKey: string }>;
  productAiControl: ProductAiControl;
}

/**
 * Registers the hooks that start and stop the stack; its parts are there from `beforeAll` on.
 * `modules`: more server modules after the pipeline's (e.g. the Flow action route).
 * `webhooksInWorkers`: Shopify's webhook jobs run in the worker processes only (as in
 * production), on locks of a second, so a job whose worker was killed is picked up by the next
 * one at once; otherwise this process runs them.
 */
export function crashStack(
  name: string,
  options: { modules?: readonly AppModule[]; webhooksInWorkers?: boolean } = {},
): CrashStack {
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
    config = pipelineConfig({ ...FAST, namespace: uniqueNamespace(name) });
    app = await startTestApp({
      modules: [productAiWebhooksModule, ...(options.modules ?? [])],
      pipelineConfig: config,
      emulator: { mediaProcessingMs: 300 },
      ...(options.webhooksInWorkers ? { webhookWorker: false, overrides: { webhookQueue } } : {}),
      env: {
        REDIS_URL: redis.url,
        PRODUCTAI_BASE_URL: productAi.url,
        PRODUCTAI_WEBHOOK_ALLOWED_IPS: WEBHOOK_SOURCE,
      },
    });
    pipeline = app.deps.pipeline;
  }, 60_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await productAi.close();
    await app.server.close(); // also closed by startTestApp's hook (safe twice); Redis goes last
    await redis.stop();
  });

  async function startWorker(switches: CrashSwitches = {}): Promise<Worker> {
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
        ...(options.webhooksInWorkers
          ? { WEBHOOK_QUEUE_TEST_CONFIG: JSON.stringify(app.deps.webhookQueue) }
          : {}),
        ...switches,
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
      child.once('exit', (code) =>
        reject(new Error(`worker exited (${code}) before it was ready`)),
      );
    });
    return { child, exited };
  }

  async function kill(worker: Worker): Promise<void> {
    const { child } = worker;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await worker.exited;
  }

  const productAiControl: ProductAiControl = (method, path, body) =>
    productAiControlAt(productAi.url)(method, path, body);

  async function newShop(options: { credits?: number; webhook?: boolean } = {}) {
    const shop = app.newShop();
    await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
    const { apiKey } = await connectProductAiAccount(app, productAiControl, shop, {
      apiKey: `key-${shop}`,
      credits: options.credits ?? 10_000,
      webhook: options.webhook !== false,
    });
    return { shop, apiKey };
  }

  return {
    get redis() {
      return redis;
    },
    get productAi() {
      return productAi;
    },
    get app() {
      return app;
    },
    get pipeline() {
      return pipeline;
    },
    startWorker,
    kill,
    newShop,
    productAiControl,
  };
}
