/**
 * The bulk-runs API routes, each with its happy path and its validation error. (Expansion,
 * budget, pause/resume/cancel behaviour: test/features/bulk-runs/.)
 */
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, BulkEstimate, BulkRunView } from '../../src/app-api/contract.ts';
import { apiHarness, type TestShop } from './support/api-harness.ts';
import { collectionId, seededProducts, waitForRun } from '../support/seeded-shop.ts';

const harness = apiHarness({ config: { limiter: { limit: 2, windowMs: 1_000 } } });

async function productsRequest(shop: TestShop, count: number, extra: Record<string, unknown> = {}) {
  const ids = (await seededProducts(harness.app, shop.shop))
    .filter((product) => product.mediaCount > 0)
    .slice(0, count)
    .map((product) => product.id);
  return { target: { type: 'products', productIds: ids }, kind: 'upscale', ...extra };
}

describe('POST /api/bulk-runs/estimate', () => {
  it('estimates a collection run before it starts', async () => {
    const shop = await harness.newShop();
    const id = await collectionId(harness.app, shop.shop, 'Best Sellers');
    const { status, body } = await shop.api<BulkEstimate>('POST', '/bulk-runs/estimate', {
      target: { type: 'collection', collectionId: id },
      kind: 'video',
      model: 'gemini-omni',
      prompt: 'Turntable',
      duration: 4,
    });
    expect(status).toBe(200);
    // Best Sellers holds 5 products without an image, which a video from images cannot use.
    expect(body).toMatchObject({
      productCount: 64,
      toProcess: 59,
      unprocessable: 5,
      alreadyDone: 0,
      checkedCount: 64,
      creditsPerProduct: 12,
      estimatedCredits: 59 * 12,
      problems: [],
    });
    expect(body.schedule?.requestsToFinish).toBe(59);
  });

  it('says why a run could not start', async () => {
    const shop = await harness.newShop();
    const { body } = await shop.api<BulkEstimate>(
      'POST',
      '/bulk-runs/estimate',
      await productsRequest(shop, 2, { kind: 'photo', model: 'nanobanana', imagesPerProduct: 0 }),
    );
    expect(body.problems).toEqual(['This model needs at least 1 image per product.']);
  });

  it('offers no options for an upscale: one deterministic result per product', async () => {
    const shop = await harness.newShop();
    const { body } = await shop.api<BulkEstimate>(
      'POST',
      '/bulk-runs/estimate',
      await productsRequest(shop, 2, { options: 2 }),
    );
    expect(body.problems).toEqual([
      'An upscale has one result: the same image each time, so there is nothing to choose among.',
    ]);
  });

  it('refuses a target without products', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<ApiErrorBody>('POST', '/bulk-runs/estimate', {
      target: { type: 'products', productIds: [] },
      kind: 'upscale',
    });
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty('target.productIds');
  });
});

describe('POST /api/bulk-runs and reading runs', () => {
  it('starts a run (202), lists it and reads it', async () => {
    const shop = await harness.newShop();
    const started = await shop.api<BulkRunView>(
      'POST',
      '/bulk-runs',
      await productsRequest(shop, 2),
    );
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      title: '2 selected products',
      kind: 'upscale',
      state: 'running',
      productCount: 2,
      estimatedCredits: 40,
      creditBudget: null,
    });

    const list = await shop.api<{ bulkRuns: BulkRunView[] }>('GET', '/bulk-runs');
    expect(list.body.bulkRuns.map((run) => run.id)).toEqual([started.body.id]);
    const done = await waitForRun(shop, started.body.id, (run) => run.state === 'completed');
    expect(done.counts).toMatchObject({ published: 2, failed: 0 });
  });

  it('refuses to start without a usable ProductAI key', async () => {
    const shop = await harness.newShop();
    await shop.api('DELETE', '/settings/api-key');
    const { status, body } = await shop.api<ApiErrorBody>(
      'POST',
      '/bulk-runs',
      await productsRequest(shop, 1),
    );
    expect(status).toBe(400);
    expect(body.error).toBe('api_key_missing');
  });

  it('answers 404 for a run that does not exist', async () => {
    const shop = await harness.newShop();
    expect((await shop.api('GET', '/bulk-runs/01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
    expect((await shop.api('POST', '/bulk-runs/01ARZ3NDEKTSV4RRFFQ69G5FAV/pause')).status).toBe(
      404,
    );
  });
});

describe('POST /api/bulk-runs/:id/pause | resume | cancel', () => {
  it('pauses, resumes and cancels a run; an action that no longer applies is a 409', async () => {
    const shop = await harness.newShop();
    const { body: run } = await shop.api<BulkRunView>(
      'POST',
      '/bulk-runs',
      await productsRequest(shop, 12),
    );

    const paused = await shop.api<BulkRunView>('POST', `/bulk-runs/${run.id}/pause`);
    expect(paused.body.state).toBe('paused');
    expect((await shop.api<ApiErrorBody>('POST', `/bulk-runs/${run.id}/pause`)).status).toBe(409);

    const resumed = await shop.api<BulkRunView>('POST', `/bulk-runs/${run.id}/resume`);
    expect(resumed.body.state).toBe('running');

    const cancelled = await shop.api<BulkRunView>('POST', `/bulk-runs/${run.id}/cancel`);
    expect(cancelled.body.state).toBe('cancelled');
    const again = await shop.api<ApiErrorBody>('POST', `/bulk-runs/${run.id}/resume`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This bulk run is cancelled, so it cannot be resumed.');
  });
});
