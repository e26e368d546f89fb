/**
 * Review at the scale of a bulk run: one decision over a selection or over a whole run, done on
 * the server with progress; and Activity's filtered reads (a run's results in one state) served
 * by an index, with their total.
 */
import { describe, expect, it } from 'vitest';
import type {
  BulkRunView,
  GenerationPage,
  GenerationView,
  ProductDetail,
  ReviewBatchView,
} from '../../src/app-api/contract.ts';
import { seededProducts, waitForRun } from '../support/seeded-shop.ts';
import { productMedia } from '../support/shop-media.ts';
import { notYet, until } from '../support/until.ts';
import { apiHarness, type TestShop } from './support/api-harness.ts';

const harness = apiHarness();

async function productsWithImages(shop: TestShop, count: number): Promise<string[]> {
  return (await seededProducts(harness.app, shop.shop))
    .filter((product) => product.mediaCount > 0)
    .slice(0, count)
    .map((product) => product.id);
}

async function reviewingShop(): Promise<TestShop> {
  const shop = await harness.newShop();
  await shop.api('PATCH', '/settings', { reviewMode: true });
  return shop;
}

async function photoInReview(shop: TestShop, productId: string): Promise<GenerationView> {
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
  await shop.waitFor(body.id, ['in_review']);
  return body;
}

/** Polls the batch's progress until it is done (or fails at the deadline with the last view). */
async function batchDone(shop: TestShop, id: string, deadlineMs = 20_000) {
  return until(
    `batch ${id} to be done`,
    async () => {
      const { body } = await shop.api<ReviewBatchView>('GET', `/review-batches/${id}`);
      return body.state === 'done' ? body : notYet(body);
    },
    { deadlineMs, intervalMs: 50 },
  );
}

async function startRunInReview(shop: TestShop, productIds: string[]): Promise<BulkRunView> {
  const { body: run } = await shop.api<BulkRunView>('POST', '/bulk-runs', {
    target: { type: 'products', productIds },
    kind: 'upscale',
  });
  return waitForRun(shop, run.id, (view) => view.counts.in_review === productIds.length);
}

describe('a decision over selected generations', () => {
  it('approves every selected result on the server and reports its progress', async () => {
    const shop = await reviewingShop();
    const selected = [];
    for (const productId of await productsWithImages(shop, 3)) {
      selected.push(await photoInReview(shop, productId));
    }
    const started = await shop.api<ReviewBatchView>('POST', '/review-batches', {
      action: 'approve',
      target: { type: 'generations', ids: selected.map((generation) => generation.id) },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ action: 'approve', total: 3 });

    expect(await batchDone(shop, started.body.id)).toMatchObject({
      done: 3,
      skipped: 0,
      failed: 0,
    });
    for (const generation of selected) {
      expect((await shop.waitFor(generation.id, ['published', 'failed'])).state).toBe('published');
    }
  });

  it('skips a result decided meanwhile instead of forcing it', async () => {
    const shop = await reviewingShop();
    const [first, second] = await productsWithImages(shop, 2);
    const rejected = await photoInReview(shop, first!);
    const waiting = await photoInReview(shop, second!);
    await shop.api('POST', `/generations/${rejected.id}/reject`);

    const { body } = await shop.api<ReviewBatchView>('POST', '/review-batches', {
      action: 'approve',
      target: { type: 'generations', ids: [rejected.id, waiting.id] },
    });
    expect(await batchDone(shop, body.id)).toMatchObject({ total: 2, done: 1, skipped: 1 });
    expect((await shop.waitFor(rejected.id, ['discarded'])).state).toBe('discarded');
  });
});

describe('a bulk run’s results', () => {
  it('lists one run’s results in one state, with the total, from the run’s state index', async () => {
    const shop = await reviewingShop();
    const run = await startRunInReview(shop, await productsWithImages(shop, 3));
    const { body } = await shop.api<GenerationPage>(
      'GET',
      `/generations?bulkRunId=${run.id}&state=in_review&limit=2`,
    );
    expect(body.generations).toHaveLength(2);
    expect(body.total).toBe(3);
    expect(body.generations.every((generation) => generation.state === 'in_review')).toBe(true);
    const rest = await shop.api<GenerationPage>(
      'GET',
      `/generations?bulkRunId=${run.id}&state=in_review&limit=2&cursor=${body.nextCursor}`,
    );
    expect(rest.body.generations).toHaveLength(1);
    expect(rest.body.nextCursor).toBeNull();
  });

  it('approves all of a run, then undoes all of it: the products end as they were', async () => {
    const shop = await reviewingShop();
    const productIds = await productsWithImages(shop, 4);
    const mediaBefore = await Promise.all(
      productIds.map((id) => productMedia(harness.app, shop.shop, id)),
    );
    const run = await startRunInReview(shop, productIds);

    const approve = await shop.api<ReviewBatchView>('POST', '/review-batches', {
      action: 'approve',
      target: { type: 'bulkRun', bulkRunId: run.id },
    });
    expect(approve.body.total).toBe(4);
    expect((await batchDone(shop, approve.body.id)).done).toBe(4);
    await waitForRun(shop, run.id, (view) => view.counts.published === 4);

    const undo = await shop.api<ReviewBatchView>('POST', '/review-batches', {
      action: 'undo',
      target: { type: 'bulkRun', bulkRunId: run.id },
    });
    expect(undo.body.total).toBe(4);
    expect(await batchDone(shop, undo.body.id)).toMatchObject({ done: 4, failed: 0 });
    const after = await waitForRun(shop, run.id, (view) => view.counts.discarded === 4);
    expect(after.counts.published).toBe(0);
    const mediaAfter = await Promise.all(
      productIds.map((id) => productMedia(harness.app, shop.shop, id)),
    );
    expect(mediaAfter).toEqual(mediaBefore);
  });

  it('answers at once with nothing to do when no result of the run is in that state', async () => {
    const shop = await reviewingShop();
    const run = await startRunInReview(shop, await productsWithImages(shop, 1));
    const { body } = await shop.api<ReviewBatchView>('POST', '/review-batches', {
      action: 'undo',
      target: { type: 'bulkRun', bulkRunId: run.id },
    });
    expect(body).toMatchObject({ state: 'done', total: 0 });
  });
});
