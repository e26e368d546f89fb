/**
 * The app as it is deployed, rehearsed without a container runtime (none can be reached here):
 *  1. the image is built by running the Dockerfile's own steps (test/deploy/support/dockerfile.ts)
 *     in a clean copy of the repository: the installs, the build, and the final stage's files;
 *  2. compose.yaml's production shape runs from that image folder: Redis with compose's flags,
 *     two web processes and two workers with the image's commands and compose's environment,
 *     behind a round-robin proxy standing in for compose's nginx (which cannot run here), with
 *     both emulators standing in for Shopify and ProductAI;
 *  3. a bulk run goes to its end through the proxy while one web and one worker are killed
 *     (SIGKILL) mid-run and started again.
 * The environment differs from compose's only where this machine differs from a container
 * network, each named in `RUNS_HERE` below.
 */
import { randomBytes } from 'node:crypto';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkRunView, GenerationPage, SettingsView } from '../../src/app-api/contract.ts';
import { TERMINAL_STATES } from '../../src/app-api/generation-states.ts';
import { freePort } from '../../dev/free-port.ts';
import {
  DEFAULT_SHOP,
  startShopifyEmulator,
  type ShopifyEmulator,
} from '../../emulators/shopify/index.ts';
import { startProductAiEmulator, type ProductAiEmulator } from '../../emulators/productai/index.ts';
import { startAppProcess, type AppProcess } from './support/app-process.ts';
import { cleanCopy, REPO } from './support/clean-copy.ts';
import { interpolate, parseComposeYaml, type ComposeValue } from './support/compose-file.ts';
import { buildWithoutDocker, type BuiltImage } from './support/dockerfile.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy.ts';
import { emulatorControlAt } from '../support/emulator-control.ts';
import { until } from '../support/until.ts';

const API_KEY = 'rehearsal-client-id';
const API_SECRET = 'rehearsal-client-secret';
const PRODUCTAI_KEY = 'rehearsal-productai-key';
/** ProductAI webhooks leave from this loopback address (as from ProductAI's published ones). */
const WEBHOOK_SOURCE = '127.0.0.2';
/** Products in the bulk run: within one rate-limit window (15 a minute), so the run is not
 * slowed by the limiter but by the crashes. */
const PRODUCTS = 10;

type Service = {
  command: string[];
  environment: Record<string, string>;
  deploy?: { replicas: number };
};

const work = mkdtempSync(join(tmpdir(), 'image-rehearsal-'));
let image: BuiltImage;
let compose: { services: Record<string, Service & Record<string, ComposeValue>> };
let redis: ChildProcess;
let redisUrl: string;
let shopify: ShopifyEmulator;
let productAi: ProductAiEmulator;
let proxy: RoundRobinProxy;
const processes: AppProcess[] = [];

/** What compose's container network gives each process that one machine cannot. */
function runsHere(name: string, port: number): Record<string, string> {
  return {
    // compose: `redis` is the service's host name.
    REDIS_URL: redisUrl,
    // compose: every replica has its own network namespace, so all use the default ports.
    PORT: String(port),
    WORKER_HEALTH_PORT: String(port),
    HOST: '127.0.0.1',
    // The emulators stand in for Shopify and ProductAI: production refuses the Admin override
    // (and plain http for the app URL), so these processes run with NODE_ENV=development.
    NODE_ENV: 'development',
    SHOPIFY_APP_URL: proxy.url,
    SHOPIFY_ADMIN_URL_OVERRIDE: shopify.url,
    PRODUCTAI_BASE_URL: productAi.url,
    PRODUCTAI_WEBHOOK_ALLOWED_IPS: WEBHOOK_SOURCE,
    // This machine's Node 22 stands for the base image's `node` (first on PATH).
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    APP_PROCESS: name,
  };
}

interface Replica {
  name: string;
  command: string[];
  port: number;
  env: NodeJS.ProcessEnv;
  process?: AppProcess;
}

const replicas: Replica[] = [];

async function start(replica: Replica): Promise<void> {
  const [node, ...args] = replica.command;
  const started = startAppProcess([node === 'node' ? process.execPath : node!, ...args], {
    cwd: image.appDir,
    env: replica.env,
  });
  processes.push(started);
  replica.process = started;
  await started.waitForLog(replica.name.startsWith('web') ? 'listening' : 'worker started');
}

async function startRedisAsComposeDoes(): Promise<void> {
  const [binary, ...flags] = compose.services.redis!.command as unknown as string[];
  const port = await freePort();
  const dir = mkdtempSync(join(work, 'redis-'));
  redis = spawn(binary!, [...flags, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir], {
    stdio: 'ignore',
  });
  // compose's own URL for the app, password included; only the host is this machine's.
  redisUrl = String(compose.services.web!.environment.REDIS_URL).replace(
    '@redis:6379',
    `@127.0.0.1:${port}`,
  );
  const client = new Redis(redisUrl, { retryStrategy: () => 50 });
  client.on('error', () => {}); // refused until redis-server listens; ping waits for it
  await client.ping();
  client.disconnect();
}

