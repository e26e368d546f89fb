/**
 * Saving waits out a Shopify outage (src/pipeline/publish/shopify-outage.ts): while the Admin API
 * answers 502 or resets connections, a result being saved stays `saving`, says what it waits for,
 * and is saved once Shopify answers, long after the stage's own tries would have run out; past
 * the ceiling it fails with the reason (shopify-outage-ceiling.test.ts). The outage is the Shopify
 * emulator's (`outage` fault).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationView, ProductDetail } from '../../../src/app-api/contract.ts';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { productImage } from '../../support/product-images.ts';
import { FAST } from '../../support/pipeline-stack.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { emulatorProducts } from '../../support/shop-media.ts';
import { until } from '../../support/until.ts';

// More failed tries than the stage runtime's attempts: the old give-up point, passed.
const PAST_THE_TRIES = (FAST.stages?.attempts ?? 4) + 2;

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    config: {
      saving: { outageCeilingMs: 120_000, outageFirstDelayMs: 20, outageMaxDelayMs: 100 },
    },
    // The Admin client's own retries of a query, compressed (each stage try ends quickly).
    overrides: { adminRetry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 } },
  });
});

afterEach(async () => {
  await harness.app.shopifyControl('POST', '/faults', { outage: null });
});

async function firstProduct(shop: TestShop, index: number): Promise<ProductDetail> {
  const products = await emulatorProducts(harness.app, shop.shop);
  return (await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(products[index]!)}`))
    .body;
}

/** A generation with a result, handed to attach while Shopify is in the given outage. */
async function savingDuringOutage(outage: unknown, index: number) {
  const shop = await harness.newShop();
  const product = await firstProduct(shop, index);
  const png = await productImage('png', 300, 300);
  const resultUrl = harness.images.serve(`/${shop.shop}/outage-${index}.png`, png);
  const generation = await shop.savingGeneration(product, resultUrl, 'On a shelf');
  await harness.app.shopifyControl('POST', '/faults', { outage });
  await harness.pipeline.context.enqueue('attach', {
    shop: shop.shop,
    generationId: generation.id,
  });
  return { shop, product, generation };
}

async function record(shop: TestShop, id: string): Promise<Generation> {
  return (await harness.pipeline.generations.get(shop.shop, id))!;
}

/** Waits until the save stages met the outage `failures` times in a row. */
async function waitedThrough(shop: TestShop, id: string, failures: number): Promise<Generation> {
  await until(
    'the save to meet the outage again',
    async () => ((await record(shop, id)).waitingFor?.failures ?? 0) >= failures,
    { deadlineMs: 30_000 },
  );
  return record(shop, id);
}

describe('saving through a Shopify outage', () => {
  it('keeps a result saving through 502s, past the stage’s tries, and saves it once Shopify answers', async () => {
    const { shop, generation } = await savingDuringOutage({ status: 502 }, 1);

    const waiting = await waitedThrough(shop, generation.id, PAST_THE_TRIES);
    expect(waiting.state).toBe('saving');

    await harness.app.shopifyControl('POST', '/faults', { outage: null });
    const published = await shop.waitFor(generation.id, ['published', 'failed']);
    expect(published.state).toBe('published');
    const view = await shop.api<GenerationView>('GET', `/generations/${generation.id}`);
    expect(view.body).toMatchObject({ waitingFor: null, reason: null });
  });

  it('keeps a result saving while Shopify resets every connection, and saves it once it answers', async () => {
    const { shop, generation } = await savingDuringOutage({ reset: true }, 3);

    const waiting = await waitedThrough(shop, generation.id, PAST_THE_TRIES);
    expect(waiting.state).toBe('saving');

    await harness.app.shopifyControl('POST', '/faults', { outage: null });
    const published = await shop.waitFor(generation.id, ['published', 'failed']);
    expect(published.state).toBe('published');
  });

  it('says in the generation’s view what it waits for, and until when the app keeps trying', async () => {
    const { shop, generation } = await savingDuringOutage({ status: 503 }, 6);
    const waiting = await waitedThrough(shop, generation.id, 1);

    const view = await shop.api<GenerationView>('GET', `/generations/${generation.id}`);

    // The wait's start plus the ceiling (120 s here, 6 h in production), as the instant: each
    // client writes it on the shop's clock; the English kept for the logs names UTC.
    const givesUpAt = new Date(Date.parse(waiting.waitingFor!.since) + 120_000).toISOString();
    expect(view.body).toMatchObject({
      state: 'saving',
      waitingFor: 'shopify',
      reason: `Waiting for Shopify to come back — saved as soon as it answers. The app keeps trying until ${givesUpAt.slice(11, 16)} UTC.`,
      reasonText: { code: 'waiting_shopify_until', params: { time: { at: givesUpAt } } },
    });
  });

  it('says the same of a result waiting in its shop’s line behind the outage, until the same time', async () => {
    const { shop, product, generation } = await savingDuringOutage({ status: 502 }, 7);
    const waiting = await waitedThrough(shop, generation.id, 1);
    // The shop's next result to save, not tried yet: in line behind the one that met the outage.
    const inLine = await shop.savingGeneration(
      product,
      harness.images.serve(`/${shop.shop}/in-line.png`, await productImage('png', 300, 300)),
      'On a table',
    );

    const view = await shop.api<GenerationView>('GET', `/generations/${inLine.id}`);

    // The shop's outage began with the first one's wait: the app gives up on both together.
    const givesUpAt = new Date(Date.parse(waiting.waitingFor!.since) + 120_000).toISOString();
    expect(view.body).toMatchObject({
      state: 'saving',
      waitingFor: 'shopify',
      reasonText: { code: 'waiting_shopify_until', params: { time: { at: givesUpAt } } },
    });
  });
});
