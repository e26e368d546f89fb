/**
 * Rules for new products, end to end: the Shopify emulator creates products and adds images
 * and sends the real webhooks (HMAC, the app's declared filters), the app's durable webhook
 * queue runs the rules on the suite's Redis.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookDoneKey } from '../../../src/shopify/webhook-queue.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { SUMMER_RULE } from '../../support/summer-rule.ts';
import { until } from '../../support/until.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    emulator: { webhookFilters: { 'products/update': 'media.id:*' } },
  });
}, 30_000);

/** A shop that opened the app once (its offline token exchanged), as every merchant with rules. */
async function installedShop(): Promise<string> {
  const shop = app.newShop();
  expect((await app.call('/api/settings', { shop })).status).toBe(200);
  return shop;
}

const RULE = SUMMER_RULE;

interface Delivery {
  webhookId: string;
  eventId: string;
  status: number | null;
}

interface Created {
  product: { id: string; numericId: number };
  deliveries: Delivery[];
}

/** Resolves once the app's webhook job for this delivery has run its handler to the end. */
async function handled(shop: string, delivery: Delivery): Promise<void> {
  const done = webhookDoneKey(app.deps.webhookQueue, delivery.eventId);
  await until('the webhook handled', async () => (await app.deps.redis.exists(done)) === 1);
}

async function updateProduct(shop: string, numericId: number, change: { tags: string[] }) {
  return (await app.shopifyControl(
    'PATCH',
    `/shops/${shop}/products/${numericId}`,
    change,
  )) as Created;
}

async function createProduct(shop: string, body: Record<string, unknown>): Promise<Created> {
  return (await app.shopifyControl('POST', `/shops/${shop}/products`, body)) as Created;
}

async function generationsOf(shop: string, productId: string) {
  return (await app.deps.pipeline.generations.list(shop, { productId })).generations;
}

describe('rules for new products', () => {
  it('makes one generation for a matching new product, however often the webhook comes', async () => {
    const shop = await installedShop();
    const rule = await app.deps.engines.rules.store.save(shop, RULE);
    const { product, deliveries } = await createProduct(shop, {
      title: 'Linen dress',
      tags: ['summer'],
      images: 1,
    });
    expect(deliveries.map((d) => d.status)).toEqual([200]);
    await until(
      "the product's generation",
      async () => (await generationsOf(shop, product.id)).length === 1,
    );
    // A duplicate delivery (new webhook, same product) and a redelivery of the same one.
    await app.shopifyControl('POST', '/webhooks', {
      shop,
      topic: 'products/create',
      payload: { admin_graphql_api_id: product.id },
      repeat: 2,
    });
    await app.shopifyControl('POST', `/webhooks/${deliveries[0]!.webhookId}/redeliver`);
    const [generation] = await generationsOf(shop, product.id);
    expect(await generationsOf(shop, product.id)).toHaveLength(1);
    expect(generation!.origin).toEqual({ type: 'rule', id: rule.id, label: 'Summer dresses' });
    expect(generation!.priority).toBe('bulk');
    expect(await app.deps.engines.rules.store.recent(shop, rule.id)).toEqual([generation!.id]);
  });

  it('leaves a product the rule does not match alone', async () => {
    const shop = await installedShop();
    await app.deps.engines.rules.store.save(shop, RULE);
    const { product, deliveries } = await createProduct(shop, {
      title: 'Wool coat',
      tags: ['winter'],
      images: 1,
    });
    await handled(shop, deliveries[0]!);
    expect(await generationsOf(shop, product.id)).toHaveLength(0);
  });

  it('fires once when a product created without images gets its first', async () => {
    const shop = await installedShop();
    await app.deps.engines.rules.store.save(shop, RULE);
    const { product, deliveries } = await createProduct(shop, {
      title: 'Straw hat',
      tags: ['summer'],
    });
    expect(deliveries.map((d) => d.status)).toEqual([200]);
    const first = (await app.shopifyControl(
      'POST',
      `/shops/${shop}/products/${product.numericId}/images`,
      {
        count: 1,
      },
    )) as Created;
    expect(first.deliveries.map((d) => d.status)).toEqual([200]);
    await until(
      "the product's generation",
      async () => (await generationsOf(shop, product.id)).length === 1,
    );
    const second = (await app.shopifyControl(
      'POST',
      `/shops/${shop}/products/${product.numericId}/images`,
      {
        count: 1,
      },
    )) as Created;
    expect(second.deliveries.map((d) => d.status)).toEqual([200]);
    await app.shopifyControl('POST', `/webhooks/${second.deliveries[0]!.webhookId}/redeliver`);
    expect(await generationsOf(shop, product.id)).toHaveLength(1);
  });

  it('sends no products/update for an edit of a product without media (the declared filter)', async () => {
    const shop = await installedShop();
    await app.deps.engines.rules.store.save(shop, RULE);
    const bare = await createProduct(shop, { title: 'Bare', tags: ['summer'] });
    await handled(shop, bare.deliveries[0]!);
    const edited = await updateProduct(shop, bare.product.numericId, { tags: ['summer', 'sale'] });
    expect(edited.deliveries).toEqual([]);
    // The same edit of a product with media is sent: the filter, not the edit, held it back.
    const pictured = await createProduct(shop, { title: 'Pictured', tags: ['winter'], images: 1 });
    const sent = await updateProduct(shop, pictured.product.numericId, {
      tags: ['winter', 'sale'],
    });
    expect(sent.deliveries.map((d) => d.status)).toEqual([200]);
    await handled(shop, sent.deliveries[0]!);
    expect(await generationsOf(shop, bare.product.id)).toHaveLength(0);
  });

  it('parks work over the daily cap as paused, with the reason, instead of dropping it', async () => {
    const shop = await installedShop();
    // nanobanana2 at 2K costs 5 credits (catalogue): a cap of 7 admits one product a day.
    await app.deps.engines.rules.store.save(shop, { ...RULE, dailyCap: 7 });
    const a = await createProduct(shop, { title: 'Dress A', tags: ['summer'], images: 1 });
    await until(
      "product A's generation",
      async () => (await generationsOf(shop, a.product.id)).length === 1,
    );
    const b = await createProduct(shop, { title: 'Dress B', tags: ['summer'], images: 1 });
    await until(
      "product B's generation paused",
      async () => (await generationsOf(shop, b.product.id))[0]?.state === 'paused',
    );
    const [waiting] = await generationsOf(shop, b.product.id);
    expect(waiting!.reason).toBe(
      "Waiting: today's cap of 7 credits is reached; continues tomorrow.",
    );
    expect(waiting!.pausedBy).toBe('daily-cap');
    const [admitted] = await generationsOf(shop, a.product.id);
    expect(admitted!.state).toBe('queued');
  });
});
