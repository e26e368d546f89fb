/**
 * What the bulk and Admin-cost benchmarks share: a private Redis, the Shopify emulator (time
 * compressed: a large, fast cost bucket and quick media processing), optionally the ProductAI
 * emulator, and the app's dependencies built as production builds them (createAppDeps), with
 * the environment a second process needs to join the same app (a worker).
 */
import { randomBytes } from 'node:crypto';
import { startPrivateRedis, type PrivateRedis } from '../dev/redis-server.ts';
import { startProductAiEmulator, type ProductAiEmulator } from '../emulators/productai/index.ts';
import {
  startShopifyEmulator,
  type ShopifyEmulator,
  type ShopifyEmulatorOptions,
} from '../emulators/shopify/index.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createLogger } from '../src/platform/logger.ts';
import { createAppDeps, type AppDeps, type DepsOverrides } from '../web/server/deps.ts';

export const BENCH_SHOP = 'bench-store.myshopify.com';
const APP_KEY = 'bench-app-key';
const APP_SECRET = 'bench-app-secret';

export interface AppStack {
  redis: PrivateRedis;
  shopify: ShopifyEmulator;
  productAi: ProductAiEmulator | null;
  deps: AppDeps;
  /** The app's configuration as environment variables, for a child process. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startAppStack(options: {
  productCount: number;
  productAi?: { jobMs: number; accounts: Record<string, number> };
  overrides?: DepsOverrides;
  appUrl?: string;
  /** More installed shops besides BENCH_SHOP (tokens fetched for each). */
  moreShops?: string[];
  /** Emulator settings replacing the compressed-time ones (e.g. Shopify's real bucket). */
  emulator?: Pick<ShopifyEmulatorOptions, 'restoreRate' | 'bucketSize' | 'graphqlLatencyMs'>;
}): Promise<AppStack> {
  const redis = await startPrivateRedis();
  const shopify = await startShopifyEmulator({
    apiKey: APP_KEY,
    apiSecret: APP_SECRET,
    shops: [BENCH_SHOP, ...(options.moreShops ?? [])],
    productCount: options.productCount,
    // Compressed time: the bucket never throttles the benchmark, media are READY in 100 ms.
    restoreRate: 100_000,
    bucketSize: 1_000_000,
    mediaProcessingMs: 100,
    ...options.emulator,
  });
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
    PRODUCTAI_BASE_URL: productAi?.url ?? 'http://127.0.0.1:9',
    PRODUCTAI_WEBHOOK_ALLOWED_IPS: '127.0.0.1',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
  };
  const deps = await createAppDeps(loadConfig(env), {
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
