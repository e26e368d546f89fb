/**
 * The app server as production runs it (createApp + startServer), listening on a free port,
 * configured for the Shopify emulator and the suite's Redis. One per test file; tests isolate
 * themselves with their own shops. Stopped with its emulator once the file is done, wherever it
 * was started (test/support/teardown.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import {
  appFlowTriggers,
  appMetaobjectDefinitions,
  startShopifyEmulator,
  type ShopifyEmulator,
  type ShopifyEmulatorOptions,
} from '../../emulators/shopify/index.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { declaredScopesOfApp } from '../../src/shopify/declared-scopes.ts';
import { APP_TOML_PATH } from '../../src/shopify/declared-topics.ts';
import {
  createApp,
  loadAppConfig,
  startShopifyWebhookWorker,
  type App,
  type AppOverrides,
} from '../../src/app/index.ts';
import type { PipelineConfig } from '../../src/pipeline/config.ts';
import { APP_MODULES } from '../../web/server/modules.ts';
import type { AppModule } from '../../web/server/module.ts';
import { startServer, type RunningServer } from '../../web/server/server.ts';
import { testRedisUrl, uniqueNamespace, uniqueShop } from './redis.ts';
import { afterFile } from './teardown.ts';
import { API_KEY, API_SECRET } from './app-identity.ts';
import { emulatorControlAt, type EmulatorControl } from './emulator-control.ts';

export interface TestApp {
  url: string;
  server: RunningServer;
  deps: App;
  emulator: ShopifyEmulator;
  /** A new shop with the app installed on the emulator. */
  newShop(): string;
  sessionToken(shop: string): string;
  /** fetch against the app; `shop` adds a fresh session token for it. */
  call(path: string, init?: RequestInit & { shop?: string }): Promise<Response>;
  /** The Shopify emulator's control surface (emulator-control.ts). */
  shopifyControl: EmulatorControl;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  modules?: readonly AppModule[];
  emulator?: Partial<ShopifyEmulatorOptions>;
  overrides?: AppOverrides;
  /** The pipeline's configuration (timings compressed, a namespace of the test's own). */
  pipelineConfig?: PipelineConfig;
  frontendDist?: string;
  /** Run the Shopify webhook worker in this process, as the worker process does (default true). */
  webhookWorker?: boolean;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const emulator = await startShopifyEmulator({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    // Flow refuses a trigger payload that is not what the trigger's extension declares.
    flowTriggers: appFlowTriggers(fileURLToPath(new URL('../../extensions/', import.meta.url))),
    // Shopify keeps the metaobject definitions the app declares on every shop it is installed on.
    metaobjectDefinitions: appMetaobjectDefinitions(readFileSync(APP_TOML_PATH, 'utf8')),
    // Shopify grants what shopify.app.toml asks for; the app expects the same list (SCOPES).
    scopes: declaredScopesOfApp(),
    ...options.emulator,
  });
  const config = loadAppConfig({
    NODE_ENV: 'test',
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    SHOPIFY_APP_URL: 'http://127.0.0.1',
    SCOPES: declaredScopesOfApp().join(','),
    REDIS_URL: testRedisUrl(),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SHOPIFY_ADMIN_URL_OVERRIDE: emulator.url,
    HOST: '127.0.0.1',
    PORT: '0',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ...options.env,
  });
  // Its own namespace (app-wide keys: the pipeline's and the experiments' queues, the due sets):
  // test files share one Redis, each app on its own clock and Shopify emulator, and one app's
  // workers must not run another's jobs (an experiment's look on another file's clock and shops).
  config.pipeline = options.pipelineConfig ?? {
    ...config.pipeline,
    namespace: uniqueNamespace('app'),
  };
  const deps = await createApp(config, {
    logger: createLogger({ level: 'silent' }),
    // The fidelity check is off unless a test gives one (FIDELITY_THREADS=0, fidelity-step.ts).
    fidelity: () => undefined,
    ...options.overrides,
    // Its own queue: test files share one Redis, and must not process each other's webhooks.
    webhookQueue: { prefix: `test-webhooks-${randomUUID()}`, ...options.overrides?.webhookQueue },
  });
  const server = await startServer(deps, {
    modules: options.modules ?? APP_MODULES,
    port: 0,
    host: '127.0.0.1',
    frontendDist: options.frontendDist ?? '/nonexistent-frontend-dist',
  });
  emulator.setWebhookUrl(`${server.url}/webhooks/shopify`);
  const webhookWorker =
    options.webhookWorker === false ? null : await startShopifyWebhookWorker(deps);
  if (webhookWorker) deps.onClose('webhook worker', () => webhookWorker.stop());
  afterFile(async () => {
    await server.close();
    await emulator.close();
  });

  return {
    url: server.url,
    server,
    deps,
    emulator,
    newShop() {
      const shop = uniqueShop();
      emulator.installShop(shop);
      return shop;
    },
    sessionToken: (shop) => emulator.signSessionToken(shop),
    call(path, { shop, ...init } = {}) {
      const headers = new Headers(init.headers);
      if (shop) headers.set('Authorization', `Bearer ${emulator.signSessionToken(shop)}`);
      return fetch(`${server.url}${path}`, { ...init, headers });
    },
    shopifyControl: emulatorControlAt(emulator.url),
  };
}
