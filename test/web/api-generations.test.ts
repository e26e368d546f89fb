/**
 * The generations API: estimate and create (refused with a clear reason before anything is
 * charged), list and read, cancel a waiting or an uncertain one (never sent again), and the validation
 * errors. (Approve, reject, undo and retry are in test/pipeline/publish/review-and-undo.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  CreatedGeneration,
  Estimate,
  GenerationPage,
  GenerationView,
  ProductDetail,
} from '../../src/app-api/contract.ts';
import { apiHarness } from './support/api-harness.ts';
import { seededProducts } from '../support/seeded-shop.ts';

const harness = apiHarness();

/** A new shop, and two of its products as the API shows them: one with images, one without. */
async function newShopWithProducts() {
  const shop = await harness.newShop();
  const seeded = await seededProducts(harness.app, shop.shop);
  const detail = async (id: string) =>
    (await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(id)}`)).body;
  return {
    shop,
    withImages: await detail(seeded.find((product) => product.mediaCount >= 3)!.id),
    imageless: await detail(seeded.find((product) => product.mediaCount === 0)!.id),
  };
}

describe('POST /api/generations/estimate', () => {
  it('prices a request before it is sent', async () => {
    const { shop, withImages } = await newShopWithProducts();
    const { status, body } = await shop.api<Estimate>('POST', '/generations/estimate', {
      productId: withImages.id,
      kind: 'video',
      model: 'seedance',
      resolution: '1080p',
      duration: 5,
      prompt: 'A slow orbit around @Image1',
      sourceMediaIds: [withImages.images[0]!.id],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      credits: 75,
      options: 1,
      creditsPerOption: 75,
      problems: [],
      leftOutMediaIds: [],
    });
  });

  it('names the chosen images the model will leave out', async () => {
    const { shop, withImages } = await newShopWithProducts();
    const chosen = withImages.images.map((image) => image.id);
    const { body } = await shop.api<Estimate>('POST', '/generations/estimate', {
      productId: withImages.id,
      kind: 'photo',
      model: 'kontext-pro', // takes one image
      prompt: 'On a marble counter',
      sourceMediaIds: chosen,
    });
    expect(body).toMatchObject({
      credits: 2,
      options: 1,
      creditsPerOption: 2,
      problems: [],
      leftOutMediaIds: chosen.slice(1),
    });
  });

  it('lists why the request would be refused', async () => {
    const { shop, imageless } = await newShopWithProducts();
    const { body } = await shop.api<Estimate>('POST', '/generations/estimate', {
      productId: imageless.id,
      kind: 'photo',
      model: 'nanobanana2',
      prompt: 'Studio',
      sourceMediaIds: [],
    });
    expect(body.credits).toBe(5);
    expect(body.problems).toHaveLength(1);
    expect(body.problems[0]).toMatch(/has no images.*Nothing was charged/);
  });

  it('names the models in the words every screen uses, never by ProductAI’s ids', async () => {
    const { shop, imageless } = await newShopWithProducts();
    const { body } = await shop.api<Estimate>('POST', '/generations/estimate', {
      productId: imageless.id,
      kind: 'photo',
      model: 'nanobanana2',
      prompt: 'Studio',
      sourceMediaIds: [],
    });
    expect(body.problems[0]).toContain(
      'The photo model “Balanced” needs at least one product image',
    );
    expect(body.problems[0]).toContain('(From a description, From a description (earlier))');
    expect(body.problems[0]).not.toMatch(/nanobanana|gpt-/);
  });
});

describe('POST /api/generations', () => {
  it('accepts a request, sends as many chosen images as the model takes, and answers 202', async () => {
    const { shop, withImages } = await newShopWithProducts();
    const chosen = withImages.images.map((image) => image.id);
    const { status, body } = await shop.api<CreatedGeneration>('POST', '/generations', {
      productId: withImages.id,
      kind: 'photo',
      model: 'kontext-pro',
      prompt: 'On a marble counter',
      sourceMediaIds: chosen,
    });
    expect(status).toBe(202);
    expect(body.leftOutMediaIds).toEqual(chosen.slice(1));
    expect(body).toMatchObject({
      kind: 'photo',
      priority: 'interactive',
      estimatedCredits: 2,
      sourceMediaIds: [chosen[0]],
      params: {
        model: 'kontext-pro',
        prompt: 'On a marble counter',
        aspectRatio: 'SQUARE',
        outputFormat: 'png',
      },
      product: { id: withImages.id, title: withImages.title },
    });
    expect(body.sourceImageUrls).toEqual([withImages.images[0]!.url]);
    expect((await shop.waitFor(body.id, ['published', 'failed'])).state).toBe('published');
  });

  it('sends every chosen image to a multi-image model, in the merchant’s order', async () => {
    const { shop, withImages } = await newShopWithProducts();
    const chosen = withImages.images.map((image) => image.id).reverse();
    const { body } = await shop.api<GenerationView>('POST', '/generations', {
      productId: withImages.id,
      kind: 'photo',
      model: 'nanobanana2',
      prompt: 'Flat lay',
      sourceMediaIds: chosen,
    });
    expect(body.sourceMediaIds).toEqual(chosen);
    expect(body.sourceImageUrls).toHaveLength(chosen.length);
  });

  it('finds a chosen image further down the product than the first page it reads', async () => {
    const { shop, withImages } = await newShopWithProducts();
    const last = withImages.images.at(-1)!;
    const { status, body } = await shop.api<CreatedGeneration>('POST', '/generations', {
      productId: withImages.id,
      kind: 'photo',
      model: 'kontext-pro',
      prompt: 'Flat lay',
      sourceMediaIds: [last.id], // the intake reads one image first, then further pages
    });
    expect(status).toBe(202);
    expect(body.sourceImageUrls).toEqual([last.url]);
    expect(body.leftOutMediaIds).toEqual([]);
  });

  it('refuses a product without images for a model that needs one, before anything is charged', async () => {
    const { shop, imageless } = await newShopWithProducts();
    const before = await shop.credits();
    const { status, body } = await shop.api<ApiErrorBody>('POST', '/generations', {
      productId: imageless.id,
      kind: 'photo',
      model: 'nanobanana',
      prompt: 'Studio',
      sourceMediaIds: [],
    });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_generation');
    expect(body.fields?.sourceMediaIds).toMatch(/has no images/);
    expect((await shop.api<GenerationPage>('GET', '/generations')).body.generations).toEqual([]);
    expect(await shop.credits()).toBe(before);
  });

  it('makes a product without images with a text-to-image model', async () => {
    const { shop, imageless } = await newShopWithProducts();
    const { status, body } = await shop.api<GenerationView>('POST', '/generations', {
      productId: imageless.id,
      kind: 'photo',
      model: 'gpt-2',
      prompt: 'A ceramic mug on a wooden table',
      sourceMediaIds: [],
    });
    expect(status).toBe(202);
    expect(body.sourceImageUrls).toEqual([]);
    expect((await shop.waitFor(body.id, ['published', 'failed'])).state).toBe('published');
  });

  it('refuses a malformed request with the field that is wrong', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<ApiErrorBody>('POST', '/generations', {
      kind: 'photo',
      sourceMediaIds: [],
    });
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty('productId');
  });

  it('refuses work when the shop has no ProductAI key', async () => {
    const { shop, withImages } = await newShopWithProducts();
    await shop.api('DELETE', '/settings/api-key');
    const { status, body } = await shop.api<ApiErrorBody>('POST', '/generations', {
      productId: withImages.id,
      kind: 'upscale',
      sourceMediaIds: [withImages.images[0]!.id],
    });
    expect(status).toBe(400);
    expect(body.error).toBe('api_key_missing');
  });
});

describe('GET /api/generations', () => {
  it('lists the shop’s generations newest first, filtered and paged', async () => {
    const { shop, withImages } = await newShopWithProducts();
    const ids: string[] = [];
    for (const prompt of ['one', 'two', 'three']) {
      const { body } = await shop.api<GenerationView>('POST', '/generations', {
        productId: withImages.id,
        kind: 'photo',
        model: 'nanobanana',
        prompt,
        sourceMediaIds: [withImages.images[0]!.id],
      });
      ids.push(body.id);
    }
    const first = await shop.api<GenerationPage>(
      'GET',
      `/generations?productId=${encodeURIComponent(withImages.id)}&limit=2`,
    );
    expect(first.body.generations.map((g) => g.id)).toEqual([ids[2], ids[1]]);
    const second = await shop.api<GenerationPage>(
      'GET',
      `/generations?productId=${encodeURIComponent(withImages.id)}&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.generations.map((g) => g.id)).toEqual([ids[0]]);

    for (const id of ids) await shop.waitFor(id, ['published']);
    const published = await shop.api<GenerationPage>('GET', '/generations?state=published');
    expect(published.body.generations).toHaveLength(3);
  });

  it('lists a product’s generations only: never another product’s, never another shop’s', async () => {
    const { shop, withImages } = await newShopWithProducts();
    const upscale = (owner: typeof shop, product: ProductDetail) =>
      owner.api<GenerationView>('POST', '/generations', {
        productId: product.id,
        kind: 'upscale',
        sourceMediaIds: [product.images[0]!.id],
      });
    const siblingId = (await seededProducts(harness.app, shop.shop)).find(
      (product) => product.mediaCount > 0 && product.id !== withImages.id,
    )!.id;
    const sibling = (
      await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(siblingId)}`)
    ).body;
    const other = await newShopWithProducts();
    const { body: mine } = await upscale(shop, withImages);
    await upscale(shop, sibling);
    await upscale(other.shop, other.withImages);

    const listed = async (productId: string) =>
      (
        await shop.api<GenerationPage>(
          'GET',
          `/generations?productId=${encodeURIComponent(productId)}&limit=20`,
        )
      ).body.generations.map(({ id }) => id);
    expect(await listed(withImages.id)).toEqual([mine.id]);
    // Asked with another shop's product, a shop sees nothing of that shop's work.
    expect(await listed(other.withImages.id)).toEqual([]);
  });

  it('refuses an unknown state filter', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<ApiErrorBody>('GET', '/generations?state=done');
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty('state');
  });

  it('reads one generation, and answers 404 for another shop’s', async () => {
    const { shop, withImages } = await newShopWithProducts();
    const other = await harness.newShop();
    const { body: created } = await shop.api<GenerationView>('POST', '/generations', {
      productId: withImages.id,
      kind: 'upscale',
      sourceMediaIds: [withImages.images[0]!.id],
    });
    const read = await shop.api<GenerationView>('GET', `/generations/${created.id}`);
    expect(read.body.id).toBe(created.id);
    expect((await other.api('GET', `/generations/${created.id}`)).status).toBe(404);
  });
});

describe('actions on one generation', () => {
  it('cancels a generation that has not been sent', async () => {
    const { shop, withImages } = await newShopWithProducts();
    await harness.pipeline.internals.shopPause.pause(shop.shop, 'out_of_credits');
    const { body: created } = await shop.api<GenerationView>('POST', '/generations', {
      productId: withImages.id,
      kind: 'upscale',
      sourceMediaIds: [withImages.images[0]!.id],
    });
    const { status, body } = await shop.api<GenerationView>(
      'POST',
      `/generations/${created.id}/cancel`,
    );
    expect(status).toBe(200);
    expect(body.state).toBe('cancelled');
    const again = await shop.api<ApiErrorBody>('POST', `/generations/${created.id}/cancel`);
    expect(again.status).toBe(409);
  });

  it('cancels an uncertain submission, and offers no way to send it again', async () => {
    const { shop, withImages } = await newShopWithProducts();
    await harness.pipeline.internals.shopPause.pause(shop.shop, 'out_of_credits');
    const { body: created } = await shop.api<GenerationView>('POST', '/generations', {
      productId: withImages.id,
      kind: 'upscale',
      sourceMediaIds: [withImages.images[0]!.id],
    });
    const { generations } = harness.pipeline;
    await generations.transition(shop.shop, created.id, { from: ['paused'], to: 'queued' });
    await generations.transition(shop.shop, created.id, { from: ['queued'], to: 'submitting' });
    await generations.transition(shop.shop, created.id, { from: ['submitting'], to: 'uncertain' });

    const resend = await shop.api('POST', `/generations/${created.id}/resolve`, {
      decision: 'resubmit',
    });
    expect(resend.status).toBe(404);
    const { status, body } = await shop.api<GenerationView>(
      'POST',
      `/generations/${created.id}/cancel`,
    );
    expect(status).toBe(200);
    expect(body.state).toBe('cancelled');
    expect(body.action).toMatch(/Unclaimed results/);
  });

  it('answers 404 for an action on a generation that does not exist', async () => {
    const shop = await harness.newShop();
    const { status } = await shop.api('POST', '/generations/01ARZ3NDEKTSV4RRFFQ69G5FAV/undo');
    expect(status).toBe(404);
  });
});
