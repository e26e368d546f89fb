/**
 * Zero residue: after `app/uninstalled` and `shop/redact`, nothing in Redis names the shop. A
 * shop of the real app (both emulators, real workers) makes every kind of record: generations
 * in several states, a rule with work held for the next day, a Flow run and its triggers, a
 * review batch, a bulk run, a campaign not yet started, a webhook job that failed for good, a
 * shop style (its reference image uploaded to ProductAI by the generations).
 * Shopify then uninstalls the app and sends its signed deliveries; once the erase has run, every
 * key of the suite's Redis is read whole (names and values of every type) for the shop's
 * domain, its ProductAI key and its ids.
 */
import { randomUUID } from 'node:crypto';
import { QueueEvents } from 'bullmq';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type {
  BulkRunView,
  GenerationView,
  ProductDetail,
  SettingsView,
} from '../../src/app-api/contract.ts';
import type { ReviewBatchView } from '../../src/app-api/contract.ts';
import type { SaveRuleRequest } from '../../src/app-api/rules.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { existingShopRef } from '../../src/platform/queues/shop-ref.ts';
import type { Redis } from '../../src/platform/redis/connection.ts';
import { bullConnection } from '../../src/pipeline/index.ts';
import { WEBHOOK_QUEUE, webhookJobId } from '../../src/shopify/webhook-queue.ts';
import { campaignRequest, productsWithImages } from './campaigns/support/campaigns.ts';
import { signedFlowAction } from '../support/flow-actions.ts';
import { startPublishHarness, type TestShop } from '../support/publish-stack.ts';
import { testRedisUrl } from '../support/redis.ts';
import { waitForRun } from '../support/seeded-shop.ts';
import { until } from '../support/until.ts';

const harness = await startPublishHarness({
  // A webhook whose handler throws is given up after two quick tries.
  overrides: { webhookQueue: { attempts: 2, backoffMs: 10 } },
});
const { app } = harness;
const { redis } = app.deps;

// nanobanana2 costs 5 credits: a cap of 7 admits one new product a day, the next one waits.
const RULE: SaveRuleRequest = {
  name: 'New arrivals',
  active: true,
  match: { collections: [], tags: ['arrival'], productTypes: [], vendors: [] },
  kind: 'photo',
  presetId: null,
  params: { prompt: 'In a bright studio', model: 'nanobanana2' },
  options: 1,
  imagesSent: 1,
  destination: 'review',
  dailyCap: 7,
};

interface Delivery {
  webhookId: string;
  eventId: string;
  status: number | null;
}

const jobOf = (delivery: Delivery) => webhookJobId({ dedupeId: delivery.eventId });

/** Every key of the Redis, read whole: the keys and values that contain one of `needles`. */
async function scanEverything(needles: readonly string[]) {
  let keys = 0;
  let values = 0;
  const hits: string[] = [];
  const look = (key: string, texts: string[]) => {
    values += texts.length;
    for (const text of [key, ...texts]) {
      const found = needles.find((needle) => text.includes(needle));
      if (found) hits.push(`${key}: ${found} in ${text.slice(0, 200)}`);
    }
  };
  for (let cursor = '0'; ;) {
    const [next, batch] = await redis.scan(cursor, 'COUNT', 1000);
    for (const key of batch) {
      keys += 1;
      look(key, await valuesOf(redis, key));
    }
    if (next === '0') break;
    cursor = next;
  }
  return { keys, values, hits: [...new Set(hits)] };
}

/** A key's value as text: every field, member, element, score and stream entry. */
async function valuesOf(client: Redis, key: string): Promise<string[]> {
  switch (await client.type(key)) {
    case 'string':
      return [(await client.get(key)) ?? ''];
    case 'hash':
      return Object.entries(await client.hgetall(key)).flat();
    case 'list':
      return client.lrange(key, 0, -1);
    case 'set':
      return client.smembers(key);
    case 'zset':
      return client.zrange(key, '0', '-1', 'WITHSCORES');
    case 'stream':
      return (await client.xrange(key, '-', '+')).flatMap(([id, fields]) => [id, ...fields]);
    default:
      return []; // gone since the SCAN saw it
  }
}

async function photoFor(shop: TestShop, productId: string): Promise<GenerationView> {
  const { body: product } = await shop.api<ProductDetail>(
    'GET',
    `/products/${encodeURIComponent(productId)}`,
  );
  const { body } = await shop.api<GenerationView>('POST', '/generations', {
    productId,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On slate',
    sourceMediaIds: [product.images[0]!.id],
  });
  return body;
}

async function deliver(
  shop: string,
  topic: string,
  extra: Record<string, unknown> = {},
): Promise<Delivery> {
  const { deliveries } = (await app.shopifyControl('POST', '/webhooks', {
    shop,
    topic,
    ...extra,
  })) as {
    deliveries: Delivery[];
  };
  return deliveries[0]!;
}

