/**
 * A bulk run of "one per colour", end to end through the app's API, the workers and
 * both emulators: each product whose colour variants have their own images gets one result per
 * colour, on that colour's variants; a product without such variants gets its usual single
 * result, and the run says so; the estimate and the budget count per colour.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BulkEstimate, BulkRunView, GenerationPage } from '../../../src/app-api/contract.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { seededProducts, waitForRun } from '../../support/seeded-shop.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    colourProducts: true,
    expansion: { pageSize: 2, window: 10 },
  });
});

/** The Colourway Mug (3 colours, each with its image) and a catalogue product with one variant. */
async function mugAndPlain(shop: TestShop) {
  const all = await seededProducts(harness.app, shop.shop);
  const mug = all.find((product) => product.title === 'Colourway Mug')!;
  const plain = all.find((product) => product.mediaCount > 0 && product.id !== mug.id)!;
  return { mug, plain };
}

const runOf = (productIds: string[], extra: Record<string, unknown> = {}) => ({
  target: { type: 'products', productIds },
  kind: 'photo',
  model: 'nanobanana',
  prompt: 'On a marble counter in morning light',
  eachVariant: {},
  ...extra,
});

const finished = (run: BulkRunView) => run.state === 'completed' || run.state === 'cancelled';

describe('a bulk run of one per colour', () => {
  it('estimates per colour: 3 colours and one plain product are 4 results', async () => {
    const shop = await harness.newShop();
    const { mug, plain } = await mugAndPlain(shop);

    const { body } = await shop.api<BulkEstimate>(
      'POST',
      '/bulk-runs/estimate',
      runOf([mug.id, plain.id]),
    );
    expect(body.problems).toEqual([]);
    expect(body.variantSets).toEqual({ option: null, products: 1, results: 3, single: 1 });
    expect(body.toProcess).toBe(2);
    expect(body.outcome.requests).toBe(4);
    expect(body.estimatedCredits).toBe(4 * body.creditsPerProduct);
  });

  it('makes 3 + 1 results, each colour’s on its own variant, the plain product’s on the product', async () => {
    const shop = await harness.newShop();
    const { mug, plain } = await mugAndPlain(shop);
    const started = await shop.api<BulkRunView>('POST', '/bulk-runs', runOf([mug.id, plain.id]));
    expect(started.status).toBe(202);

    const run = await waitForRun(shop, started.body.id, finished, 60_000);
    expect(run.state).toBe('completed');
    expect(run.counts.published).toBe(4);
    expect(run.variantSets).toEqual({ option: null, products: 1, results: 3, single: 1 });
    expect(run.creditsCommitted).toBe(4 * 3);
    expect(await shop.credits()).toBe(100_000 - 4 * 3);

    const page = await shop.api<GenerationPage>('GET', `/generations?bulkRunId=${run.id}`);
    const ofMug = page.body.generations.filter((generation) => generation.product.id === mug.id);
    expect(ofMug.map((generation) => generation.variant?.value).sort()).toEqual([
      'Ocean',
      'Sage',
      'Terracotta',
    ]);
    expect(new Set(ofMug.map((generation) => generation.variant!.setId)).size).toBe(1);
    const ofPlain = page.body.generations.filter(
      (generation) => generation.product.id === plain.id,
    );
    expect(ofPlain).toHaveLength(1);
    expect(ofPlain[0]!.variant ?? null).toBe(null);

    const after = (await seededProducts(harness.app, shop.shop)).find(
      (product) => product.id === mug.id,
    )!;
    for (const variant of after.variants) {
      const made = ofMug.find((generation) => generation.variant!.value === variant.title)!;
      expect(variant.mediaId).toBe(made.result!.fileId);
    }
  });

  it('counts the budget per colour: a budget of 3 results leaves the 3-colour mug out when the plain product came first', async () => {
    const shop = await harness.newShop();
    const { mug, plain } = await mugAndPlain(shop);
    const request = runOf([plain.id, mug.id], { creditBudget: 3 * 3 });

    const started = await shop.api<BulkRunView>('POST', '/bulk-runs', request);
    expect(started.status).toBe(202);
    const run = await waitForRun(shop, started.body.id, finished, 60_000);
    expect(run.counts.published).toBe(1);
    expect(run.skippedForBudget).toBe(1);
    expect(run.creditsCommitted).toBe(3);
    expect(run.outcome).toMatchObject({ toMake: 1, credits: 3, requests: 1 });
  });

  it('refuses to start one per colour with several options per product, saying why', async () => {
    const shop = await harness.newShop();
    const { mug } = await mugAndPlain(shop);
    const several = await shop.api<unknown>('POST', '/bulk-runs', runOf([mug.id], { options: 2 }));
    expect(several.status).toBe(400);
    expect(JSON.stringify(several.body)).toContain('ask for one option');
  });
});
