/**
 * The worker process as deployed (web/worker/main.ts, configured by its environment): it answers
 * /livez and /readyz on its own port, readiness follows Redis, and its shutdown has a deadline.
 * Its Redis is private: these tests freeze it (CLIENT PAUSE), which must not stall other tests.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateRedis, type PrivateRedis } from '../../dev/redis-server.ts';
import { startAppProcess, type AppProcess } from './support/app-process.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 1_500;

let redis: PrivateRedis;
let admin: Redis;
const started: AppProcess[] = [];

beforeAll(async () => {
  redis = await startPrivateRedis();
  admin = new Redis(redis.url);
});

afterEach(async () => {
  await admin.ping(); // answered once a freeze has thawed
  await Promise.all(started.splice(0).map((worker) => worker.kill9()));
});

afterAll(async () => {
  admin.disconnect();
  await redis.stop();
});

/** A worker on a free health port; resolves with the port once it runs. */
async function startWorker(
  shutdownTimeoutMs = 10_000,
  env: Record<string, string> = {},
): Promise<{ worker: AppProcess; url: string }> {
  const worker = startAppProcess([process.execPath, 'web/worker/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      // The test's Redis keeps nothing on disk, so production's durable send (WAITAOF) has no
      // AOF to wait on; its start check has tests of its own (test/pipeline/submit).
      REDIS_DURABILITY: 'none',
      SHOPIFY_API_KEY: 'worker-test-key',
      SHOPIFY_API_SECRET: 'worker-test-secret',
      SHOPIFY_APP_URL: 'https://app.example.com',
      SCOPES: 'write_products,write_files',
      REDIS_URL: redis.url,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      HOST: '127.0.0.1',
      WORKER_HEALTH_PORT: '0',
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
      ...env,
    },
  });
  started.push(worker);
  const line = await worker.waitForLog('worker started');
  return { worker, url: `http://127.0.0.1:${String(line.healthPort)}` };
}

/** Redis stops answering every client for a while (longer than the shutdown deadline), then
 * thaws by itself: CLIENT UNPAUSE would wait behind the pause like any other command. */
async function freezeRedis(): Promise<void> {
  await admin.client('PAUSE', SHUTDOWN_TIMEOUT_MS * 2, 'ALL');
}

async function probe(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

/** The niceness of every thread of a process, from Linux's /proc (field 19 of each stat). */
function threadNiceness(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((thread) => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
      // After the command's name in parentheses: state is field 3, niceness field 19.
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return []; // the thread ended since the listing
    }
  });
}

describe('the worker process', () => {
  it.runIf(process.platform === 'linux')(
    'runs every thread below the web process’s priority, at WORKER_NICENESS',
    async () => {
      const { worker } = await startWorker(10_000, { WORKER_NICENESS: '7' });
      const niceness = threadNiceness(worker.child.pid!);
      // V8's and libuv's threads, started before the worker's code ran, and the product
      // check's pool, started after.
      expect(niceness.length).toBeGreaterThan(5);
      expect(new Set(niceness)).toEqual(new Set([7]));
    },
  );

  it('is live and ready while Redis answers', async () => {
    const { url } = await startWorker();
    expect(await probe(`${url}/livez`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe(`${url}/readyz`)).toEqual({
      status: 200,
      body: { status: 'ok', redis: 'ok' },
    });
  });

  it('is not ready, but still live, while Redis does not answer', async () => {
    const { url } = await startWorker();
    await freezeRedis();
    expect(await probe(`${url}/readyz`)).toEqual({
      status: 503,
      body: { status: 'degraded', redis: 'down' },
    });
    expect((await probe(`${url}/livez`)).status).toBe(200);
  });

  it('stops on SIGTERM and exits 0', async () => {
    const { worker } = await startWorker();
    expect(await worker.terminate()).toBe(0);
  });

  it('exits 1 at the shutdown deadline when its stop hangs (Redis frozen)', async () => {
    const { worker } = await startWorker(SHUTDOWN_TIMEOUT_MS);
    await freezeRedis();
    const signalled = Date.now();
    expect(await worker.terminate()).toBe(1);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 3_000);
    expect(worker.lines.map((line) => line.msg)).toContain(
      'shutdown deadline passed: jobs still running go to the other workers once their locks expire',
    );
  });
});
