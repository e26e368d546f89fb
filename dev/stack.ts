/**
 * The whole app offline, on 127.0.0.1, for the demo, the browser tests and the benchmarks: a
 * private Redis, the Shopify Admin emulator (a seeded demo store), the ProductAI emulator (an
 * account with credits), the app's web and worker processes started exactly as production runs
 * them (configured by environment only), and the admin frame page that frames the app the way
 * the Shopify admin does. The front end is built first when stale.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createAdminFrameRouter } from './admin-frame/index.ts';
import { freePort } from './free-port.ts';
import { appLogLevel, levelNumber, pipeFormattedLogs } from './log-lines.ts';
import { spawnGroup, stopGroup } from './process-groups.ts';
import { startPrivateRedis, type PrivateRedis } from './redis-server.ts';
import {
  DEFAULT_SHOP,
  appFlowTriggers,
  appSubscriptions,
  appMetaobjectDefinitions,
  startShopifyEmulator,
  type ShopifyEmulator,
} from '../emulators/shopify/index.ts';
import {
  startProductAiEmulator,
  type ProductAiEmulator,
  type ProductAiEmulatorOptions,
} from '../emulators/productai/index.ts';
import { startEmulatorProcess } from './emulator-process.ts';
import { compressedClock } from './compressed-clock.ts';
import { systemClock, type Clock } from '../src/platform/clock.ts';
import { ensureFrontendBuilt } from '../web/frontend/build.ts';
import { declaredScopesOfApp } from '../src/shopify/declared-scopes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The app as the demo store has it installed, and the ProductAI account the merchant uses. */
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

export interface StackOptions {
  /**
   * Redis data and the encryption key live here between runs (a restarted demo keeps its saved
   * settings). Without it: a throwaway Redis and a fresh key.
   */
  stateDir?: string;
  /** The admin frame's port (the URL to open); a free port by default. */
  framePort?: number;
  /** How long each ProductAI job runs. */
  jobMs: number;
  /** Share of ProductAI image and upscale jobs that change the product at random (default 0). */
  productChangeRate?: number;
  productAiKey?: string;
  productAiCredits?: number;
  /** How long the Shopify emulator takes to process new media (its own default otherwise). */
  mediaProcessingMs?: number;
  /**
   * ProductAI's rate limit window, for both the emulator and the app's limiter (a minute, as
   * the contract says, by default). The browser tests compress it: the limiter paces bulk work
   * one request every window ÷ 15, so with the real minute a run of 8 products spent 28 s
   * waiting for its slots and the browser tests' bulk runs dominated the suite.
   */
  rateLimitWindowMs?: number;
  /**
   * Seed the Shopify emulator's products sold in several colours (its `colourProducts`): the
   * demo does, to make one photo per colour; the browser tests' store stays the catalogue they
   * count on (its smallest collection, its 80 products).
   */
  colourProducts?: boolean;
  /** The app processes' LOG_LEVEL (with `terminalLogs`: what the terminal shows). */
  logLevel: string;
  /** The app processes write `<logFiles>-web.log` and `<logFiles>-worker.log`. */
  logFiles?: string;
  /**
   * Without `logFiles`: the app's JSON lines as one readable line per problem on this process's
   * stdout (dev/log-lines.ts), for the demo's terminal; else as they are (production's JSON).
   */
  terminalLogs?: boolean;
  /** Told when an app process stops by itself (not by stop()). */
  onProcessExit?: (name: AppProcessName, exit: number | NodeJS.Signals) => void;
  /**
   * More environment for one app process only, over the shared one (a benchmark reading the
   * web process's metrics: a port the worker must not take too).
   */
  processEnv?: Partial<Record<AppProcessName, NodeJS.ProcessEnv>>;
  /**
   * Runs the ProductAI emulator in a process of its own (its CLI), as the real service is: its
   * renders and their garbage collection then do not hold up the event loop of whoever started
   * the stack, which also runs the Shopify emulator (a benchmark timing clicks: the fault bench
   * measured its own loop's p99 at 70-340 ms with the renders in it). Its control routes are
   * HTTP either way.
   */
  productAiInOwnProcess?: boolean;
  /**
   * With `productAiInOwnProcess`: that process's CPU priority (nice, 0-19). ProductAI renders on
   * its own servers; on a benchmark's two cores its emulator's renders took 0.45-0.72 of a core
   * beside the app's few hundredths (the fault bench), so a benchmark timing the app gives them
   * the spare time only.
   */
  productAiNiceness?: number;
  /**
   * The demo's: the app's image experiments run on a compressed clock, a day every this many
   * real milliseconds (dev/experiment-days-process.ts); `experimentClock` is that clock.
   */
  experimentDayMs?: number;
}

export type AppProcessName = 'web' | 'worker';

