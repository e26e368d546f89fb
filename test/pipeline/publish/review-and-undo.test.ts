/**
 * What the merchant does with results, and what Shopify does to them: review mode (approve
 * links, reject deletes from Files), undo (unlinks, keeps the file, restores the previous
 * featured image), media FAILED (surfaced in the merchant's words), Make a new one (a new
 * submission with its cost; saving a paid result again is resave.test.ts), and a result over Shopify's image limits (downscaled before upload).
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GenerationView, ProductDetail } from '../../../src/app-api/contract.ts';
import { SHOPIFY_IMAGE_LIMITS } from '../../../src/pipeline/publish/index.ts';
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

async function photo(shop: TestShop, product: ProductDetail, prompt = 'On warm wood') {
  const created = await shop.api<GenerationView>('POST', '/generations', {
    productId: product.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt,
    sourceMediaIds: [product.images[0]!.id],
  });
  expect(created.status).toBe(202);
  return created.body;
}

async function shopFiles(
  shop: string,
): Promise<{ id: string; status: string; references: string[] }[]> {
  return (
    (await harness.app.shopifyControl('GET', `/shops/${shop}/files`)) as {
      files: { id: string; status: string; references: string[] }[];
    }
  ).files;
}

describe('review mode', () => {
  it('keeps the result in Files, off the product, until it is approved; approving links it', async () => {
    const shop = await harness.newShop();
    await shop.api('PATCH', '/settings', { reviewMode: true });
    const product = await firstProduct(shop, 1);
    const mediaBefore = await productMedia(harness.app, shop.shop, product.id);

    const created = await photo(shop, product);
    const inReview = await shop.waitFor(created.id, ['in_review', 'failed']);
    expect(inReview.state).toBe('in_review');
    const file = (await shopFiles(shop.shop)).find((item) => item.id === inReview.fileId);
    expect(file).toMatchObject({ status: 'READY', references: [] });
    expect(await productMedia(harness.app, shop.shop, product.id)).toEqual(mediaBefore);

    const approved = await shop.api<GenerationView>('POST', `/generations/${created.id}/approve`);
    expect(approved.status).toBe(200);
    const published = await shop.waitFor(created.id, ['published', 'failed']);
    expect(published.state).toBe('published');
    const media = await productMedia(harness.app, shop.shop, product.id);
    expect(media.map((item) => item.id)).toEqual([
      ...mediaBefore.map((item) => item.id),
      inReview.fileId,
    ]);
  });

  it('deletes a rejected result from Files and never links it', async () => {
    const shop = await harness.newShop();
    await shop.api('PATCH', '/settings', { reviewMode: true });
    const product = await firstProduct(shop, 3);
    const mediaBefore = await productMedia(harness.app, shop.shop, product.id);
    const created = await photo(shop, product);
    const inReview = await shop.waitFor(created.id, ['in_review', 'failed']);

    const rejected = await shop.api<GenerationView>('POST', `/generations/${created.id}/reject`);

    expect(rejected.body.state).toBe('discarded');
    expect((await shopFiles(shop.shop)).map((file) => file.id)).not.toContain(inReview.fileId);
    expect(await productMedia(harness.app, shop.shop, product.id)).toEqual(mediaBefore);
  });

  it('refuses to approve a result that is not waiting for review', async () => {
    const shop = await harness.newShop();
    const product = await firstProduct(shop, 4);
    const created = await photo(shop, product);
    await shop.waitFor(created.id, ['published']);

    const approve = await shop.api<{ error: string; message: string }>(
      'POST',
      `/generations/${created.id}/approve`,
    );

    expect(approve.status).toBe(409);
    expect(approve.body).toMatchObject({ error: 'invalid_state' });
    expect(approve.body.message).toMatch(/published/);
  });
});

describe('undo', () => {
  it('unlinks a published result, keeps it in Files and restores the featured image it replaced', async () => {
    const shop = await harness.newShop();
    await shop.api('PATCH', '/settings', { mediaPosition: 'featured' });
    const product = await firstProduct(shop, 5);
    const mediaBefore = await productMedia(harness.app, shop.shop, product.id);
    const created = await photo(shop, product);
    const published = await shop.waitFor(created.id, ['published']);
    await expect
      .poll(async () => (await productMedia(harness.app, shop.shop, product.id))[0]?.id)
      .toBe(published.mediaId);
    // The view says so, for Undo's confirmation to say what comes back.
    const view = await shop.api<GenerationView>('GET', `/generations/${created.id}`);
    expect(view.body.placement).toBe('featured');

    const undone = await shop.api<GenerationView>('POST', `/generations/${created.id}/undo`);

    expect(undone.status).toBe(200);
    expect(undone.body.state).toBe('discarded');
    await expect
      .poll(async () =>
        (await productMedia(harness.app, shop.shop, product.id)).map((item) => item.id),
      )
      .toEqual(mediaBefore.map((item) => item.id));
    const file = (await shopFiles(shop.shop)).find((item) => item.id === published.fileId);
    expect(file).toMatchObject({ status: 'READY', references: [] });
    expect(undone.body.placement).toBeNull();
  });

  it('says a result added after the media is only taken off: nothing was replaced', async () => {
    const shop = await harness.newShop();
    const product = await firstProduct(shop, 6);
    const mediaBefore = await productMedia(harness.app, shop.shop, product.id);
    const created = await photo(shop, product);
    await shop.waitFor(created.id, ['published']);

    const view = await shop.api<GenerationView>('GET', `/generations/${created.id}`);
    expect(view.body.placement).toBe('added');

    await shop.api<GenerationView>('POST', `/generations/${created.id}/undo`);
    await expect
      .poll(async () =>
        (await productMedia(harness.app, shop.shop, product.id)).map((item) => item.id),
      )
      .toEqual(mediaBefore.map((item) => item.id));
  });
});

describe('media processing failures and retry', () => {
  it('fails the generation with Shopify’s reason in merchant words when the media ends FAILED', async () => {
    const shop = await harness.newShop();
    const product = await firstProduct(shop, 6);
    await harness.app.shopifyControl('POST', '/faults', { mediaFailNext: 1 });

    const created = await photo(shop, product);
    const failed = await shop.waitFor(created.id, ['failed', 'published']);

    expect(failed.state).toBe('failed');
    expect(failed.reason).toMatch(/Shopify/);
    expect(failed.action).toMatch(/Retry/);
    expect((await shopFiles(shop.shop)).map((file) => file.id)).not.toContain(failed.fileId);
  });

  it('makes a failed generation again as a new submission with its cost when asked to (Make a new one)', async () => {
    const shop = await harness.newShop();
    const product = await firstProduct(shop, 7);
    await harness.app.shopifyControl('POST', '/faults', { mediaFailNext: 1 });
    const created = await photo(shop, product);
    await shop.waitFor(created.id, ['failed']);
    const creditsBefore = await shop.credits();

    const retry = await shop.api<GenerationView>('POST', `/generations/${created.id}/retry`, {
      mode: 'new',
    });

    expect(retry.status).toBe(202);
    expect(retry.body.id).not.toBe(created.id);
    expect(retry.body.estimatedCredits).toBe(3);
    const published = await shop.waitFor(retry.body.id, ['published', 'failed']);
    expect(published).toMatchObject({ state: 'published', retryOf: created.id });
    expect(await shop.credits()).toBe(creditsBefore - 3);
  });
});

describe('results over Shopify’s image limits', () => {
  it('scales a 6000 x 4000 result down inside 4472 px and 20 megapixels before uploading it', async () => {
    const shop = await harness.newShop();
    const product = await firstProduct(shop, 8);
    const big = await sharp({
      create: { width: 6000, height: 4000, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
    const resultUrl = harness.images.serve(`/${shop.shop}/big.png`, big);
    const generation = await savingGeneration(shop, product, resultUrl);

    const published = await shop.waitFor(generation.id, ['published', 'failed']);

    expect(published.state).toBe('published');
    const media = (await productMedia(harness.app, shop.shop, product.id)).find(
      (item) => item.id === published.mediaId,
    ) as unknown as { width: number; height: number; status: string };
    expect(media.status).toBe('READY');
    expect(Math.max(media.width, media.height)).toBeLessThanOrEqual(SHOPIFY_IMAGE_LIMITS.maxSide);
    expect(media.width * media.height).toBeLessThanOrEqual(SHOPIFY_IMAGE_LIMITS.maxPixels);
    expect(media.width / media.height).toBeCloseTo(1.5, 2);
  });
});

/** A generation whose ProductAI result is `resultUrl`, handed to the attach stage. */
async function savingGeneration(shop: TestShop, product: ProductDetail, resultUrl: string) {
  const created = await shop.savingGeneration(product, resultUrl, 'Big');
  await harness.pipeline.context.enqueue('attach', { shop: shop.shop, generationId: created.id });
  return created;
}
