/**
 * Bulk runs end to end through the app's API: a collection run that completes with every
 * result on its product, progress counted by state, products without images skipped at no
 * cost, a credit budget that is never exceeded, and options to choose among per product.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  BulkEstimate,
  BulkRunView,
  GenerationPage,
  CandidateGroupView,
} from '../../../src/app-api/contract.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { productMedia } from '../../support/shop-media.ts';
import { collectionId, seededProducts, waitForRun } from '../../support/seeded-shop.ts';

// Its runs' waits bound only a failure (waitForRun, 120 s): the tests' bound is above them.
vi.setConfig({ testTimeout: 240_000 });

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
    expect(run.counts.failed).toBe(0);
    expect(run.skippedUnprocessable).toBe(members.length - withImages.length);
    expect(run.outcome).toEqual(estimate.body.outcome);
    expect(run.creditsCommitted).toBe(withImages.length * 3);
    expect(await shop.credits()).toBe(100_000 - withImages.length * 3);
    for (const product of withImages) {
      const media = await productMedia(harness.app, shop.shop, product.id);
      expect(media).toHaveLength(product.mediaCount + 1);
    }
  });

  it('skips the products without an image, with no failed generation to retry, and charges nothing for them', async () => {
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
    expect(run.outcome.skipped).toMatchObject({ noImage: 2, total: 2 });
    expect(run.counts).toMatchObject({ failed: 0, published: 1 });
    const { body } = await shop.api<GenerationPage>('GET', `/generations?bulkRunId=${run.id}`);
    expect(body.generations.map((generation) => generation.product.id)).toEqual([withImage.id]);
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

describe('a bulk run over products one of which is gone', () => {
  it('skips it as its estimate does, so the finished run reads as the estimate', async () => {
    const shop = await harness.newShop();
    const product = (await seededProducts(harness.app, shop.shop)).find((p) => p.mediaCount > 0)!;
    // A product deleted since it was chosen reads as nothing, like this id.
    const request = {
      target: { type: 'products', productIds: [product.id, 'gid://shopify/Product/999999999'] },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'Studio',
    };
    const estimate = await shop.api<BulkEstimate>('POST', '/bulk-runs/estimate', request);
    expect(estimate.body.outcome).toMatchObject({ toMake: 1, skipped: { noImage: 1 } });

    const started = await shop.api<BulkRunView>('POST', '/bulk-runs', request);
    const run = await waitForRun(shop, started.body.id, finished);

    expect(run.outcome).toEqual(estimate.body.outcome);
    expect(run).toMatchObject({ state: 'completed', skippedUnprocessable: 1 });
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

  it('makes, skips and charges what its estimate said, each skipped product for its own reason', async () => {
    // Counting every product after the budget ran out as over budget, images or not, has the
    // estimate say "5 without an image, 29 over budget" where the finished run says 3 and 31.
    const shop = await harness.newShop();
    const seeded = await seededProducts(harness.app, shop.shop);
    const withImages = seeded.filter((product) => product.mediaCount > 0).slice(0, 5);
    const imageless = seeded.filter((product) => product.mediaCount === 0).slice(0, 2);
    // Images first, then the imageless ones: they come after the budget runs out.
    const productIds = [...withImages, ...imageless].map((product) => product.id);
    const request = {
      target: { type: 'products', productIds },
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'On a beach',
      creditBudget: 7,
    };

    const estimate = await shop.api<BulkEstimate>('POST', '/bulk-runs/estimate', request);
    expect(estimate.body).toMatchObject({ toProcess: 2, estimatedCredits: 6 });
    expect(estimate.body.outcome).toEqual({
      productCount: 7,
      toMake: 2,
      skipped: { noImage: 2, alreadyDone: 0, overBudget: 3, total: 5 },
      credits: 6,
      requests: 2,
    });
    expect(estimate.body.schedule?.requestsToFinish).toBe(2);

    const started = await shop.api<BulkRunView>('POST', '/bulk-runs', request);
    expect(started.body.outcome).toEqual(estimate.body.outcome);
    const run = await waitForRun(shop, started.body.id, finished);

    expect(run.outcome).toEqual(estimate.body.outcome);
    expect(run).toMatchObject({
      state: 'completed',
      estimatedCredits: 6,
      creditsCommitted: 6,
      skippedUnprocessable: 2,
      skippedForBudget: 3,
    });
    expect(run.counts).toMatchObject({ published: 2, failed: 0 });
    expect(await shop.credits()).toBe(100_000 - 6);
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

describe('a bulk run with options per product', () => {
  const withOptions = (productIds: string[], more: Record<string, unknown> = {}) => ({
    target: { type: 'products', productIds },
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On linen',
    options: 3,
    ...more,
  });
  const runGenerations = async (shop: TestShop, runId: string) =>
    (await shop.api<GenerationPage>('GET', `/generations?bulkRunId=${runId}&limit=50`)).body
      .generations;

  it('estimates every option of every product: credits and requests', async () => {
    const shop = await harness.newShop();
    const products = (await seededProducts(harness.app, shop.shop))
      .filter((product) => product.mediaCount > 0)
      .slice(0, 4);
    const { body } = await shop.api<BulkEstimate>(
      'POST',
      '/bulk-runs/estimate',
      withOptions(products.map((product) => product.id)),
    );
    expect(body).toMatchObject({ toProcess: 4, options: 3, creditsPerProduct: 9 });
    expect(body.estimatedCredits).toBe(36);
    expect(body.schedule?.requestsToFinish).toBe(12);
  });

  it('makes each product’s options in one group, waiting for review, and charges each', async () => {
    const shop = await harness.newShop();
    const seeded = await seededProducts(harness.app, shop.shop);
    const withImages = seeded.filter((product) => product.mediaCount > 0).slice(0, 2);
    const imageless = seeded.find((product) => product.mediaCount === 0)!;
    const productIds = [...withImages, imageless].map((product) => product.id);
    const started = await shop.api<BulkRunView>('POST', '/bulk-runs', withOptions(productIds));

    const run = await waitForRun(
      shop,
      started.body.id,
      (view) => view.counts.in_review === 6 && view.skippedUnprocessable === 1,
    );
    expect(run).toMatchObject({ options: 3, productCount: 3, creditsCommitted: 2 * 9 });
    expect(run.counts).toMatchObject({ failed: 0, published: 0 });
    expect(run.outcome).toMatchObject({ toMake: 2, requests: 6, credits: 18 });
    const generations = await runGenerations(shop, run.id);
    for (const product of withImages) {
      const options = generations.filter((generation) => generation.product.id === product.id);
      expect(options).toHaveLength(3);
      expect(new Set(options.map((option) => option.optionGroup)).size).toBe(1);
      expect(options[0]!.optionGroup).not.toBeNull();
      expect(await productMedia(harness.app, shop.shop, product.id)).toHaveLength(
        product.mediaCount,
      );
    }
    expect(await shop.credits()).toBe(100_000 - 2 * 9);
  });

  it('publishes the option chosen for a product and discards its others', async () => {
    const shop = await harness.newShop();
    const product = (await seededProducts(harness.app, shop.shop)).find((p) => p.mediaCount > 0)!;
    const started = await shop.api<BulkRunView>('POST', '/bulk-runs', withOptions([product.id]));
    await waitForRun(shop, started.body.id, (view) => view.counts.in_review === 3);
    const [chosen, ...others] = await runGenerations(shop, started.body.id);

    const { body } = await shop.api<CandidateGroupView>(
      'POST',
      `/option-groups/${chosen!.optionGroup}/choose`,
      { generationIds: [chosen!.id] },
    );
    expect(
      body.generations
        .filter((g) => g.state === 'discarded')
        .map((g) => g.id)
        .sort(),
    ).toEqual(others.map((g) => g.id).sort());
    const published = await shop.waitFor(chosen!.id, ['published', 'failed']);
    expect(published.state).toBe('published');
    const media = await productMedia(harness.app, shop.shop, product.id);
    expect(media).toHaveLength(product.mediaCount + 1);
    expect(media.map((item) => item.id)).toContain(published.fileId);
  });

  it('counts every option against the budget: a product whose options do not fit is skipped', async () => {
    const shop = await harness.newShop();
    const products = (await seededProducts(harness.app, shop.shop))
      .filter((product) => product.mediaCount > 0)
      .slice(0, 3);
    const started = await shop.api<BulkRunView>(
      'POST',
      '/bulk-runs',
      withOptions(
        products.map((product) => product.id),
        { options: 2, creditBudget: 13 },
      ),
    );
    const run = await waitForRun(
      shop,
      started.body.id,
      (view) => view.counts.in_review === 4 && view.skippedForBudget === 1,
    );
    expect(run).toMatchObject({ creditsCommitted: 12, skippedForBudget: 1 });
  });
});