beforeAll(async () => {
  const context = cleanCopy('image-context');
  image = await buildWithoutDocker({
    dockerfile: join(context, 'Dockerfile'),
    context,
    into: join(work, 'stages'),
    env: {
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      HOME: process.env.HOME,
      // The npm cache of this machine, used before the registry: the same locked packages.
      npm_config_prefer_offline: 'true',
    },
  });
  rmSync(context, { recursive: true, force: true });
  compose = interpolate(parseComposeYaml(readFileSync(join(REPO, 'compose.yaml'), 'utf8')), {
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    SHOPIFY_APP_URL: 'https://stands-in-for-the-proxy.example',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    REDIS_PASSWORD: randomBytes(16).toString('hex'),
    // The round-robin proxy stands for lb, with nothing in front of it.
    PROXY_HOPS: '1',
  }) as typeof compose;

  await startRedisAsComposeDoes();
  const webPorts = await Promise.all(
    Array.from({ length: compose.services.web!.deploy!.replicas }, () => freePort()),
  );
  proxy = await startRoundRobinProxy(webPorts.map((port) => `http://127.0.0.1:${port}`));
  shopify = await startShopifyEmulator({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    webhookUrl: `${proxy.url}/webhooks/shopify`,
    shops: [DEFAULT_SHOP],
    mediaProcessingMs: 300,
  });
  productAi = await startProductAiEmulator({
    accounts: { [PRODUCTAI_KEY]: 10_000 },
    jobMs: 1_500,
    webhookSourceAddress: WEBHOOK_SOURCE,
  });
  for (const service of ['web', 'worker'] as const) {
    const { command, environment, deploy } = compose.services[service]!;
    for (let index = 0; index < deploy!.replicas; index++) {
      const name = `${service}-${index + 1}`;
      const port = service === 'web' ? webPorts[index]! : await freePort();
      replicas.push({
        name,
        command: service === 'web' ? image.command : command,
        port,
        env: { ...image.env, ...environment, ...runsHere(name, port) },
      });
    }
  }
  await Promise.all(replicas.map(start));
}, 600_000);

afterAll(async () => {
  await Promise.all(processes.map((child) => child.kill9()));
  await proxy?.close();
  await shopify?.close();
  await productAi?.close();
  redis?.kill('SIGKILL');
  if (redis) await once(redis, 'exit').catch(() => {});
  // Two node_modules trees: removing them takes minutes on a busy disk, so it goes on after.
  spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
});

