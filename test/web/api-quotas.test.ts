/**
 * Per-shop quotas (docs/operations.md, Quotas per shop): a shop at its cap of generations not yet final, or of bulk
 * runs reading at once, gets a 429 that names the cap and what frees it, and nothing is made;
 * every other shop's click is still accepted; the cap frees as the shop's generations end.
 * Small caps, so a test reaches them with a few clicks (config quotas).
 */
import { describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  BulkRunView,
  GenerationPage,
  GenerationView,
  CandidateGroupView,
  ProductDetail,
} from '../../src/app-api/contract.ts';
import { seededProducts } from '../support/seeded-shop.ts';
import { apiHarness, type TestShop } from './support/api-harness.ts';

const PENDING_CAP = 2;
const harness = apiHarness({
  config: { quotas: { pendingPerShop: PENDING_CAP, bulkRunsPerShop: 1, variantValuesPerSet: 25 } },
});

async function productWithImages(shop: TestShop): Promise<ProductDetail> {
  const seeded = (await seededProducts(harness.app, shop.shop)).find((p) => p.mediaCount > 0)!;
  return (await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(seeded.id)}`)).body;
}

/** A click for `options` results: more than one always waits in review (a place held). */
function click(shop: TestShop, target: ProductDetail, options: number) {
  return shop.api<GenerationView & ApiErrorBody>('POST', '/generations', {
    productId: target.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a linen tablecloth',
    sourceMediaIds: [target.images[0]!.id],
    options,
  });
}

/** A shop whose cap is taken by one click of two results, both waiting in review. */
async function shopAtCap() {
  const shop = await harness.newShop();
  const target = await productWithImages(shop);
  const first = await click(shop, target, PENDING_CAP);
  expect(first.status).toBe(202);
  const group = (
    await shop.api<CandidateGroupView>('GET', `/option-groups/${first.body.optionGroup}`)
  ).body;
  for (const option of group.generations) await shop.waitFor(option.id, ['in_review']);
  return { shop, target, group };
}

describe('the cap of generations not yet final', () => {
  it('refuses a click past the cap with 429, naming the cap and what frees it', async () => {
    const { shop, target } = await shopAtCap();
    const { status, body } = await click(shop, target, 1);
    expect(status).toBe(429);
    expect(body.error).toBe('pending_generations_cap');
    expect(body.message).toContain(`already has ${PENDING_CAP} generations in progress`);
    expect(body.message).toContain('approve or reject the results waiting in Activity');
  });

  it('refuses a click past the cap before it reads anything from Shopify: 429 at once while Shopify is down', async () => {
    const { shop, target } = await shopAtCap();
    await harness.app.shopifyControl('POST', '/faults', { outage: { status: 502 } });
    try {
      const { status, body } = await click(shop, target, 1);
      expect(status).toBe(429);
      expect(body.error).toBe('pending_generations_cap');
    } finally {
      await harness.app.shopifyControl('POST', '/faults', { outage: null });
    }
  });

  it('makes none of a click’s results when they do not all fit', async () => {
    const shop = await harness.newShop();
    const target = await productWithImages(shop);
    expect((await click(shop, target, 1)).status).toBe(202);
    const { status } = await click(shop, target, PENDING_CAP);
    expect(status).toBe(429);
    const { body } = await shop.api<GenerationPage>('GET', '/generations');
    expect(body.total).toBe(1);
  });

  it('still accepts another shop’s click while one shop is at its cap', async () => {
    const { shop, target } = await shopAtCap();
    const other = await harness.newShop();
    const accepted = await click(other, await productWithImages(other), 1);
    expect(accepted.status).toBe(202);
    expect((await click(shop, target, 1)).status).toBe(429);
  });

  it('frees a place when a generation ends', async () => {
    const { shop, target, group } = await shopAtCap();
    const [chosen, other] = group.generations;
    const choice = await shop.api('POST', `/option-groups/${group.id}/choose`, {
      generationIds: [chosen!.id],
    });
    expect(choice.status).toBe(200);
    await shop.waitFor(other!.id, ['discarded']);
    await shop.waitFor(chosen!.id, ['published']);
    expect((await click(shop, target, 1)).status).toBe(202);
  });

  it('admits exactly the cap when clicks arrive together', async () => {
    const shop = await harness.newShop();
    const target = await productWithImages(shop);
    // Two results each: they wait in review, so no place frees itself during the test.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => click(shop, target, PENDING_CAP)),
    );
    expect(answers.map(({ status }) => status).sort()).toEqual([202, 429, 429, 429]);
    const { body } = await shop.api<GenerationPage>('GET', '/generations');
    expect(body.total).toBe(PENDING_CAP);
  });
});

/** A shop with a run still reading its products, as one of a large collection is for a while. */
async function shopReadingARun() {
  const shop = await harness.newShop();
  const ids = (await seededProducts(harness.app, shop.shop))
    .filter((product) => product.mediaCount > 0)
    .slice(0, 2)
    .map((product) => product.id);
  await harness.bulk.store.create({
    shop: shop.shop,
    title: 'Reading',
    target: { type: 'products', productIds: ids },
    kind: 'upscale',
    params: {},
    imagesPerProduct: 1,
    options: 1,
    productCount: 2,
    creditsPerProduct: 1,
    estimatedCredits: 2,
    creditBudget: null,
    includeDone: false,
    plannedNoImage: 0,
    plannedAlreadyDone: 0,
    eachVariant: null,
    plannedVariantSets: null,
  });
  return { shop, ids };
}

describe('the cap of bulk runs at once', () => {
  it('refuses a run past the cap before it reads anything from Shopify: 429 at once while Shopify is down', async () => {
    const { shop, ids } = await shopReadingARun();
    await harness.app.shopifyControl('POST', '/faults', { outage: { status: 502 } });
    try {
      const request = { target: { type: 'products', productIds: ids }, kind: 'upscale' };
      const { status, body } = await shop.api<ApiErrorBody>('POST', '/bulk-runs', request);
      expect(status).toBe(429);
      expect(body.error).toBe('bulk_runs_cap');
    } finally {
      await harness.app.shopifyControl('POST', '/faults', { outage: null });
    }
  });

  it('refuses a second run while one is still reading its products (429)', async () => {
    const { shop, ids } = await shopReadingARun();
    const request = { target: { type: 'products', productIds: ids }, kind: 'upscale' };
    const { status, body } = await shop.api<ApiErrorBody>('POST', '/bulk-runs', request);
    expect(status).toBe(429);
    expect(body.error).toBe('bulk_runs_cap');
    expect(body.message).toContain('already has 1 bulk runs running, its limit');

    const other = await harness.newShop();
    const otherIds = (await seededProducts(harness.app, other.shop))
      .filter((product) => product.mediaCount > 0)
      .slice(0, 1)
      .map((product) => product.id);
    const started = await other.api<BulkRunView>('POST', '/bulk-runs', {
      target: { type: 'products', productIds: otherIds },
      kind: 'upscale',
    });
    expect(started.status).toBe(202);
  });
});
