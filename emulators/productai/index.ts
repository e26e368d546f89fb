/**
 * The ProductAI emulator: a real HTTP server on 127.0.0.1 implementing both interfaces of
 * ../../../shared/specs/productai-api.md, for the tests, the demo and local development.
 * See README.md for the behaviour chosen where the spec is silent, and the control surface.
 */
import { createServer } from 'node:http';
import { systemClock, type Clock } from '../../src/platform/clock.ts';
import { listenOnLoopback } from '../shared/listen.ts';
import { AccountStore } from './accounts.ts';
import { AssetStore } from './assets.ts';
import { Faults } from './faults.ts';
import { Router } from './http/router.ts';
import { createImageSource } from './images/source.ts';
import { JobEngine } from './jobs/engine.ts';
import { ProductChanges } from './product-changes.ts';
import { SlidingWindowLimiter } from './rate-limit.ts';
import { createRenderer, type Renderer } from './render/renderer.ts';
import { addControlRoutes } from './routes/control.ts';
import { addCurrentRoutes } from './routes/current.ts';
import { addEarlierRoutes } from './routes/earlier.ts';
import { addStudioRoutes } from './routes/studio.ts';
import { createListener } from './server.ts';
import type { EmulatorState } from './state.ts';
import { FileStore } from './storage.ts';
import { WebhookSender } from './webhooks.ts';

export interface ProductAiEmulatorOptions {
  /** Port on 127.0.0.1; default a free one. */
  port?: number;
  /** API key -> credits, the accounts that exist at start. */
  accounts?: Record<string, number>;
  /** How long every job runs. Default realistic: 20 s for images and upscales, 90 s for video. */
  jobMs?: number;
  /** Generation requests per client IP per window (generate, generate-video). Default 15; 0 = off. */
  rateLimitPerMin?: number;
  /** The generation limiter's window; the 429 asks to retry after it. Default 60000. */
  rateLimitWindowMs?: number;
  /** image_url may point at 127.0.0.1/localhost (default true); other private ranges never. */
  allowLoopbackFetch?: boolean;
  /** Local address webhook POSTs are sent from, e.g. '127.0.0.2', to test IP allowlists. */
  webhookSourceAddress?: string;
  /** Base of hosted result/asset URLs (default the server URL). */
  publicUrl?: string;
  /** Waits before each retry of a result webhook answered with anything but 200. */
  webhookRetryDelaysMs?: number[];
  /** The emulator's clock (timestamps, rate-limit windows). */
  clock?: Clock;
  /** Share of image and upscale jobs (0..1) that change the product at random; default 0. */
  changeRate?: number;
  /** Seed of those random changes (default 1): the same seed changes the same jobs. */
  changeSeed?: number;
}

export interface ProductAiEmulator {
  url: string;
  port: number;
  close(): Promise<void>;
}

const DEFAULT_JOB_MS = { image: 20_000, upscale: 20_000, video: 90_000 } as const;
const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [5_000, 30_000, 120_000];

export async function startProductAiEmulator(
  options: ProductAiEmulatorOptions = {},
): Promise<ProductAiEmulator> {
  const clock = options.clock ?? systemClock;
  const files = await FileStore.create();
  const faults = new Faults();
  const changes = new ProductChanges({
    ...(options.changeRate === undefined ? {} : { rate: options.changeRate }),
    ...(options.changeSeed === undefined ? {} : { seed: options.changeSeed }),
  });
  const accounts = new AccountStore();
  const createdAt = new Date(clock.now()).toISOString();
  for (const [key, credits] of Object.entries(options.accounts ?? {})) {
    accounts.create(key, credits, createdAt);
  }
  const durationMs = (kind: keyof typeof DEFAULT_JOB_MS) => options.jobMs ?? DEFAULT_JOB_MS[kind];
  let baseUrl = '';
  const publicBase = () => (options.publicUrl ?? baseUrl).replace(/\/$/, '');
  const cdnUrl = (name: string) => `${publicBase()}/cdn/${name}`;
  const webhooks = new WebhookSender({
    clock,
    faults,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    timeoutMs: 10_000,
    ...(options.webhookSourceAddress ? { sourceAddress: options.webhookSourceAddress } : {}),
  });
  const renderer = createRenderer(files);
  // Renders running when the emulator closes (libvips work cannot be aborted) write into the
  // files' folder: close waits for them before removing it.
  const rendering = new Set<Promise<unknown>>();
  const render: Renderer['render'] = (plan) => {
    const running = renderer.render(plan);
    rendering.add(running);
    const forget = () => rendering.delete(running);
    running.then(forget, forget);
    return running;
  };
  const jobs = new JobEngine({
    clock,
    faults,
    changes,
    renderer: { render, close: () => renderer.close() },
    durationMs,
    resultUrl: cdnUrl,
    onSettled(job) {
      const account = accounts.get(job.accountKey);
      if (!account) return;
      if (job.status === 'ERROR') accounts.refund(account, job.credits);
      if (!account.webhookUrl) return;
      webhooks.sendResult(
        account.webhookUrl,
        job.status === 'COMPLETED' && job.result
          ? { status: 'success', image_url: job.result.url, job_id: String(job.id) }
          : { status: 'error', job_id: String(job.id) },
      );
    },
  });
  const state: EmulatorState = {
    clock,
    accounts,
    files,
    faults,
    changes,
    webhooks,
    jobs,
    assets: new AssetStore({ files, clock, processingMs: Math.round(durationMs('image') / 10) }),
    imageSource: createImageSource({
      files,
      ownBases: () => [baseUrl, publicBase()],
      allowLoopback: options.allowLoopbackFetch ?? true,
    }),
    generationLimiter: new SlidingWindowLimiter(
      options.rateLimitPerMin ?? 15,
      options.rateLimitWindowMs ?? 60_000,
      clock,
    ),
    uploadLimiter: new SlidingWindowLimiter(1, 1000, clock),
    cdnUrl,
  };
  const router = new Router();
  addCurrentRoutes(router, state);
  addEarlierRoutes(router, state);
  addControlRoutes(router, state);
  addStudioRoutes(router, state);
  const server = await listenOnLoopback(createServer(createListener(router, state)), options.port);
  baseUrl = server.url;

  return {
    url: server.url,
    port: server.port,
    async close() {
      jobs.close();
      renderer.close();
      webhooks.close();
      state.assets.close();
      await server.close();
      await Promise.allSettled(rendering);
      await files.destroy();
    },
  };
}
