/**
 * The durable webhook queue on a real Redis, below HTTP: the worker's start-up check, retries
 * until a handler succeeds, and what happens to a delivery whose every attempt failed.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { bullConnection } from '../../src/pipeline/stages/queues.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { closeRedis, connectRedis } from '../../src/platform/redis/connection.ts';
import {
  createWebhookIntake,
  startWebhookWorker,
  webhookJobId,
  webhookQueueConfig,
  type RunningWebhookWorker,
} from '../../src/shopify/webhook-queue.ts';
import { createWebhookRegistry, type ShopifyWebhook } from '../../src/shopify/webhooks.ts';
import { testRedisUrl, uniqueShop } from '../support/redis.ts';
import { until } from '../support/until.ts';

const redis = await connectRedis(testRedisUrl());
const config = webhookQueueConfig({
  prefix: `test-webhook-queue-${randomUUID()}`,
  attempts: 3,
  backoffMs: 10,
});
const logLines: { level: number; msg: string; topic?: string }[] = [];
const logger = createLogger({
  level: 'warn',
  destination: new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()));
      done();
    },
  }),
});
const intake = createWebhookIntake({ redis, config, logger });
const workers: RunningWebhookWorker[] = [];
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.close()));
  await intake.close();
  await closeRedis(redis);
});

/** Handlers for made-up topics; `fails` counts down the failures before a success. */
const registry = createWebhookRegistry();
const failuresLeft = new Map<string, number>();
const succeeded: string[] = [];
for (const topic of ['test/flaky', 'test/broken'])
  registry.on(topic, async ({ shop }) => {
    const left = failuresLeft.get(shop) ?? 0;
    if (left > 0) {
      failuresLeft.set(shop, left - 1);
      throw new Error('downstream unavailable');
    }
    succeeded.push(shop);
  });

function workerOf(declaredTopics: string[]): Promise<RunningWebhookWorker> {
  return startWebhookWorker({
    connection: bullConnection(testRedisUrl()),
    redis,
    registry,
    declaredTopics,
    config,
    clock: systemClock,
    logger,
  });
}

async function startWorker(): Promise<void> {
  workers.push(await workerOf(['test/flaky', 'test/broken']));
}

function webhook(topic: string, shop = uniqueShop()): ShopifyWebhook {
  const id = randomUUID();
  const triggeredAt = new Date().toISOString();
  return {
    topic,
    shop,
    webhookId: id,
    dedupeId: id,
    apiVersion: '2026-10',
    triggeredAt,
    payload: {},
  };
}

const stateOf = async (delivery: ShopifyWebhook) =>
  (await intake.queue.getJob(webhookJobId(delivery)))?.getState() ?? 'gone';

describe('webhook worker', () => {
  it('refuses to start while a declared topic has no handler', async () => {
    await expect(workerOf(['test/flaky', 'products/update'])).rejects.toThrow(
      'No handler for the webhook topics products/update',
    );
  });

  it('retries a failing handler until it succeeds, then forgets the job', async () => {
    await startWorker();
    const delivery = webhook('test/flaky');
    failuresLeft.set(delivery.shop, 2);
    expect(await intake.accept(delivery)).toBe('enqueued');
    await until('the delivery handled', () => succeeded.includes(delivery.shop));
    await until('the job gone', async () => (await stateOf(delivery)) === 'gone');
    expect(await intake.accept(delivery)).toBe('done');
  });

  it('keeps a delivery whose every attempt failed, says so, and retries it at the next start', async () => {
    const delivery = webhook('test/broken');
    failuresLeft.set(delivery.shop, config.attempts);
    await intake.accept(delivery);
    await until('the job failed', async () => (await stateOf(delivery)) === 'failed');
    // Said from the worker's 'failed' event, which BullMQ emits after the job has moved: at load
    // 10 a clean clone read the state before the line was written.
    await until("the worker's 'gave up' line", () =>
      logLines.some(
        (line) =>
          line.level === 50 &&
          line.topic === 'test/broken' &&
          line.msg === 'webhook gave up after its last try; kept in the failed set',
      ),
    );
    // Shopify's redelivery cannot revive it (the job id is taken), a worker start does.
    expect(await intake.accept(delivery)).toBe('enqueued');
    expect(await stateOf(delivery)).toBe('failed');
    await startWorker();
    await until('the delivery handled', () => succeeded.includes(delivery.shop));
  });
});

describe('what a webhook job keeps of a shop', () => {
  it('keeps only the payload fields its handler reads', async () => {
    const product = webhook('products/create');
    product.payload = {
      admin_graphql_api_id: 'gid://shopify/Product/1',
      title: 'Linen dress',
      body_html: '<p>…</p>',
    };
    const request = webhook('customers/data_request');
    request.payload = { customer: { email: 'jane@example.com' }, orders_requested: [1] };
    await intake.accept(product);
    await intake.accept(request);

    expect((await intake.queue.getJob(webhookJobId(product)))?.data.payload).toEqual({
      admin_graphql_api_id: 'gid://shopify/Product/1',
    });
    expect((await intake.queue.getJob(webhookJobId(request)))?.data.payload).toEqual({});
  });

  it('removes a shop’s deliveries, failed ones included, when the shop is erased', async () => {
    const delivery = webhook('test/broken');
    failuresLeft.set(delivery.shop, 100);
    const other = webhook('test/unhandled');
    await intake.accept(delivery);
    await intake.accept(other);
    await until('the job failed', async () => (await stateOf(delivery)) === 'failed');

    await intake.eraseShop(delivery.shop);

    expect(await stateOf(delivery)).toBe('gone');
    expect(await stateOf(other)).not.toBe('gone');
  });
});
