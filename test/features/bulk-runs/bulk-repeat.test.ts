/**
 * Running the same bulk run twice: the second run (and its estimate) skips the products that
 * already carry a result of this app made with the same options, unless the merchant asks to make
 * them again; a result undone since counts as not made.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BulkEstimate, BulkRunView } from '../../../src/app-api/contract.ts';
import { startPublishHarness, type PublishHarness } from '../../support/publish-stack.ts';
import { productMedia } from '../../support/shop-media.ts';
import { seededProducts, waitForRun } from '../../support/seeded-shop.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({ expansion: { pageSize: 2, window: 4 } });
});

const completed = (run: BulkRunView) => run.state === 'completed';

async function threeProductsWithImages(shop: string) {
  return (await seededProducts(harness.app, shop))
    .filter((product) => product.mediaCount > 0)
    .slice(0, 3);
}

describe('running the same bulk run twice', () => {
  it('skips the products already done with the same options, in the estimate and the run', async () => {
    const shop = await harness.newShop();
    const products = await threeProductsWithImages(shop.shop);
    const request = {
      target: { type: 'products', productIds: products.map((product) => product.id) },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'On a marble table',
    };
    const first = await shop.api<BulkRunView>('POST', '/bulk-runs', request);
    await waitForRun(shop, first.body.id, completed);

    const estimate = await shop.api<BulkEstimate>('POST', '/bulk-runs/estimate', request);
    expect(estimate.body).toMatchObject({ productCount: 3, alreadyDone: 3, toProcess: 0 });
    expect(estimate.body.estimatedCredits).toBe(0);
    expect(estimate.body.problems[0]).toMatch(/already have a result made with these options/);

    const refused = await shop.api<{ error: string }>('POST', '/bulk-runs', request);
    expect(refused.status).toBe(400);
    for (const product of products) {
      expect(await productMedia(harness.app, shop.shop, product.id)).toHaveLength(
        product.mediaCount + 1,
      );
    }
  });

  it('makes them again when asked to include them', async () => {
    const shop = await harness.newShop();
    const products = await threeProductsWithImages(shop.shop);
    const request = {
      target: { type: 'products', productIds: products.map((product) => product.id) },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'In a forest',
    };
    await waitForRun(
      shop,
      (await shop.api<BulkRunView>('POST', '/bulk-runs', request)).body.id,
      completed,
    );

    const again = { ...request, includeDone: true };
    const estimate = await shop.api<BulkEstimate>('POST', '/bulk-runs/estimate', again);
    expect(estimate.body).toMatchObject({ alreadyDone: 3, toProcess: 3, estimatedCredits: 9 });
    const run = await waitForRun(
      shop,
      (await shop.api<BulkRunView>('POST', '/bulk-runs', again)).body.id,
      completed,
    );
    expect(run).toMatchObject({ skippedDone: 0, includeDone: true });
    expect(run.counts.published).toBe(3);
  });

  it('counts other options as not done, and skips only the products done with these', async () => {
    const shop = await harness.newShop();
    const products = await threeProductsWithImages(shop.shop);
    const base = { kind: 'photo', model: 'nanobanana', prompt: 'On a beach' };
    const [firstProduct] = products;
    await waitForRun(
      shop,
      (
        await shop.api<BulkRunView>('POST', '/bulk-runs', {
          ...base,
          target: { type: 'products', productIds: [firstProduct!.id] },
        })
      ).body.id,
      completed,
    );
    const everyProduct = { type: 'products', productIds: products.map((product) => product.id) };

    const otherPrompt = await shop.api<BulkEstimate>('POST', '/bulk-runs/estimate', {
      ...base,
      prompt: 'On a beach at night',
      target: everyProduct,
    });
    expect(otherPrompt.body).toMatchObject({ alreadyDone: 0, toProcess: 3 });

    const run = await waitForRun(
      shop,
      (await shop.api<BulkRunView>('POST', '/bulk-runs', { ...base, target: everyProduct })).body
        .id,
      completed,
    );
    expect(run).toMatchObject({ skippedDone: 1, creditsCommitted: 6 });
    expect(run.counts.published).toBe(2);
  });

  it('makes a product again once its result was undone', async () => {
    const shop = await harness.newShop();
    const [product] = await threeProductsWithImages(shop.shop);
    const request = {
      target: { type: 'products', productIds: [product!.id] },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'On snow',
    };
    const first = await waitForRun(
      shop,
      (await shop.api<BulkRunView>('POST', '/bulk-runs', request)).body.id,
      completed,
    );
    const { body } = await shop.api<{ generations: { id: string }[] }>(
      'GET',
      `/generations?bulkRunId=${first.id}`,
    );
    expect((await shop.api('POST', `/generations/${body.generations[0]!.id}/undo`)).status).toBe(
      200,
    );

    const estimate = await shop.api<BulkEstimate>('POST', '/bulk-runs/estimate', request);
    expect(estimate.body).toMatchObject({ alreadyDone: 0, toProcess: 1 });
  });
});
