/**
 * The durability of Shopify webhooks with real processes: this test process is the web process
 * (no webhook worker of its own), workers are children started from web/worker/main.ts, on a
 * private Redis the test stops and starts. A delivery Redis cannot store is refused (Shopify
 * redelivers); a worker killed in the middle of a shop's erasure leaves it to the next worker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateRedis, type PrivateRedis } from '../../dev/redis-server.ts';
import { shopKeyspace } from '../../src/platform/keys.ts';
import {
  webhookDoneKey,
  webhookJobId,
  webhookQueueConfig,
} from '../../src/shopify/webhook-queue.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { until } from '../support/until.ts';

const CHILD = fileURLToPath(new URL('./support/webhook-worker-child.ts', import.meta.url));
// A killed worker's job is taken over after lockMs (plus one stalled check).
const QUEUE = webhookQueueConfig({ prefix: 'durability', lockMs: 1_000, stalledCheckMs: 500 });

interface Delivery {
  webhookId: string;
  eventId: string;
  status: number | null;
}

const dataDir = mkdtempSync(join(tmpdir(), 'webhook-redis-'));
let redis: PrivateRedis;
let app: TestApp;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  redis = await startPrivateRedis({ dir: dataDir });
  app = await startTestApp({
    env: { REDIS_URL: redis.url },
    overrides: { webhookQueue: QUEUE },
    webhookWorker: false,
  });
}, 30_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await app.server.close();
  await redis.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts a worker process; resolves once its workers run. `waitFor` resolves on "erasing". */
async function startWorker(pauseMidErase = false) {
  const { config } = app.deps;
  const child = spawn(process.execPath, [CHILD], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SHOPIFY_API_KEY: config.shopify.apiKey,
      SHOPIFY_API_SECRET: config.shopify.apiSecret,
      SHOPIFY_APP_URL: config.shopify.appUrl,
      SCOPES: config.shopify.scopes.join(','),
      SHOPIFY_ADMIN_URL_OVERRIDE: config.shopify.adminUrlOverride,
      REDIS_URL: redis.url,
      ENCRYPTION_KEY: config.encryptionKey.toString('base64'),
      WEBHOOK_QUEUE_TEST_CONFIG: JSON.stringify(QUEUE),
      ...(pauseMidErase ? { PAUSE_MID_ERASE: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const printed = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => output.includes(line) && resolve();
      child.stdout!.on('data', check);
      child.once('exit', (code) => reject(new Error(`worker exited (${code}) before "${line}"`)));
      check();
    });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await printed('ready');
  return { child, erasing: () => printed('erasing') };
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

async function deliver(shop: string, topic: string): Promise<Delivery> {
  const { deliveries } = (await app.shopifyControl('POST', '/webhooks', { shop, topic })) as {
    deliveries: Delivery[];
  };
  return deliveries[0]!;
}

async function redeliver(webhookId: string): Promise<Delivery> {
  const { deliveries } = (await app.shopifyControl('POST', `/webhooks/${webhookId}/redeliver`)) as {
    deliveries: Delivery[];
  };
  return deliveries[0]!;
}

const generations = shopKeyspace('generation');
const keysOf = (shop: string) => app.deps.redis.keys(`pai:{${shop}}:*`);
const doneMarker = (eventId: string) => webhookDoneKey(QUEUE, eventId);

describe('durable Shopify webhooks', () => {
  it('refuses a delivery while Redis is down, marks nothing, and takes its redelivery', async () => {
    const shop = app.newShop();
    expect((await app.call('/api/session', { shop })).status).toBe(200);
    await app.shopifyControl('POST', `/shops/${shop}/uninstall`, { deliver: false });

    await redis.stop();
    const refused = await deliver(shop, 'app/uninstalled');
    expect(refused.status).toBe(503);
    redis = await startPrivateRedis({ port: redis.port, dir: dataDir });
    await until('Redis back', async () => (await app.deps.redis.ping().catch(() => '')) === 'PONG');

    expect(await app.deps.redis.exists(doneMarker(refused.eventId))).toBe(0);
    expect(await app.deps.sessions.get(shop)).not.toBeNull();

    expect((await redeliver(refused.webhookId)).status).toBe(200);
    const job = await app.deps.webhookIntake.queue.getJob(
      webhookJobId({ dedupeId: refused.eventId }),
    );
    expect(await job?.getState()).toBe('waiting');

    const worker = await startWorker();
    await until('the session erased', async () => (await app.deps.sessions.get(shop)) === null, {
      deadlineMs: 10_000,
    });
    await until(
      'the refused delivery marked done',
      async () => (await app.deps.redis.exists(doneMarker(refused.eventId))) === 1,
    );
    await kill(worker.child);
  }, 30_000);

  it('finishes an erase whose worker was killed in the middle of it', async () => {
    const shop = app.newShop();
    expect((await app.call('/api/session', { shop })).status).toBe(200);
    await app.shopifyControl('POST', `/shops/${shop}/uninstall`, { deliver: false });
    for (let i = 0; i < 1_500; i++) await app.deps.redis.set(generations.key(shop, `g${i}`), '{}');
    const first = await startWorker(true);

    const delivery = await deliver(shop, 'shop/redact');
    expect(delivery.status).toBe(200);
    await first.erasing();
    const left = (await keysOf(shop)).length;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(1_500);
    await kill(first.child);

    const second = await startWorker();
    await until(
      'the delivery marked done',
      async () => (await app.deps.redis.exists(doneMarker(delivery.eventId))) === 1,
      { deadlineMs: 15_000 },
    );
    expect(await keysOf(shop)).toEqual([]);
    await kill(second.child);
  }, 30_000);
});