/** The merchant's calls through the load balancer, with a fresh session token each. */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${proxy.url}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${shopify.signSessionToken(DEFAULT_SHOP)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe('the image', () => {
  it('holds production dependencies only, the built app home, and runs as a non-root user', () => {
    const modules = join(image.appDir, 'node_modules');
    for (const runtime of ['express', 'bullmq', 'sharp', 'prom-client'])
      expect(existsSync(join(modules, runtime)), runtime).toBe(true);
    // `node`: the npm package of the project's Node for development; the image runs its own.
    for (const devOnly of [
      'vitest',
      'vite',
      '@shopify/cli',
      'typescript',
      'playwright-core',
      'node',
    ])
      expect(existsSync(join(modules, devOnly)), devOnly).toBe(false);
    expect(existsSync(join(image.appDir, 'web/frontend/dist/index.html'))).toBe(true);
    expect(existsSync(join(image.appDir, 'test'))).toBe(false);
    expect(image.user).toBe('node');
    // The figures this rehearsal exists for are printed, not only asserted.
    process.stdout.write(
      'image steps:\n' +
        image.steps.map((step) => `  ${step.stage}: ${step.command} (${step.ms} ms)\n`).join(''),
    );
  });

  it('installs exactly the lock file: npm ci, every installed version the locked one', () => {
    const installs = image.steps.filter((step) => /^npm (i|install|add|ci)\b/.test(step.command));
    expect(installs.map((step) => step.command.split(' ').slice(0, 2).join(' '))).toEqual([
      'npm ci',
      'npm ci',
    ]);
    type Lock = { packages: Record<string, { version?: string }> };
    const locked = (JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as Lock)
      .packages;
    // npm's record of what it installed into the final image's node_modules.
    const installed = (
      JSON.parse(
        readFileSync(join(image.appDir, 'node_modules/.package-lock.json'), 'utf8'),
      ) as Lock
    ).packages;
    expect(Object.keys(installed).length).toBeGreaterThan(100);
    for (const [path, { version }] of Object.entries(installed))
      expect(version, path).toBe(locked[path]?.version);
  });

  it('passes its HEALTHCHECK in every web and worker process', async () => {
    const [node, ...args] = image.healthcheck;
    for (const replica of replicas) {
      const check = promisify(execFile)(node === 'node' ? process.execPath : node!, args, {
        cwd: image.appDir,
        env: replica.env,
      });
      await expect(check, replica.name).resolves.toBeDefined();
    }
  });

  it('runs on a Redis that refuses a client without compose’s password', async () => {
    // A bare socket: a client library without the password gives up before it can say why.
    const { hostname, port } = new URL(redisUrl);
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    socket.write('PING\r\n');
    const [reply] = (await once(socket, 'data')) as [Buffer];
    socket.destroy();
    expect(String(reply)).toMatch(/^-NOAUTH/);
  });

  it('runs on a Redis configured as compose configures it (AOF, noeviction)', async () => {
    const client = new Redis(redisUrl);
    expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
    expect(await client.config('GET', 'maxmemory-policy')).toEqual([
      'maxmemory-policy',
      'noeviction',
    ]);
    client.disconnect();
  });
});

describe('the rehearsal: a bulk run while one web and one worker are killed', () => {
  it('publishes each product once and charges each generation once', async () => {
    // The merchant connects ProductAI (Settings), and pastes the webhook URL in ProductAI's studio.
    const settings = await api<SettingsView>('PUT', '/settings/api-key', { apiKey: PRODUCTAI_KEY });
    // The workers run the real fidelity check, as deployed; its verdicts on the emulator's
    // drawings are not yet sure (src/fidelity/README.md), so the shop lets every result publish
    // and what this counts stays what it is about: each product once, each charge once.
    await api<SettingsView>('PATCH', '/settings', { fidelityGuard: 'off' });
    const productAiControl = emulatorControlAt(productAi.url);
    const shopifyControl = emulatorControlAt(shopify.url);
    await productAiControl('PUT', `/accounts/${PRODUCTAI_KEY}/webhook`, {
      url: settings.webhook.url,
    });
    const { products } = (await shopifyControl('GET', `/shops/${DEFAULT_SHOP}/products`)) as {
      products: { id: string; mediaCount: number }[];
    };
    const chosen = products.filter((product) => product.mediaCount > 0).slice(0, PRODUCTS);
    const run = await api<BulkRunView>('POST', '/bulk-runs', {
      target: { type: 'products', productIds: chosen.map((product) => product.id) },
      kind: 'upscale',
    });

    // Mid-run: some results are in, others are on their way.
    await until(
      'first results',
      async () => {
        const view = await api<BulkRunView>('GET', `/bulk-runs/${run.id}`);
        return (view.counts.published ?? 0) >= 2 && view;
      },
      { deadlineMs: 120_000, intervalMs: 250 },
    );
    const web = replicas.find((replica) => replica.name === 'web-1')!;
    const worker = replicas.find((replica) => replica.name === 'worker-1')!;
    await Promise.all([web.process!.kill9(), worker.process!.kill9()]);
    await Promise.all([start(web), start(worker)]);

    const done = await until(
      'the run',
      async () => {
        const view = await api<BulkRunView>('GET', `/bulk-runs/${run.id}`);
        return view.state === 'completed' && view;
      },
      { deadlineMs: 300_000, intervalMs: 250 },
    );

    const { generations } = await api<GenerationPage>('GET', `/generations?limit=100`);
    const ofRun = generations.filter((generation) => generation.bulkRunId === run.id);
    const published = ofRun.filter((generation) => generation.state === 'published').length;
    const nonTerminal = ofRun.filter((generation) => !TERMINAL_STATES.includes(generation.state));
    const uncertain = ofRun.filter((generation) => generation.state === 'uncertain');
    let duplicates = 0;
    for (const product of chosen) {
      const { media } = (await shopifyControl(
        'GET',
        `/shops/${DEFAULT_SHOP}/products/${product.id.split('/').pop()}/media`,
      )) as { media: unknown[] };
      duplicates += Math.max(0, media.length - product.mediaCount - 1);
    }
    const { jobs } = (await productAiControl('GET', `/jobs?key=${PRODUCTAI_KEY}`)) as {
      jobs: { id: number; status: string; credits: number }[];
    };
    const charged = jobs.filter((job) => job.status !== 'ERROR' && job.credits > 0);
    const recorded = new Set(ofRun.map((generation) => generation.productAiJobId));
    const doubleCharges = charged.filter((job) => !recorded.has(job.id)).length;
    process.stdout.write(
      `rehearsal: ${PRODUCTS} products, run ${done.state}; published ${published}, duplicates ${duplicates}, ` +
        `double charges ${doubleCharges} (${charged.length} charged jobs), uncertain left ${uncertain.length}, ` +
        `non-terminal left ${nonTerminal.length}; requests per web replica ${JSON.stringify(Object.fromEntries(proxy.answered))}\n`,
    );

    expect(ofRun).toHaveLength(PRODUCTS);
    expect(nonTerminal.map((generation) => generation.state)).toEqual([]);
    expect(duplicates).toBe(0);
    expect(doubleCharges).toBe(0);
    expect(published).toBe(PRODUCTS);
  }, 420_000);
});