/** A shop that used every feature, its work settled: what it holds, and its ids. */
async function shopWithEverything() {
  const shop = await harness.newShop();
  await shop.api('PATCH', '/settings', { reviewMode: true });
  // A shop style: its phrase, its reference image and the copy ProductAI hosts of it.
  await shop.api('PATCH', '/settings', { style: { phrase: 'Soft daylight on pale linen' } });
  const styleImage = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 40, g: 60, b: 120 } },
  })
    .png()
    .toBuffer();
  const styled = await app.call('/api/settings/style/reference', {
    shop: shop.shop,
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: new Uint8Array(styleImage),
  });
  expect(styled.status).toBe(200);
  const { reference } = ((await styled.json()) as SettingsView).style;
  const [first, second, third, fourth, fifth] = await productsWithImages(app, shop.shop, 5);

  // Generations: in review, then one approved by a review batch, one rejected.
  const photos = [];
  for (const productId of [first!, second!, third!]) photos.push(await photoFor(shop, productId));
  for (const photo of photos) await shop.waitFor(photo.id, ['in_review']);
  const { body: batch } = await shop.api<ReviewBatchView>('POST', '/review-batches', {
    action: 'approve',
    target: { type: 'generations', ids: [photos[0]!.id] },
  });
  await shop.waitFor(photos[0]!.id, ['published']);
  expect((await shop.api('POST', `/generations/${photos[1]!.id}/reject`)).status).toBe(200);

  // A Flow run.
  const flowRun = randomUUID();
  const { generationId: flowGeneration } = await app.deps.features.flowActions.generatePhoto(
    signedFlowAction({
      shopify_domain: shop.shop,
      action_run_id: flowRun,
      properties: { product_id: fourth!.slice(fourth!.lastIndexOf('/') + 1), prompt: 'On oak' },
    }),
  );
  await shop.waitFor(flowGeneration, ['in_review']);

  // A bulk run, expanded, in review and paused.
  const { body: run } = await shop.api<BulkRunView>('POST', '/bulk-runs', {
    target: { type: 'products', productIds: [fifth!] },
    kind: 'upscale',
  });
  await waitForRun(shop, run.id, (view) => view.counts.in_review === 1);
  // Paused: its expiry is scheduled in the app-wide set of paused runs.
  expect((await shop.api('POST', `/bulk-runs/${run.id}/pause`)).status).toBe(200);

  // A campaign that starts tomorrow.
  const campaign = await app.deps.features.campaigns.create(
    shop.shop,
    campaignRequest(systemClock, [first!, second!]),
  );

  // A rule: two new products, the second held for tomorrow by the daily cap.
  const rule = await app.deps.engines.rules.store.save(shop.shop, RULE);
  const stateOfNew = async (productId: string) =>
    (await app.deps.pipeline.generations.list(shop.shop, { productId })).generations[0]?.state;
  const newProduct = async (title: string) => {
    const created = (await app.shopifyControl('POST', `/shops/${shop.shop}/products`, {
      title,
      tags: ['arrival'],
      images: 1,
    })) as { product: { id: string } };
    return created.product.id;
  };
  const admitted = await newProduct('First arrival');
  await until(
    'the first arrival in review',
    async () => (await stateOfNew(admitted)) === 'in_review',
    { deadlineMs: 20_000 },
  );
  const held = await newProduct('Second arrival');
  await until('the second arrival paused', async () => (await stateOfNew(held)) === 'paused', {
    deadlineMs: 20_000,
  });

  // A webhook the app could not handle (a payload its handler refuses), given up.
  const broken = await deliver(shop.shop, 'app/scopes_update', { payload: { current: 'all' } });
  await until(
    'the broken webhook given up',
    async () => (await app.deps.webhookIntake.queue.getJobState(jobOf(broken))) === 'failed',
    { deadlineMs: 10_000 },
  );

  const { generations } = await app.deps.pipeline.generations.list(shop.shop, {}, { limit: 100 });
  // The style was sent (and its reference uploaded) with the photos made since.
  expect(generations.some((generation) => generation.style?.reference?.sent)).toBe(true);
  return {
    shop,
    ids: [
      reference!.hash,
      ...generations.map((generation) => generation.id),
      rule.id,
      campaign.id,
      run.id,
      batch.id,
      flowRun,
    ],
  };
}

it('leaves no key or value naming a shop once it is uninstalled and redacted', async () => {
  const { shop, ids } = await shopWithEverything();
  const ref = await existingShopRef(redis, shop.shop);
  expect(ref).not.toBeNull();
  const needles = [shop.shop, shop.apiKey, ref!, ...ids];

  // The scan finds the shop while it is there: in its keys and beyond its prefix.
  const before = await scanEverything(needles);
  expect(before.hits.some((hit) => !hit.startsWith(`pai:{${shop.shop}}`))).toBe(true);

  const events = new QueueEvents(WEBHOOK_QUEUE, {
    connection: bullConnection(testRedisUrl()),
    prefix: app.deps.webhookQueue.prefix,
  });
  // Every job that ends from now on, recorded before its delivery is sent (it may end at once).
  const ended = new Map<string, { promise: Promise<void>; settle(error?: string): void }>();
  const endOf = (jobId: string) => {
    let entry = ended.get(jobId);
    if (!entry) {
      let settle!: (error?: string) => void;
      const promise = new Promise<void>((resolve, reject) => {
        settle = (error) => (error === undefined ? resolve() : reject(new Error(error)));
      });
      entry = { promise, settle };
      ended.set(jobId, entry);
    }
    return entry;
  };
  events.on('completed', ({ jobId }) => endOf(jobId).settle());
  events.on('failed', ({ jobId, failedReason }) => endOf(jobId).settle(failedReason));
  await events.waitUntilReady();
  const handled = (delivery: Delivery) => endOf(jobOf(delivery)).promise;
  await app.shopifyControl('POST', `/shops/${shop.shop}/uninstall`, { deliver: false });
  const uninstalled = await deliver(shop.shop, 'app/uninstalled');
  await handled(uninstalled);
  const redact = await deliver(shop.shop, 'shop/redact');
  await handled(redact);
  await events.close();

  const after = await scanEverything(needles);
  process.stdout.write(
    `residue scan: ${after.keys} keys, ${after.values} values, ${needles.length} needles, ` +
      `hits: ${after.hits.length} (before the erase: ${before.hits.length})\n`,
  );
  expect(after.hits).toEqual([]);
}, 120_000);
