/**
 * The daily cap's waiting line (src/features/rules/cap-line.ts): work over the cap waits in
 * order and goes in line the moment the cap covers it, oldest first and before any newer
 * product; its message says why it waits. Real webhooks from the Shopify emulator, the app's
 * webhook queue and the suite's Redis; the cap is raised through the rules service, as
 * PUT /api/rules-cap does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SaveRuleRequest } from '../../../src/app-api/rules.ts';
import { webhookDoneKey } from '../../../src/shopify/webhook-queue.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { SUMMER_RULE } from '../../support/summer-rule.ts';
import { until } from '../../support/until.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
}, 30_000);

// nanobanana2 at 2K costs 5 credits a photo, kontext-pro 2 (src/productai/catalogue.ts).
const SUMMER: SaveRuleRequest = { ...SUMMER_RULE, dailyCap: 5 };
const WINTER: SaveRuleRequest = {
  ...SUMMER_RULE,
  name: 'Winter coats',
  match: { ...SUMMER_RULE.match, tags: ['winter'] },
  params: { prompt: 'In fresh snow', model: 'kontext-pro' },
  dailyCap: 5,
};

async function installedShop(): Promise<string> {
  const shop = app.newShop();
  expect((await app.call('/api/settings', { shop })).status).toBe(200);
  return shop;
}

async function generationOf(shop: string, productId: string) {
  const { generations } = await app.deps.pipeline.generations.list(shop, { productId });
  return generations[0];
}

/** A new product in the store; resolves once its products/create job has run to the end. */
async function newProduct(shop: string, title: string, tag: string) {
  const { product, deliveries } = (await app.shopifyControl('POST', `/shops/${shop}/products`, {
    title,
    tags: [tag],
    images: 1,
  })) as { product: { id: string }; deliveries: { eventId: string }[] };
  const done = webhookDoneKey(app.deps.webhookQueue, deliveries[0]!.eventId);
  await until('the webhook handled', async () => (await app.deps.redis.exists(done)) === 1);
  return product.id;
}

const stateOf = async (shop: string, productId: string) =>
  (await generationOf(shop, productId))!.state;

describe('the daily cap’s waiting line', () => {
  it('admits the oldest waiting product the moment the cap is raised, before a newer one', async () => {
    const shop = await installedShop();
    await app.deps.engines.rules.store.save(shop, SUMMER);
    await app.deps.engines.rules.store.save(shop, WINTER);
    const first = await newProduct(shop, 'Dress 1', 'summer');
    const second = await newProduct(shop, 'Dress 2', 'summer');
    expect([await stateOf(shop, first), await stateOf(shop, second)]).toEqual(['queued', 'paused']);

    // 12 covers the second dress (10 spent), not a third (5 more).
    await app.deps.features.rules.setDailyCap(shop, 12);
    expect(await stateOf(shop, second)).toBe('queued');
    const third = await newProduct(shop, 'Dress 3', 'summer');
    expect(await stateOf(shop, third)).toBe('paused');
    // A coat costs 2 and 2 are left: it still waits behind the older dress.
    const coat = await newProduct(shop, 'Coat', 'winter');
    expect(await stateOf(shop, coat)).toBe('paused');

    await app.deps.features.rules.setDailyCap(shop, 17);
    expect([await stateOf(shop, third), await stateOf(shop, coat)]).toEqual(['queued', 'queued']);
    const queuedAt = async (productId: string) =>
      (await generationOf(shop, productId))!.transitions.findLast((t) => t.state === 'queued')!.at;
    expect((await queuedAt(third)) <= (await queuedAt(coat))).toBe(true);
  });

  it('says the cap is reached, and continues tomorrow, when it covers a photo but not today’s', async () => {
    const shop = await installedShop();
    await app.deps.engines.rules.store.save(shop, SUMMER);
    await newProduct(shop, 'Dress 1', 'summer');
    const waiting = await generationOf(shop, await newProduct(shop, 'Dress 2', 'summer'));
    expect(waiting!.reason).toBe(
      "Waiting: today's cap of 5 credits is reached; continues tomorrow.",
    );
  });

  it('says the cap is below the rule’s price when it could never admit a photo (a cap saved before it was refused)', async () => {
    const shop = await installedShop();
    await app.deps.engines.rules.store.save(shop, { ...SUMMER, dailyCap: 3 });
    const waiting = await generationOf(shop, await newProduct(shop, 'Dress 1', 'summer'));
    expect(waiting).toMatchObject({ state: 'paused', pausedBy: 'daily-cap' });
    expect(waiting!.reason).toBe(
      "Waiting: today's cap of 3 credits is below this rule's 5 per photo.",
    );
    expect(waiting!.action).toMatch(/at least 5 credits/);

    await app.deps.features.rules.setDailyCap(shop, 5);
    expect(await stateOf(shop, waiting!.productId)).toBe('queued');
  });

  it('says the cap is reached once a raised cap covers a photo but not today’s spend', async () => {
    const shop = await installedShop();
    await app.deps.engines.rules.store.save(shop, { ...SUMMER, dailyCap: 3 });
    await app.deps.engines.rules.store.save(shop, { ...WINTER, dailyCap: 3 });
    await newProduct(shop, 'Coat', 'winter');
    const dress = await newProduct(shop, 'Dress', 'summer');
    expect((await generationOf(shop, dress))!.reason).toMatch(/below this rule's 5 per photo/);

    // 5 covers a photo, but 2 of today's 5 are spent on the coat.
    await app.deps.features.rules.setDailyCap(shop, 5);
    expect(await generationOf(shop, dress)).toMatchObject({
      state: 'paused',
      reason: "Waiting: today's cap of 5 credits is reached; continues tomorrow.",
    });
  });
});
