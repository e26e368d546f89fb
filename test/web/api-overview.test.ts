/** GET /api/overview: connection state, work by state, recent results, credits by day and model. */
import { describe, expect, it } from 'vitest';
import type {
  GenerationView,
  OverviewView,
  ProductDetail,
  SetupGuideView,
} from '../../src/app-api/contract.ts';
import { apiHarness } from './support/api-harness.ts';
import { shopDay } from '../../src/app-api/shop-day.ts';
import { seededProducts } from '../support/seeded-shop.ts';
import { photoRequest } from '../support/generations.ts';

const harness = apiHarness();

describe('GET /api/overview', () => {
  it('is empty and says what to connect for a new shop', async () => {
    const shop = await harness.newShop();
    await shop.api('DELETE', '/settings/api-key');
    const { status, body } = await shop.api<OverviewView>('GET', '/overview');
    expect(status).toBe(200);
    expect(body.connection.apiKeyState).toBe('missing');
    expect(body.recent).toEqual([]);
    expect(body.creditsByDay).toEqual([]);
    expect(Object.values(body.active).every((count) => count === 0)).toBe(true);
  });

  it('counts credits spent by day and by model, and shows recent results', async () => {
    const shop = await harness.newShop();
    const [seeded] = (await seededProducts(harness.app, shop.shop)).filter((p) => p.mediaCount > 0);
    const product = (
      await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(seeded!.id)}`)
    ).body;
    const ids: string[] = [];
    for (const request of [
      { kind: 'photo', model: 'nanobanana', prompt: 'One' },
      { kind: 'photo', model: 'nanobanana2', prompt: 'Two' },
      { kind: 'upscale' },
    ]) {
      const { body } = await shop.api<GenerationView>('POST', '/generations', {
        productId: product.id,
        sourceMediaIds: [product.images[0]!.id],
        ...request,
      });
      ids.push(body.id);
    }
    for (const id of ids) await shop.waitFor(id, ['published']);

    const { body } = await shop.api<OverviewView>('GET', '/overview');

    expect(body.connection.apiKeyState).toBe('valid');
    expect(body.connection.webhookConnectedAt).not.toBeNull();
    expect(body.active.published).toBe(3);
    expect(body.recent.map((generation) => generation.id)).toEqual([...ids].reverse());
    expect(body.creditsByDay).toEqual([
      { day: shopDay(Date.now(), await harness.app.deps.timeZones.of(shop.shop)), credits: 28 },
    ]);
    expect(body.creditsByModel).toEqual([
      { model: 'upscale', credits: 20 },
      { model: 'nanobanana2', credits: 5 },
      { model: 'nanobanana', credits: 3 },
    ]);
  });
});

describe('the Overview’s recent results', () => {
  // A cancelled bulk run's work must not fill the card with rows reading "No result yet".
  it('shows the newest results before newer work that has none', async () => {
    const shop = await harness.newShop();
    const [seeded] = (await seededProducts(harness.app, shop.shop)).filter((p) => p.mediaCount > 0);
    const product = (
      await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(seeded!.id)}`)
    ).body;
    const { body: made } = await shop.api<GenerationView>('POST', '/generations', {
      productId: product.id,
      sourceMediaIds: [product.images[0]!.id],
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'On a marble counter',
    });
    await shop.waitFor(made.id, ['published']);
    const store = harness.pipeline.generations;
    const cancelled: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const { id } = await store.create(photoRequest(shop.shop, { bulkRunId: 'run1' }));
      await store.transition(shop.shop, id, { from: ['queued'], to: 'cancelled' });
      cancelled.push(id);
    }

    const { body } = await shop.api<OverviewView>('GET', '/overview');

    expect(body.recent.map((generation) => generation.id)).toEqual([
      ...cancelled.slice(1).reverse(),
      made.id,
    ]);
  });
});

describe('POST /api/setup-guide/dismiss', () => {
  it('keeps the guide dismissed for the shop, whatever browser asks next, and no other shop', async () => {
    const shop = await harness.newShop();
    const other = await harness.newShop();
    expect((await shop.api<OverviewView>('GET', '/overview')).body.setupGuide).toEqual({
      dismissedAt: null,
    });

    const first = await shop.api<SetupGuideView>('POST', '/setup-guide/dismiss');
    expect(first.status).toBe(200);
    expect(Date.parse(first.body.dismissedAt!)).not.toBeNaN();
    // A second tab dismissing it again changes nothing: the first time stays.
    const again = await shop.api<SetupGuideView>('POST', '/setup-guide/dismiss');
    expect(again.body).toEqual(first.body);

    expect((await shop.api<OverviewView>('GET', '/overview')).body.setupGuide).toEqual(first.body);
    expect((await other.api<OverviewView>('GET', '/overview')).body.setupGuide).toEqual({
      dismissedAt: null,
    });
  });
});
