/**
 * The app's BullMQ queues on a real Redis: their events stream stays bounded, and a shop's
 * erase removes its jobs in every state and the events naming it, and nothing of another shop.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Worker } from 'bullmq';
import { bullConnection } from '../../src/pipeline/stages/queues.ts';
import { closeRedis, connectRedis } from '../../src/platform/redis/connection.ts';
import { eraseShopJobs, shopTrace } from '../../src/platform/queues/erase-shop-jobs.ts';
import { openQueue, QUEUE_EVENTS_MAX_LEN } from '../../src/platform/queues/open-queue.ts';
import { existingShopRef, shopRef } from '../../src/platform/queues/shop-ref.ts';
import { testRedisUrl, uniqueShop } from '../support/redis.ts';

const redis = await connectRedis(testRedisUrl());
const prefix = `test-queues-${randomUUID()}`;
const queue = openQueue<{ shop: string }>('jobs', { connection: redis, prefix });
afterAll(async () => {
  await queue.close();
  await closeRedis(redis);
});

const eventsText = async () =>
  (await redis.xrange(queue.keys.events!, '-', '+')).flatMap(([, fields]) => fields).join(' ');

describe('a shop’s opaque id', () => {
  it('is made once, random, and read back without being made', async () => {
    const shop = uniqueShop();
    expect(await existingShopRef(redis, shop)).toBeNull();
    const ref = await shopRef(redis, shop);
    expect(await shopRef(redis, shop)).toBe(ref);
    expect(await existingShopRef(redis, shop)).toBe(ref);
    expect(ref).not.toContain(shop.split('.')[0]);
    expect(await shopRef(redis, uniqueShop())).not.toBe(ref);
  });
});

describe('the app’s queues', () => {
  it('keep their events stream bounded', async () => {
    const busy = openQueue('busy', { connection: redis, prefix });
    // In batches, as jobs come: the queue records its bound once it is ready, and every add
    // after that trims the stream.
    for (let batch = 0; batch < 6; batch += 1)
      await busy.addBulk(Array.from({ length: 500 }, (_, i) => ({ name: 'job', data: { i } })));
    const length = await redis.xlen(busy.keys.events!);
    // BullMQ trims approximately (MAXLEN ~): at most one stream node (100 entries) over.
    expect(length).toBeGreaterThanOrEqual(QUEUE_EVENTS_MAX_LEN);
    expect(length).toBeLessThanOrEqual(QUEUE_EVENTS_MAX_LEN + 100);
    await busy.obliterate({ force: true });
    await busy.close();
  });
});

describe('erasing a shop from a queue', () => {
  it('removes its waiting, delayed and failed jobs and the events naming them, not another’s', async () => {
    const shop = uniqueShop();
    const other = uniqueShop();
    const ref = await shopRef(redis, shop);
    const otherRef = await shopRef(redis, other);
    const add = (owner: string, id: string, delay = 0) =>
      queue.add('job', { shop: owner }, { jobId: id, delay, attempts: 1 });
    await add(shop, `delayed.${ref}.1`, 86_400_000);
    await add(other, `delayed.${otherRef}.1`, 86_400_000);
    // A job that fails for good, with the domain in its error.
    await add(shop, `failing.${ref}.2`);
    const worker = new Worker(
      'jobs',
      async (job) => {
        throw new Error(`cannot reach ${job.data.shop}`);
      },
      { connection: bullConnection(testRedisUrl()), prefix },
    );
    await new Promise((resolve) => worker.once('failed', resolve));
    await worker.close();
    await add(shop, `waiting.${ref}.3`);
    expect(await eventsText()).toContain(shop);

    const erased = await eraseShopJobs(redis, queue, await shopTrace(redis, shop));

    expect(erased).toEqual({ removed: 3, running: 0 });
    for (const id of [`delayed.${ref}.1`, `failing.${ref}.2`, `waiting.${ref}.3`])
      expect(await queue.getJob(id)).toBeUndefined();
    expect(await queue.getJob(`delayed.${otherRef}.1`)).toBeDefined();
    const events = await eventsText();
    expect(events).not.toContain(ref);
    expect(events).not.toContain(shop);
    expect(events).toContain(otherRef);
  });

  it('finds by their data the jobs whose ids name nothing of the shop', async () => {
    const shop = uniqueShop();
    await queue.add('job', { shop }, { jobId: randomUUID(), delay: 86_400_000 });
    const kept = await queue.add('job', { shop: uniqueShop() }, { delay: 86_400_000 });

    const erased = await eraseShopJobs(redis, queue, {
      ids: new Set(),
      names: [shop],
      ownsData: (data) => (data as { shop: string }).shop === shop,
    });

    expect(erased.removed).toBe(1);
    expect(await queue.getJob(kept.id!)).toBeDefined();
  });
});
