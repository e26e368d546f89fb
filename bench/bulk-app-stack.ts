/**
 * What the bulk and Admin-cost benchmarks share: a private Redis, the Shopify emulator (time
 * compressed: a large, fast cost bucket and quick media processing), optionally the ProductAI
 * emulator, and the app built as production builds it (src/app createApp), with
 * the environment a second process needs to join the same app (a worker).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startPrivateRedis, type PrivateRedis } from '../dev/redis-server.ts';
import { startProductAiEmulator, type ProductAiEmulator } from '../emulators/productai/index.ts';
import {
  appMetaobjectDefinitions,
  startShopifyEmulator,
  type ShopifyEmulator,
  type ShopifyEmulatorOptions,
} from '../emulators/shopify/index.ts';
import {
  defaultSessionTokenClaims,
  signJwtHs256,
} from '../emulators/shopify/auth/session-token.ts';
import { startEmulatorProcess } from '../dev/emulator-process.ts';
import { createLogger } from '../src/platform/logger.ts';
import type { PipelineConfig } from '../src/pipeline/config.ts';
import { createApp, loadAppConfig, type App, type AppOverrides } from '../src/app/index.ts';

export const BENCH_SHOP = 'bench-store.myshopify.com';
const APP_KEY = 'bench-app-key';
const APP_SECRET = 'bench-app-secret';

/** What the benchmarks use of the Shopify emulator, wherever it runs. */
export type BenchShopify = Pick<ShopifyEmulator, 'url' | 'signSessionToken' | 'close'>;

export interface AppStack {
  redis: PrivateRedis;
  shopify: BenchShopify;
  productAi: ProductAiEmulator | null;
  deps: App;
  /** The app's configuration as environment variables, for a child process. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startAppStack(options: {
  productCount: number;
  productAi?: { jobMs: number; accounts: Record<string, number> };
  /** A ProductAI emulator already running elsewhere (its own process), instead of `productAi`. */
  productAiUrl?: string;
  overrides?: AppOverrides;
  /** The pipeline's configuration (the environment's by default). */
  pipelineConfig?: PipelineConfig;
  appUrl?: string;
  /** More installed shops besides BENCH_SHOP (tokens fetched for each). */
  moreShops?: string[];
  /** Emulator settings replacing the compressed-time ones (e.g. Shopify's real bucket). */
  emulator?: Pick<
    ShopifyEmulatorOptions,
    'restoreRate' | 'bucketSize' | 'graphqlLatencyMs' | 'mediaProcessingMs'
  >;
  /**
   * Runs the Shopify emulator in a process of its own (dev/emulator-process.ts), for benchmarks
   * that time the app's requests: Shopify's work is not on the app's event loop in production.
   */
  shopifyInOwnProcess?: boolean;
}): Promise<AppStack> {
  const redis = await startPrivateRedis();
  const emulatorOptions = {
    apiKey: APP_KEY,
    apiSecret: APP_SECRET,
    shops: [BENCH_SHOP, ...(options.moreShops ?? [])],
    productCount: options.productCount,
    // Compressed time: the bucket never throttles the benchmark, media are READY in 100 ms.
    restoreRate: 100_000,
    bucketSize: 1_000_000,
    mediaProcessingMs: 100,
    // The provenance entries' type, as Shopify keeps it for the deployed app.
    metaobjectDefinitions: appMetaobjectDefinitions(
      readFileSync(new URL('../shopify.app.toml', import.meta.url), 'utf8'),
    ),
    ...options.emulator,
  } satisfies ShopifyEmulatorOptions;
  const shopify = options.shopifyInOwnProcess
    ? await startShopifyProcess(emulatorOptions)
    : await startShopifyEmulator(emulatorOptions);
  const productAi = options.productAi
    ? await startProductAiEmulator({ ...options.productAi, rateLimitPerMin: 0 })
    : null;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    SHOPIFY_API_KEY: APP_KEY,
    SHOPIFY_API_SECRET: APP_SECRET,
    SHOPIFY_APP_URL: options.appUrl ?? 'http://127.0.0.1',
    SCOPES: 'write_products,write_files',
    REDIS_URL: redis.url,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SHOPIFY_ADMIN_URL_OVERRIDE: shopify.url,
    PRODUCTAI_BASE_URL: options.productAiUrl ?? productAi?.url ?? 'http://127.0.0.1:9',
    PRODUCTAI_WEBHOOK_ALLOWED_IPS: '127.0.0.1',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
  };
  const config = loadAppConfig(env);
  if (options.pipelineConfig) config.pipeline = options.pipelineConfig;
  const deps = await createApp(config, {
    logger: createLogger({ level: 'silent' }),
    ...options.overrides,
  });
  for (const shop of [BENCH_SHOP, ...(options.moreShops ?? [])]) {
    await deps.offlineTokens.ensure(shop, shopify.signSessionToken(shop));
  }
  return {
    redis,
    shopify,
    productAi,
    deps,
    env,
    async stop() {
      await deps.close();
      await productAi?.close();
      await shopify.close();
      await redis.stop();
    },
  };
}

async function startShopifyProcess(
  options: ShopifyEmulatorOptions & { apiKey: string; apiSecret: string },
): Promise<BenchShopify> {
  const flags: Array<[string, unknown]> = [
    ['--api-key', options.apiKey],
    ['--api-secret', options.apiSecret],
    ['--product-count', options.productCount],
    ['--restore-rate', options.restoreRate],
    ['--bucket-size', options.bucketSize],
    ['--media-processing-ms', options.mediaProcessingMs],
    ['--graphql-latency-ms', options.graphqlLatencyMs],
    ...(options.shops ?? []).map((shop): [string, unknown] => ['--shop', shop]),
  ];
  const child = await startEmulatorProcess(
    'shopify',
    flags
      .filter(([, value]) => value !== undefined)
      .flatMap(([flag, value]) => [flag, String(value)]),
  );
  return {
    url: child.url,
    // The same HS256 session token the emulator would sign (it shares the app's secret).
    signSessionToken: (shop, overrides = {}) =>
      signJwtHs256(
        { ...defaultSessionTokenClaims(shop, options.apiKey, Date.now()), ...overrides },
        options.apiSecret,
      ),
    close: () => child.stop(),
  };
}
