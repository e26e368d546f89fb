/**
 * Options: one request for N results to choose among. Each option is its own ProductAI job and
 * charge; every option waits in review (whatever the review setting); choosing publishes the
 * chosen ones and discards the others without touching the product.
 */
import { describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  Estimate,
  GenerationView,
  CandidateGroupView,
  ProductDetail,
} from '../../src/app-api/contract.ts';
import { seededProducts } from '../support/seeded-shop.ts';
import { productMedia } from '../support/shop-media.ts';
import { apiHarness, type TestShop } from './support/api-harness.ts';

const harness = apiHarness();

/** ProductAI's price of one nanobanana photo (the catalogue's). */
const CREDITS_EACH = 3;

/** The shop's `index`-th product that has images. */
async function product(shop: TestShop, index: number): Promise<ProductDetail> {
  const withImages = (await seededProducts(harness.app, shop.shop)).filter(
    (seeded) => seeded.mediaCount > 0,
  );
  const id = encodeURIComponent(withImages[index]!.id);
  return (await shop.api<ProductDetail>('GET', `/products/${id}`)).body;
}

function photoRequest(target: ProductDetail, options?: number) {
  return {
    productId: target.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a linen tablecloth',
    sourceMediaIds: [target.images[0]!.id],
    ...(options === undefined ? {} : { options }),
  };
}

/** Asks for `count` options and waits until every one is ready for review. */
async function readyOptions(shop: TestShop, target: ProductDetail, count: number) {
  const created = await shop.api<GenerationView>(
    'POST',
    '/generations',
    photoRequest(target, count),
  );
  expect(created.status).toBe(202);
  const group = created.body.optionGroup!;
  const { body } = await shop.api<CandidateGroupView>('GET', `/option-groups/${group}`);
  for (const option of body.generations) await shop.waitFor(option.id, ['in_review', 'failed']);
  return (await shop.api<CandidateGroupView>('GET', `/option-groups/${group}`)).body;
}

describe('asking for options', () => {
  it('prices N options as N requests before anything is sent', async () => {
    const shop = await harness.newShop();
    const { limiter } = harness.pipeline.config;
    const { body } = await shop.api<Estimate>(
      'POST',
      '/generations/estimate',
      photoRequest(await product(shop, 0), 3),
    );
    expect(body).toEqual({
      credits: 3 * CREDITS_EACH,
      options: 3,
      creditsPerOption: CREDITS_EACH,
      requestsPerMinute: (limiter.limit * 60_000) / limiter.windowMs,
      problems: [],
      problemTexts: [],
      leftOutMediaIds: [],
    });
  });

  it('sends N jobs, charges exactly N times, and every option waits for review', async () => {
    const shop = await harness.newShop();
    const target = await product(shop, 1);
    const before = await shop.credits();
    const group = await readyOptions(shop, target, 3);

    expect(group.generations).toHaveLength(3);
    expect(group.generations.map((option) => option.state)).toEqual([
      'in_review',
      'in_review',
      'in_review',
    ]);
    expect(new Set(group.generations.map((option) => option.productAiJobId)).size).toBe(3);
    expect(before - (await shop.credits())).toBe(3 * CREDITS_EACH);
  });

  it('refuses more than four options', async () => {
    const shop = await harness.newShop();
    const { status, body } = await shop.api<ApiErrorBody>(
      'POST',
      '/generations',
      photoRequest(await product(shop, 0), 5),
    );
    expect(status).toBe(400);
    expect(body.fields?.options).toBeDefined();
  });

  it('offers no options for an upscale (one deterministic result): the estimate says why, create refuses', async () => {
    const shop = await harness.newShop();
    const target = await product(shop, 0);
    const upscale = {
      productId: target.id,
      kind: 'upscale',
      sourceMediaIds: [target.images[0]!.id],
      options: 3,
    };
    const { body: estimate } = await shop.api<Estimate>('POST', '/generations/estimate', upscale);
    const why =
      'An upscale has one result: the same image each time, so there is nothing to choose among.';
    expect(estimate.problems).toEqual([why]);
    const before = await shop.credits();
    const { status, body } = await shop.api<ApiErrorBody>('POST', '/generations', upscale);
    expect(status).toBe(400);
    expect(body.fields?.options).toBe(why);
    expect(await shop.credits()).toBe(before);
  });
});

describe('choosing an option', () => {
  it('publishes the chosen one, discards the others, and the product gets exactly one new media', async () => {
    const shop = await harness.newShop();
    const target = await product(shop, 2);
    const mediaBefore = await productMedia(harness.app, shop.shop, target.id);
    const group = await readyOptions(shop, target, 3);
    const chosen = group.generations[1]!;

    const { status } = await shop.api<CandidateGroupView>(
      'POST',
      `/option-groups/${group.id}/choose`,
      { generationIds: [chosen.id] },
    );
    expect(status).toBe(200);
    const published = await shop.waitFor(chosen.id, ['published', 'failed']);
    expect(published.state).toBe('published');

    const after = (await shop.api<CandidateGroupView>('GET', `/option-groups/${group.id}`)).body;
    expect(after.generations.map((option) => option.state)).toEqual([
      'discarded',
      'published',
      'discarded',
    ]);
    const media = await productMedia(harness.app, shop.shop, target.id);
    expect(media.map((item) => item.id)).toEqual([
      ...mediaBefore.map((item) => item.id),
      published.fileId,
    ]);
  });

  it('refuses a choice of a generation outside the options', async () => {
    const shop = await harness.newShop();
    const group = await readyOptions(shop, await product(shop, 3), 2);
    const { status, body } = await shop.api<ApiErrorBody>(
      'POST',
      `/option-groups/${group.id}/choose`,
      // A well-formed generation id that is not one of the options.
      { generationIds: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'] },
    );
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_choice');
    const unchanged = (await shop.api<CandidateGroupView>('GET', `/option-groups/${group.id}`))
      .body;
    expect(unchanged.generations.every((option) => option.state === 'in_review')).toBe(true);
  });
});
