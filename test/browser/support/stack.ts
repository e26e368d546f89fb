/**
 * Everything the browser tests run against, real and on free ports: a private Redis, the
 * Shopify emulator (a seeded demo store), the ProductAI emulator (an account with credits), the
 * app's web and worker processes started exactly as in production (environment only), and the
 * admin frame page with the App Bridge stand-in. The front end is built first when stale.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createAdminFrameRouter } from '../../../dev/admin-frame/index.ts';
import { freePort } from '../../../dev/free-port.ts';
import { startPrivateRedis } from '../../../dev/redis-server.ts';
import {
  startProductAiEmulator,
  type ProductAiEmulator,
} from '../../../emulators/productai/index.ts';
import { startShopifyEmulator, type ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import { ensureFrontendBuilt } from '../../../web/frontend/build.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const LOG_DIR = `${ROOT}test-artifacts/logs`;

export const SHOP = 'demo-store.myshopify.com';
const APP_CLIENT_ID = 'browser-test-client-id';
const APP_CLIENT_SECRET = 'browser-test-client-secret';
/** ProductAI webhooks leave from this loopback address, the one the app allowlists. */
const WEBHOOK_SOURCE_ADDRESS = '127.0.0.2';

export interface StackOptions {
  /** Label for the process logs in test-artifacts/logs/. */
  name: string;
  /** How long each ProductAI job runs. */
  jobMs?: number;
  productAiCredits?: number;
}

export interface MediaView {
  id: string;
  type: string;
  status: string;
  alt: string;
  url: string | null;
  position: number;
}

export interface Stack {
  frameUrl: string;
  appUrl: string;
  shop: string;
  /** The ProductAI key the merchant pastes into Settings. */
  productAiKey: string;
  shopify: ShopifyEmulator;
  productAi: ProductAiEmulator;
  /** App processes that stopped by themselves, with their logs: a test cannot pass with one. */
  stoppedProcesses(): string[];
  /** A product's media as the Shopify emulator holds it (numeric product id). */
  productMedia(numericId: number): Promise<MediaView[]>;
  close(): Promise<void>;
}

async function untilHealthy(url: string, child: ChildProcess, deadlineMs = 30_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the app exited (${child.exitCode}) before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function startProcess(entry: string, env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  mkdirSync(LOG_DIR, { recursive: true });
  const closers: Array<() => Promise<unknown>> = [];
  const processes = new Map<string, { child: ChildProcess; log: string }>();
  let closing = false;
  const close = async () => {
    closing = true;
    for (const closer of closers.reverse()) await closer().catch(() => {});
  };
  try {
    await ensureFrontendBuilt();
    const [appPort, framePort] = [await freePort(), await freePort()];
    const appUrl = `http://127.0.0.1:${appPort}`;
    const frameUrl = `http://127.0.0.1:${framePort}`;
    const productAiKey = `browser-${randomBytes(4).toString('hex')}`;

    const redis = await startPrivateRedis();
    closers.push(() => redis.stop());
    const shopify = await startShopifyEmulator({
      apiKey: APP_CLIENT_ID,
      apiSecret: APP_CLIENT_SECRET,
      webhookUrl: `${appUrl}/webhooks/shopify`,
      shops: [SHOP],
      mediaProcessingMs: 300,
    });
    closers.push(() => shopify.close());
    const productAi = await startProductAiEmulator({
      accounts: { [productAiKey]: options.productAiCredits ?? 10_000 },
      jobMs: options.jobMs ?? 1_500,
      webhookSourceAddress: WEBHOOK_SOURCE_ADDRESS,
    });
    closers.push(() => productAi.close());

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      SHOPIFY_API_KEY: APP_CLIENT_ID,
      SHOPIFY_API_SECRET: APP_CLIENT_SECRET,
      SHOPIFY_APP_URL: appUrl,
      SCOPES: 'write_products,write_files',
      REDIS_URL: redis.url,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      HOST: '127.0.0.1',
      PORT: String(appPort),
      SHOPIFY_ADMIN_URL_OVERRIDE: shopify.url,
      DEV_FRAME_ANCESTORS: frameUrl,
      APP_BRIDGE_SCRIPT_URL: `${frameUrl}/app-bridge.js`,
      PRODUCTAI_BASE_URL: productAi.url,
      PRODUCTAI_WEBHOOK_ALLOWED_IPS: WEBHOOK_SOURCE_ADDRESS,
    };
    // The web and worker processes, exactly as production runs them (configured by env only).
    for (const [name, entry] of [
      ['web', 'web/server/main.ts'],
      ['worker', 'web/worker/main.ts'],
    ] as const) {
      const log = `${LOG_DIR}/${options.name}-${name}.log`;
      const child = startProcess(entry, env, log);
      processes.set(name, { child, log });
      closers.push(() => stopProcess(child));
    }
    await untilHealthy(`${appUrl}/healthz`, processes.get('web')!.child);

    const frame = express();
    frame.use(
      createAdminFrameRouter({
        appUrl,
        shopifyEmulatorUrl: shopify.url,
        shop: SHOP,
        productAiEmulatorUrl: productAi.url,
        productAiApiKey: productAiKey,
      }),
    );
    const server: Server = createServer(frame);
    server.listen(framePort, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    });

    return {
      frameUrl,
      appUrl,
      shop: SHOP,
      productAiKey,
      shopify,
      productAi,
      stoppedProcesses() {
        if (closing) return [];
        return [...processes]
          .filter(([, { child }]) => child.exitCode !== null || child.signalCode !== null)
          .map(
            ([name, { child, log }]) =>
              `${name} exited (${child.exitCode ?? child.signalCode}), see ${log}`,
          );
      },
      async productMedia(numericId) {
        const response = await fetch(
          `${shopify.url}/__emulator/shops/${SHOP}/products/${numericId}/media`,
        );
        return ((await response.json()) as { media: MediaView[] }).media;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
