/**
 * Bulk runs end to end through the app's API: a collection run that completes with every
 * result on its product, progress counted by state, products without images skipped at no
 * cost, and a credit budget that is never exceeded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BulkEstimate, BulkRunView } from '../../../src/app-api/contract.ts';
import { startPublishHarness, type PublishHarness } from '../publish/support/harness.ts';
import { productMedia } from '../publish/support/shop.ts';
import { collectionId, seededProducts, waitForRun } from './support.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({ expansion: { pageSize: 3, window: 4 } });
});

const finished = (run: BulkRunView) => run.state === 'completed' || run.state === 'cancelled';

describe('a bulk run over a collection', () => {
  it('shows its estimate, then publishes a result on every product with an image', async () => {
    const shop = await harness.newShop();
    const footwear = await collectionId(harness.app, shop.shop, 'Footwear');
    const request = {
      target: { type: 'collection', collectionId: footwear },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'On a sunny porch',
    };
    const members = (await seededProducts(harness.app, shop.shop)).filter((product) =>
      product.collections.some((collection) => collection.id === footwear),
    );
    const withImages = members.filter((product) => product.mediaCount > 0);

    const estimate = await shop.api<BulkEstimate>('POST', '/bulk-runs/estimate', request);
    expect(estimate.body).toMatchObject({
      productCount: members.length,
      toProcess: withImages.length,
      unprocessable: members.length - withImages.length,
      alreadyDone: 0,
      checkedCount: members.length,
      creditsPerProduct: 3,
      estimatedCredits: withImages.length * 3,
      problems: [],
    });

    const started = await shop.api<BulkRunView>('POST', '/bulk-runs', request);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      title: 'Footwear',
      state: 'running',
      productCount: members.length,
    });

    const run = await waitForRun(shop, started.body.id, finished);
    expect(run.state).toBe('completed');
    expect(run.expandedCount).toBe(members.length);
    expect(run.counts.published).toBe(withImages.length);
    expect(run.counts.failed).toBe(members.length - withImages.length);
    expect(run.skippedUnprocessable).toBe(members.length - withImages.length);
    expect(run.creditsCommitted).toBe(withImages.length * 3);
    expect(await shop.credits()).toBe(100_000 - withImages.length * 3);
    for (const product of withImages) {
      const media = await productMedia(harness.app, shop.shop, product.id);
      expect(media).toHaveLength(product.mediaCount + 1);
    }
  });

  it('tells which products it skipped because they have no image, and charges nothing for them', async () => {
    const shop = await harness.newShop();
    const products = await seededProducts(harness.app, shop.shop);
    const imageless = products.filter((product) => product.mediaCount === 0).slice(0, 2);
    const withImage = products.find((product) => product.mediaCount > 0)!;
    const started = await shop.api<BulkRunView>('POST', '/bulk-runs', {
      target: { type: 'products', productIds: [...imageless, withImage].map((p) => p.id) },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'Studio',
    });

    const run = await waitForRun(shop, started.body.id, finished);

    expect(run).toMatchObject({ skippedUnprocessable: 2, creditsCommitted: 3 });
    expect(run.counts).toMatchObject({ failed: 2, published: 1 });
    const { body } = await shop.api<{ generations: { state: string; reason: string }[] }>(
      'GET',
      `/generations?bulkRunId=${run.id}&state=failed`,
    );
    expect(body.generations).toHaveLength(2);
    for (const generation of body.generations) {
      expect(generation.reason).toMatch(/has no images.*Nothing was charged/);
    }
  });

  it('refuses to start when no product can be made, and says why', async () => {
    const shop = await harness.newShop();
    const imageless = (await seededProducts(harness.app, shop.shop))
      .filter((product) => product.mediaCount === 0)
      .slice(0, 2);
    const request = {
      target: { type: 'products', productIds: imageless.map((product) => product.id) },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'Studio',
    };

    const estimate = await shop.api<BulkEstimate>('POST', '/bulk-runs/estimate', request);
    const refused = await shop.api<{ error: string }>('POST', '/bulk-runs', request);

    expect(estimate.body).toMatchObject({ unprocessable: 2, toProcess: 0, estimatedCredits: 0 });
    expect(estimate.body.problems).toEqual([
      'All 2 products lack the images these options need: there is nothing to make.',
    ]);
    expect(refused.status).toBe(400);
  });
});

describe('a bulk run with a credit budget', () => {
  it('stops before the budget would be exceeded and counts the products it skipped', async () => {
    const shop = await harness.newShop();
    const products = (await seededProducts(harness.app, shop.shop))
      .filter((product) => product.mediaCount > 0)
      .slice(0, 6);

    const started = await shop.api<BulkRunView>('POST', '/bulk-runs', {
      target: { type: 'products', productIds: products.map((product) => product.id) },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'On a beach',
      creditBudget: 10,
    });
    const run = await waitForRun(shop, started.body.id, finished);

    expect(run).toMatchObject({ state: 'completed', creditsCommitted: 9, skippedForBudget: 3 });
    expect(run.counts.published).toBe(3);
    expect(await shop.credits()).toBe(100_000 - 9);
  });

  it('refuses a budget that does not cover one product, before anything starts', async () => {
    const shop = await harness.newShop();
    const [product] = (await seededProducts(harness.app, shop.shop)).filter(
      (p) => p.mediaCount > 0,
    );
    const refused = await shop.api<{ error: string; fields: Record<string, string> }>(
      'POST',
      '/bulk-runs',
      {
        target: { type: 'products', productIds: [product!.id] },
        kind: 'photo',
        model: 'nanobanana2',
        prompt: 'x',
        creditBudget: 4,
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_bulk_run');
    expect(refused.body.fields.creditBudget).toMatch(/5 credits each/);
    expect((await shop.api<{ bulkRuns: unknown[] }>('GET', '/bulk-runs')).body.bulkRuns).toEqual(
      [],
    );
  });
});