export interface Stack {
  /** The admin frame with the app in it: the one URL to open. */
  frameUrl: string;
  appUrl: string;
  shop: string;
  /** The ProductAI key the merchant pastes into Settings. */
  productAiKey: string;
  redis: PrivateRedis;
  shopify: ShopifyEmulator;
  productAi: ProductAiEmulator;
  /** The app processes' environment. */
  env: NodeJS.ProcessEnv;
  /** The clock the app's image experiments run on (compressed with `experimentDayMs`). */
  experimentClock: Clock;
  /**
   * From now on the admin frame shows `shop` (installed on the Shopify emulator, seeded when
   * new), its studio link for the ProductAI account `productAiKey`: one shop at a time, so the
   * browser tests' files take turns on one stack, each with a shop of its own.
   */
  frameShop(shop: string, productAiKey: string): void;
  /** App processes that stopped by themselves, with where their logs are. */
  stoppedProcesses(): string[];
  stop(): Promise<void>;
}

/** With a state folder, the key survives restarts with the Redis data, or saved API keys would be lost. */
function encryptionKey(stateDir: string | undefined): string {
  if (!stateDir) return randomBytes(32).toString('base64');
  const file = `${stateDir}/encryption-key`;
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** Where an app process's output goes: a log file, the terminal formatted, or as it is. */
type ProcessOutput =
  { file: string } | { terminal: { minLevel: number; name: string } } | 'inherit';

function startProcess(args: string[], env: NodeJS.ProcessEnv, output: ProcessOutput): ChildProcess {
  if (output !== 'inherit' && 'file' in output) {
    // The process writes its file itself: through a pipe, its (synchronous) log writes would
    // wait whenever this process's loop is slow to drain it (a benchmark's, busy with the
    // emulators), holding the app's event loop up with them.
    const log = openSync(output.file, 'w');
    try {
      return spawnGroup(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', log, log] });
    } finally {
      closeSync(log);
    }
  }
  const piped = output !== 'inherit';
  const child = spawnGroup(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', piped ? 'pipe' : 'inherit', piped ? 'pipe' : 'inherit'],
  });
  if (output === 'inherit') return child;
  const { minLevel, name } = output.terminal;
  pipeFormattedLogs(child.stdout!, process.stdout, minLevel, `[${name}]`);
  pipeFormattedLogs(child.stderr!, process.stderr, minLevel, `[${name}]`);
  return child;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function untilHealthy(url: string, child: ChildProcess, deadlineMs = 30_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (hasExited(child))
      throw new Error(
        `the app exited (${child.exitCode ?? child.signalCode}) before answering ${url}`,
      );
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The ProductAI emulator started by its CLI (`productAiInOwnProcess`), with the same options. */
async function productAiProcess(
  options: ProductAiEmulatorOptions & { accounts: Record<string, number>; jobMs: number },
  niceness: number | undefined,
): Promise<ProductAiEmulator> {
  const args = [
    '--job-ms',
    String(options.jobMs),
    ...Object.entries(options.accounts).flatMap(([key, credits]) => [
      '--account',
      `${key}=${credits}`,
    ]),
    ...(options.rateLimitWindowMs === undefined
      ? []
      : ['--rate-limit-window-ms', String(options.rateLimitWindowMs)]),
    ...(options.webhookSourceAddress
      ? ['--webhook-source-address', options.webhookSourceAddress]
      : []),
    '--change-rate',
    String(options.changeRate ?? 0),
    '--change-seed',
    String(options.changeSeed ?? 1),
  ];
  const emulator = await startEmulatorProcess(
    'productai',
    args,
    niceness === undefined ? {} : { niceness },
  );
  return { url: emulator.url, port: Number(new URL(emulator.url).port), close: emulator.stop };
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const closers: Array<() => Promise<unknown>> = [];
  const processes = new Map<AppProcessName, { child: ChildProcess; log: string }>();
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const closer of closers.reverse()) await closer().catch(() => {});
  };
  try {
    await ensureFrontendBuilt();
    if (options.stateDir) mkdirSync(`${options.stateDir}/redis`, { recursive: true });
    if (options.logFiles) mkdirSync(dirname(options.logFiles), { recursive: true });
    const framePort = options.framePort || (await freePort());
    const appPort = await freePort();
    const appUrl = `http://127.0.0.1:${appPort}`;
    const frameUrl = `http://127.0.0.1:${framePort}`;
    const productAiKey = options.productAiKey ?? DEMO.productAiKey;

    const redis = await startPrivateRedis(
      options.stateDir ? { dir: `${options.stateDir}/redis` } : {},
    );
    closers.push(() => redis.stop());
    const shopify = await startShopifyEmulator({
      apiKey: DEMO.apiKey,
      apiSecret: DEMO.apiSecret,
      webhookUrl: `${appUrl}/webhooks/shopify`,
      // What `shopify app deploy` registers: products/create reaches the app's rules.
      subscriptions: appSubscriptions(readFileSync(`${ROOT}shopify.app.toml`, 'utf8')),
      flowTriggers: appFlowTriggers(`${ROOT}extensions`),
      // ... and the metaobject definitions it declares (provenance entries).
      metaobjectDefinitions: appMetaobjectDefinitions(
        readFileSync(`${ROOT}shopify.app.toml`, 'utf8'),
      ),
      // Shopify grants what shopify.app.toml asks for; the app expects the same list (SCOPES).
      scopes: declaredScopesOfApp(),
      shops: [DEMO.shop],
      colourProducts: options.colourProducts ?? false,
      ...(options.mediaProcessingMs === undefined
        ? {}
        : { mediaProcessingMs: options.mediaProcessingMs }),
    });
    closers.push(() => shopify.close());
    const productAiOptions = {
      accounts: { [productAiKey]: options.productAiCredits ?? DEMO.productAiCredits },
      jobMs: options.jobMs,
      ...(options.rateLimitWindowMs === undefined
        ? {}
        : { rateLimitWindowMs: options.rateLimitWindowMs }),
      webhookSourceAddress: DEMO.webhookSourceAddress,
      changeRate: options.productChangeRate ?? 0,
      // A fixed seed: a fresh demo changes the same jobs every time.
      changeSeed: 17,
    } satisfies ProductAiEmulatorOptions;
    const productAi = options.productAiInOwnProcess
      ? await productAiProcess(productAiOptions, options.productAiNiceness)
      : await startProductAiEmulator(productAiOptions);
    closers.push(() => productAi.close());

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: options.terminalLogs ? appLogLevel(options.logLevel) : options.logLevel,
      SHOPIFY_API_KEY: DEMO.apiKey,
      SHOPIFY_API_SECRET: DEMO.apiSecret,
      SHOPIFY_APP_URL: appUrl,
      SCOPES: declaredScopesOfApp().join(','),
      REDIS_URL: redis.url,
      ENCRYPTION_KEY: encryptionKey(options.stateDir),
      HOST: '127.0.0.1',
      PORT: String(appPort),
      WORKER_HEALTH_PORT: String(await freePort()),
      SHOPIFY_ADMIN_URL_OVERRIDE: shopify.url,
      DEV_FRAME_ANCESTORS: frameUrl,
      APP_BRIDGE_SCRIPT_URL: `${frameUrl}/app-bridge.js`,
      PRODUCTAI_BASE_URL: productAi.url,
      PRODUCTAI_WEBHOOK_ALLOWED_IPS: DEMO.webhookSourceAddress,
      ...(options.rateLimitWindowMs === undefined
        ? {}
        : {
            PIPELINE_RATE_WINDOW_MS: String(options.rateLimitWindowMs),
            // The margin for a request whose answer never came stays well inside the window.
            PIPELINE_ARRIVAL_MARGIN_MS: String(Math.ceil(options.rateLimitWindowMs / 12)),
          }),
    };
    const experimentsStart = Date.now();
    const dayMs = options.experimentDayMs;
    if (dayMs) {
      env.EXPERIMENT_CLOCK_START = String(experimentsStart);
      env.EXPERIMENT_DAY_MS = String(dayMs);
    }
    for (const [name, entry] of [
      ['web', 'web/server/main.ts'],
      ['worker', 'web/worker/main.ts'],
    ] as const) {
      const log = options.logFiles ? `${options.logFiles}-${name}.log` : undefined;
      const output: ProcessOutput = log
        ? { file: log }
        : options.terminalLogs
          ? { terminal: { minLevel: levelNumber(options.logLevel), name } }
          : 'inherit';
      const args = dayMs ? ['dev/experiment-days-process.ts', name] : [entry];
      const child = startProcess(args, { ...env, ...options.processEnv?.[name] }, output);
      processes.set(name, { child, log: log ?? 'the output above' });
      closers.push(() => stopGroup(child));
      child.once('exit', (code, signal) => {
        if (!stopping) options.onProcessExit?.(name, signal ?? code ?? 0);
      });
    }
    await untilHealthy(`${appUrl}/healthz`, processes.get('web')!.child);

    const frameRouter = (shop: string, key: string) =>
      createAdminFrameRouter({
        appUrl,
        shopifyEmulatorUrl: shopify.url,
        shop,
        productAiEmulatorUrl: productAi.url,
        productAiApiKey: key,
      });
    let framed = frameRouter(DEMO.shop, productAiKey);
    const frame = express();
    frame.use((req, res, next) => framed(req, res, next));
    const server = createServer(frame);
    server.listen(framePort, '127.0.0.1');
    await once(server, 'listening');
    closers.push(() => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    });

    return {
      frameUrl,
      appUrl,
      shop: DEMO.shop,
      productAiKey,
      redis,
      shopify,
      productAi,
      env,
      experimentClock: dayMs ? compressedClock(experimentsStart, dayMs) : systemClock,
      frameShop(shop, key) {
        shopify.installShop(shop);
        framed = frameRouter(shop, key);
      },
      stoppedProcesses() {
        if (stopping) return [];
        return [...processes]
          .filter(([, { child }]) => hasExited(child))
          .map(
            ([name, { child, log }]) =>
              `${name} exited (${child.exitCode ?? child.signalCode}), see ${log}`,
          );
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
