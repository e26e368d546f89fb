/**
 * A rule of "one per colour": a new product whose colour variants have their own
 * images gets one photo per colour, each for its variants, and the daily cap counts each colour
 * on its own; a product without such variants gets the rule's usual photo.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SaveRuleRequest } from '../../../src/app-api/rules.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { productTitled } from '../../support/seeded-shop.ts';
import { SUMMER_RULE } from '../../support/summer-rule.ts';
import { until } from '../../support/until.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ emulator: { colourProducts: true } });
}, 30_000);

async function installedShop(): Promise<string> {
  const shop = app.newShop();
  expect((await app.call('/api/settings', { shop })).status).toBe(200);
  return shop;
}

/** Every new product, one photo per colour. */
const PER_COLOUR: SaveRuleRequest = {
  ...SUMMER_RULE,
  name: 'Every colour',
  match: { collections: [], tags: [], productTypes: [], vendors: [] },
  eachVariant: {},
};

const idOf = async (shop: string, title: string) => (await productTitled(app, shop, title)).id;

/** Shopify tells the app the product was created (the seeded ones were there before). */
async function created(shop: string, productId: string) {
  await app.shopifyControl('POST', '/webhooks', {
    shop,
    topic: 'products/create',
    payload: { admin_graphql_api_id: productId },
  });
}

async function generationsOf(shop: string, productId: string) {
  return (await app.deps.pipeline.generations.list(shop, { productId })).generations;
}

describe('a rule of one photo per colour', () => {
  it('makes one photo per colour of a new product, each for its variants, once however often Shopify tells', async () => {
    const shop = await installedShop();
    const rule = await app.deps.engines.rules.store.save(shop, PER_COLOUR);
    const mug = await idOf(shop, 'Colourway Mug');
    await created(shop, mug);
    await until(
      "the mug's three photos",
      async () => (await generationsOf(shop, mug)).length === 3,
    );
    await created(shop, mug);

    const generations = await generationsOf(shop, mug);
    expect(generations).toHaveLength(3);
    expect(generations.map((generation) => generation.variant?.value).sort()).toEqual([
      'Ocean',
      'Sage',
      'Terracotta',
    ]);
    expect(new Set(generations.map((generation) => generation.variant!.setId)).size).toBe(1);
    expect(generations.every((generation) => generation.origin?.id === rule.id)).toBe(true);
  });

  it('counts the daily cap per colour: a cap of two photos admits two colours and parks the third', async () => {
    const shop = await installedShop();
    // nanobanana2 at 2K costs 5 credits a photo (src/productai/catalogue.ts).
    await app.deps.engines.rules.store.save(shop, { ...PER_COLOUR, dailyCap: 10 });
    const mug = await idOf(shop, 'Colourway Mug');
    await created(shop, mug);
    await until('a colour paused by the cap', async () =>
      (await generationsOf(shop, mug)).some((generation) => generation.state === 'paused'),
    );

    const generations = await generationsOf(shop, mug);
    expect(generations.map((generation) => generation.estimatedCredits)).toEqual([5, 5, 5]);
    const parked = generations.filter((generation) => generation.pausedBy === 'daily-cap');
    expect(parked).toHaveLength(1);
    expect(parked[0]!.reason).toBe(
      "Waiting: today's cap of 10 credits is reached; continues tomorrow.",
    );
  });

  it('gives a product without colour variants its usual single photo', async () => {
    const shop = await installedShop();
    await app.deps.engines.rules.store.save(shop, PER_COLOUR);
    const { product } = (await app.shopifyControl('POST', `/shops/${shop}/products`, {
      title: 'Plain tote',
      images: 1,
    })) as { product: { id: string } };
    await until(
      "the product's one photo",
      async () => (await generationsOf(shop, product.id)).length === 1,
    );
    const [generation] = await generationsOf(shop, product.id);
    expect(generation!.variant ?? null).toBe(null);
  });

  it('refuses to save one per colour for a video, naming the field', async () => {
    const shop = await installedShop();
    const response = await app.call('/api/rules', {
      shop,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...PER_COLOUR, kind: 'video', params: { prompt: 'Turning slowly' } }),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(
      'One result per variant is made for photos only.',
    );
  });
});
