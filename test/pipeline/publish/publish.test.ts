/**
 * Results reach the product's media: a photo, a video and an upscale made through the app's API,
 * end to end (ProductAI emulator → webhook → attach → Files → verify → product media), with
 * the shop's alt-text template and media position.
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

async function productWithImages(shop: TestShop, index = 0) {
  const products = await emulatorProducts(harness.app, shop.shop);
  const { body } = await shop.api<ProductDetail>(
    'GET',
    `/products/${encodeURIComponent(products[index]!)}`,
  );
  expect(body.images.length).toBeGreaterThan(0);
  return body;
}

async function generate(shop: TestShop, request: Record<string, unknown>) {
  const created = await shop.api<GenerationView>('POST', '/generations', request);
  expect(created.status).toBe(202);
  return shop.waitFor(created.body.id, ['published', 'in_review', 'failed']);
}

describe('publishing results to product media', () => {
  it('appends a photo to the product media with alt text from the template', async () => {
    const shop = await harness.newShop();
    const product = await productWithImages(shop);
    const before = await productMedia(harness.app, shop.shop, product.id);

    const generation = await generate(shop, {
      productId: product.id,
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'On a marble counter',
      sourceMediaIds: [product.images[0]!.id],
    });

    expect(generation.state).toBe('published');
    const after = await productMedia(harness.app, shop.shop, product.id);
    expect(after.slice(0, before.length)).toEqual(before);
    const added = after[after.length - 1]!;
    expect(added.id).toBe(generation.mediaId);
    expect(added.id).toBe(generation.fileId);
    expect(added.status).toBe('READY');
    // What the app knows of the result (its kind, and the plain backdrop the emulator drew for
    // a marble counter, a warm cream the colour words call yellow), not the prompt's words.
    expect(added.alt).toBe(`${product.title} in an AI-generated photo on a yellow background`);
  });

  it('marks a result not checked when the worker runs without the fidelity check, and publishes it', async () => {
    // The suite's processes run with the check off (FIDELITY_THREADS=0, test/support/app.ts).
    const shop = await harness.newShop();
    const product = await productWithImages(shop);
    const generation = await generate(shop, {
      productId: product.id,
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'On a marble counter',
      sourceMediaIds: [product.images[0]!.id],
    });

    expect(generation.state).toBe('published');
    expect(generation.fidelity).toMatchObject({
      verdict: 'not_checked',
      findings: ['not checked: the fidelity check is off on this worker'],
    });
  });

  it('makes the result featured when the shop says so, remembering the previous featured image', async () => {
    const shop = await harness.newShop();
    await shop.api('PATCH', '/settings', { mediaPosition: 'featured' });
    const product = await productWithImages(shop, 1);
    const [previous] = await productMedia(harness.app, shop.shop, product.id);

    const generation = await generate(shop, {
      productId: product.id,
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'Studio white',
      sourceMediaIds: [product.images[0]!.id],
    });

    expect(generation.state).toBe('published');
    expect(generation.previousFeaturedMediaId).toBe(previous!.id);
    await expect
      .poll(async () => (await productMedia(harness.app, shop.shop, product.id))[0]?.id)
      .toBe(generation.mediaId);
  });

  it('uploads a video through a staged upload and adds it to the product media', async () => {
    const shop = await harness.newShop();
    const product = await productWithImages(shop, 4);

    const generation = await generate(shop, {
      productId: product.id,
      kind: 'video',
      model: 'gemini-omni',
      prompt: 'Slow turn of <IMAGE_REF_0> on a table',
      duration: 3,
      sourceMediaIds: [product.images[0]!.id],
    });

    expect(generation.state).toBe('published');
    const media = await productMedia(harness.app, shop.shop, product.id);
    const video = media.find((item) => item.id === generation.mediaId);
    expect(video).toMatchObject({ status: 'READY' });
    expect(video!.id).toMatch(/^gid:\/\/shopify\/Video\//);
  });

  it('adds an upscaled image to the product media', async () => {
    const shop = await harness.newShop();
    const product = await productWithImages(shop, 5);

    const generation = await generate(shop, {
      productId: product.id,
      kind: 'upscale',
      sourceMediaIds: [product.images[0]!.id],
    });

    expect(generation.state).toBe('published');
    const media = await productMedia(harness.app, shop.shop, product.id);
    expect(media.map((item) => item.id)).toContain(generation.mediaId);
    // The product's own packshot, enlarged, on its white backdrop.
    expect(media.find((item) => item.id === generation.mediaId)?.alt).toBe(
      `${product.title} in an upscaled photo on a white background`,
    );
  });
});
