/**
 * `npm run demo`: the whole app offline. Starts a private Redis (data in .demo/redis), the
 * Shopify Admin emulator (a seeded demo store), the ProductAI emulator (a demo account), the
 * app's web process and worker process exactly as production runs them (configured by
 * environment only), and a page that frames the app the way the Shopify admin does. Prints one
 * URL to open; Ctrl-C stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createAdminFrameRouter } from './admin-frame/index.ts';
import { freePort } from './free-port.ts';
import { startPrivateRedis } from './redis-server.ts';
import { DEFAULT_SHOP, startShopifyEmulator } from '../emulators/shopify/index.ts';
import { startProductAiEmulator } from '../emulators/productai/index.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Redis data and the encryption key live here between runs (DEMO_STATE_DIR for a separate demo). */
const STATE_DIR = process.env.DEMO_STATE_DIR ?? `${ROOT}.demo`;

export const DEMO = {
  shop: DEFAULT_SHOP,
  apiKey: 'demo-app-client-id',
  apiSecret: 'demo-app-client-secret',
  /** The ProductAI key a merchant pastes into Settings in the demo. */
  productAiKey: 'demo-productai-key',
  productAiCredits: 5_000,
  /** ProductAI webhooks leave from this loopback address, which the app allowlists: the
   * receiver's source-address check runs for real, as it would against 54.88.136.216. */
  webhookSourceAddress: '127.0.0.2',
} as const;

/** The encryption key survives restarts with the Redis data, or saved API keys would be lost. */
function demoEncryptionKey(): string {
  const file = `${STATE_DIR}/encryption-key`;
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

function startProcess(name: string, entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`demo: the ${name} process stopped (${signal ?? code}); stopping the demo.`);
      void stop(1);
    }
  });
  return child;
}

async function waitForHealthy(url: string, deadlineMs = 30_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`demo: ${url} did not answer within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let stopping = false;
const cleanups: Array<() => Promise<unknown> | unknown> = [];
async function stop(code = 0): Promise<never> {
  stopping = true;
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function main(): Promise<void> {
  mkdirSync(`${STATE_DIR}/redis`, { recursive: true });
  const framePort = Number(process.env.DEMO_PORT ?? 0) || (await freePort());
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const frameUrl = `http://127.0.0.1:${framePort}`;

  const redis = await startPrivateRedis({ dir: `${STATE_DIR}/redis` });
  cleanups.push(() => redis.stop());
  const shopify = await startShopifyEmulator({
    apiKey: DEMO.apiKey,
    apiSecret: DEMO.apiSecret,
    webhookUrl: `${appUrl}/webhooks/shopify`,
    shops: [DEMO.shop],
  });
  cleanups.push(() => shopify.close());
  const productAi = await startProductAiEmulator({
    accounts: { [DEMO.productAiKey]: DEMO.productAiCredits },
    jobMs: Number(process.env.DEMO_JOB_MS ?? 6_000),
    webhookSourceAddress: DEMO.webhookSourceAddress,
  });
  cleanups.push(() => productAi.close());

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SHOPIFY_API_KEY: DEMO.apiKey,
    SHOPIFY_API_SECRET: DEMO.apiSecret,
    SHOPIFY_APP_URL: appUrl,
    SCOPES: 'write_products,write_files',
    REDIS_URL: redis.url,
    ENCRYPTION_KEY: demoEncryptionKey(),
    HOST: '127.0.0.1',
    PORT: String(appPort),
    SHOPIFY_ADMIN_URL_OVERRIDE: shopify.url,
    DEV_FRAME_ANCESTORS: frameUrl,
    APP_BRIDGE_SCRIPT_URL: `${frameUrl}/app-bridge.js`,
    PRODUCTAI_BASE_URL: productAi.url,
    PRODUCTAI_WEBHOOK_ALLOWED_IPS: DEMO.webhookSourceAddress,
  };
  const web = startProcess('web', 'web/server/main.ts', env);
  cleanups.push(async () => {
    if (web.exitCode === null) {
      web.kill('SIGTERM');
      await once(web, 'exit');
    }
  });
  if (existsSync(`${ROOT}web/worker/main.ts`)) {
    const worker = startProcess('worker', 'web/worker/main.ts', env);
    cleanups.push(async () => {
      if (worker.exitCode === null) {
        worker.kill('SIGTERM');
        await once(worker, 'exit');
      }
    });
  }
  await waitForHealthy(`${appUrl}/healthz`);

  const frame = express();
  frame.use(
    createAdminFrameRouter({
      appUrl,
      shopifyEmulatorUrl: shopify.url,
      shop: DEMO.shop,
      productAiEmulatorUrl: productAi.url,
      productAiApiKey: DEMO.productAiKey,
    }),
  );
  const server = createServer(frame);
  server.listen(framePort, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));

  console.log(`\nProductAI Studio demo is running. Open ${frameUrl}\n`);
  console.log(`  demo ProductAI API key: ${DEMO.productAiKey} (${DEMO.productAiCredits} credits)`);
  console.log(`  Shopify emulator: ${shopify.url}   ProductAI emulator: ${productAi.url}`);
  console.log('  Ctrl-C stops everything.\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stop(1);
});
