/**
 * A paid result is never paid again (src/pipeline/receive/resave-result.ts): Try again on a
 * generation that failed after ProductAI accepted its request saves that job's result again,
 * read afresh from ProductAI, with no new request and no credits; only a generation ProductAI
 * made nothing for, or the merchant's "Make a new one", sends a new request at its cost.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GenerationView, ProductDetail } from '../../../src/app-api/contract.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { emulatorProducts, productMedia } from '../../support/shop-media.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness();
});

async function firstProduct(shop: TestShop, index = 0): Promise<ProductDetail> {
  const products = await emulatorProducts(harness.app, shop.shop);
  return (await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(products[index]!)}`))
    .body;
}

async function photo(shop: TestShop, product: ProductDetail) {
  const created = await shop.api<GenerationView>('POST', '/generations', {
    productId: product.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On warm wood',
    sourceMediaIds: [product.images[0]!.id],
  });
  expect(created.status).toBe(202);
  return created.body;
}

/** The shop's ProductAI jobs as made and charged; the reads of them (a re-save reads its job again
 * for a fresh URL) are left out. */
async function jobsOf(shop: TestShop): Promise<{ id: number }[]> {
  const { jobs } = (await harness.productAiControl(
    'GET',
    `/jobs?key=${encodeURIComponent(shop.apiKey)}`,
  )) as { jobs: { id: number; reads?: unknown }[] };
  return jobs.map(({ reads: _reads, ...job }) => job);
}

/** A photo ProductAI made and charged, whose saving failed (Shopify's media ended FAILED). */
async function paidButNotSaved(shop: TestShop, index: number) {
  const product = await firstProduct(shop, index);
  await harness.app.shopifyControl('POST', '/faults', { mediaFailNext: 1 });
  const created = await photo(shop, product);
  const failed = await shop.waitFor(created.id, ['failed', 'published']);
  expect(failed.state).toBe('failed');
  expect(failed.productAiJobId).not.toBeNull();
  return { product, failed };
}

async function view(shop: TestShop, id: string): Promise<GenerationView> {
  return (await shop.api<GenerationView>('GET', `/generations/${id}`)).body;
}

describe('Try again on a result ProductAI made', () => {
  it('offers to save it again, with no new credits', async () => {
    const shop = await harness.newShop();
    const { failed } = await paidButNotSaved(shop, 1);

    expect((await view(shop, failed.id)).tryAgain).toBe('resave');
  });

  it('saves the same job’s result on the product, sending no request and costing nothing', async () => {
    const shop = await harness.newShop();
    const { product, failed } = await paidButNotSaved(shop, 3);
    const creditsBefore = await shop.credits();
    const jobsBefore = await jobsOf(shop);

    const retry = await shop.api<GenerationView>('POST', `/generations/${failed.id}/retry`);

    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({
      estimatedCredits: 0,
      productAiJobId: failed.productAiJobId,
    });
    const published = await shop.waitFor(retry.body.id, ['published', 'failed']);
    expect(published).toMatchObject({
      state: 'published',
      retryOf: failed.id,
      chargedCredits: 0,
      productAiJobId: failed.productAiJobId,
    });
    expect(await shop.credits()).toBe(creditsBefore);
    expect(await jobsOf(shop)).toEqual(jobsBefore);
    const media = await productMedia(harness.app, shop.shop, product.id);
    expect(media.map((item) => item.id)).toContain(published.mediaId);
  });

  it('saves it once when Try again is clicked twice at once', async () => {
    const shop = await harness.newShop();
    const { failed } = await paidButNotSaved(shop, 6);

    const clicks = await Promise.all([
      shop.api<GenerationView>('POST', `/generations/${failed.id}/retry`),
      shop.api<GenerationView>('POST', `/generations/${failed.id}/retry`),
    ]);

    expect(clicks.map((click) => click.status).sort()).toEqual([202, 409]);
    const [saved] = clicks.filter((click) => click.status === 202);
    expect((await shop.waitFor(saved!.body.id, ['published', 'failed'])).state).toBe('published');
  });

  it('makes a new one, a new request at its cost, when the merchant asks for it', async () => {
    const shop = await harness.newShop();
    const { failed } = await paidButNotSaved(shop, 7);
    const creditsBefore = await shop.credits();

    const retry = await shop.api<GenerationView>('POST', `/generations/${failed.id}/retry`, {
      mode: 'new',
    });

    expect(retry.status).toBe(202);
    expect(retry.body.estimatedCredits).toBe(3);
    const published = await shop.waitFor(retry.body.id, ['published', 'failed']);
    expect(published.state).toBe('published');
    expect(published.productAiJobId).not.toBe(failed.productAiJobId);
    expect(await shop.credits()).toBe(creditsBefore - 3);
  });
});

describe('Try again on a generation ProductAI made nothing for', () => {
  it('offers only a new one, and refuses to save a result there is none of', async () => {
    const shop = await harness.newShop();
    const product = await firstProduct(shop, 8);
    await harness.productAiControl('POST', '/faults', { failNextJob: 1 });
    const created = await photo(shop, product);
    const failed = await shop.waitFor(created.id, ['failed', 'published']);
    expect(failed.state).toBe('failed');

    expect((await view(shop, failed.id)).tryAgain).toBe('new');
    const resave = await shop.api<{ error: { code: string } }>(
      'POST',
      `/generations/${failed.id}/retry`,
      { mode: 'resave' },
    );
    expect(resave.status).toBe(409);
    const retry = await shop.api<GenerationView>('POST', `/generations/${failed.id}/retry`);
    expect(retry.status).toBe(202);
    expect(retry.body.estimatedCredits).toBe(3);
    // Settled before the next test asks Shopify for a media failure of its own.
    expect((await shop.waitFor(retry.body.id, ['published', 'failed'])).state).toBe('published');
  });

  it('refuses a mode it does not know with a 400', async () => {
    const shop = await harness.newShop();
    const { failed } = await paidButNotSaved(shop, 9);

    const retry = await shop.api('POST', `/generations/${failed.id}/retry`, { mode: 'twice' });

    expect(retry.status).toBe(400);
  });
});

describe('a re-save whose web process died before its adoption', () => {
  it('is adopted by the submit stage in its turn, never sent', async () => {
    const shop = await harness.newShop();
    const { failed } = await paidButNotSaved(shop, 10);
    const creditsBefore = await shop.credits();
    const jobsBefore = await jobsOf(shop);

    // What the web process had stored when it died: the new generation in line, naming the job.
    const inLine = await harness.pipeline.enqueueGeneration({
      shop: shop.shop,
      kind: failed.kind,
      productId: failed.productId,
      productTitle: failed.productTitle,
      productImageUrl: failed.productImageUrl,
      sourceMediaIds: failed.sourceMediaIds,
      sourceImageUrls: failed.sourceImageUrls,
      params: failed.params,
      estimatedCredits: 0,
      priority: 'interactive',
      retryOf: failed.id,
      productAiJobId: failed.productAiJobId,
      productAiAccount: failed.productAiAccount,
    });

    const published = await shop.waitFor(inLine.id, ['published', 'failed']);
    expect(published.state).toBe('published');
    expect(await shop.credits()).toBe(creditsBefore);
    expect(await jobsOf(shop)).toEqual(jobsBefore);
  });
});
