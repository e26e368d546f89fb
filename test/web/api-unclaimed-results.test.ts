/**
 * The unclaimed results API: paid ProductAI results no generation could claim (here: jobs made
 * with the shop's key outside the app, delivered to the shop's webhook URL) are listed with
 * their picture, and one attaches to a product the merchant chooses without a new request to
 * ProductAI. Refused: a job id that is not waiting, another shop's result, and a second attach
 * of one result (two clicks make one generation).
 */
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, GenerationPage, GenerationView } from '../../src/app-api/contract.ts';
import type { UnclaimedResultList } from '../../src/app-api/unclaimed-results.ts';
import { seededProducts } from '../support/seeded-shop.ts';
import { apiHarness, type TestShop } from './support/api-harness.ts';

const harness = apiHarness();

/** A job made with the shop's key outside the app; resolves once its result is listed. */
async function resultMadeOutside(shop: TestShop) {
  const job = await harness.pipeline.context
    .productAi(shop.apiKey)
    .generate({ model: 'gpt-2', prompt: 'Made in the studio' });
  await expect
    .poll(async () => (await list(shop)).results.map((result) => result.jobId), {
      timeout: 10_000,
    })
    .toContain(job.id);
  return job.id;
}

const list = async (shop: TestShop) =>
  (await shop.api<UnclaimedResultList>('GET', '/unclaimed-results')).body;

/** A product of the shop with no images: attaching needs none. */
async function imagelessProduct(shop: TestShop) {
  return (await seededProducts(harness.app, shop.shop)).find((p) => p.mediaCount === 0)!;
}

const generationsOf = async (shop: TestShop, productId: string) =>
  (await shop.api<GenerationPage>('GET', `/generations?productId=${encodeURIComponent(productId)}`))
    .body.generations;

describe('GET /api/unclaimed-results', () => {
  it('lists a paid result no generation claimed, with its picture, for its shop only', async () => {
    const shop = await harness.newShop();
    const other = await harness.newShop();
    const jobId = await resultMadeOutside(shop);
    const { results } = await list(shop);
    expect(results).toEqual([
      {
        jobId,
        url: expect.stringMatching(/^http/),
        mediaType: 'image',
        receivedAt: expect.any(String),
      },
    ]);
    const picture = await fetch(results[0]!.url);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
    expect((await list(other)).results).toEqual([]);
  });
});

describe('POST /api/unclaimed-results/:jobId/attach', () => {
  it('attaches the result to a product (one without images too) without charging again', async () => {
    const shop = await harness.newShop();
    const jobId = await resultMadeOutside(shop);
    const product = await imagelessProduct(shop);
    const credits = await shop.credits();

    const { status, body } = await shop.api<GenerationView>(
      'POST',
      `/unclaimed-results/${jobId}/attach`,
      { productId: product.id },
    );
    expect(status).toBe(202);
    expect(body.product.id).toBe(product.id);
    const done = await shop.waitFor(body.id, ['published', 'failed']);
    expect(done.state).toBe('published');
    expect(done.productAiJobId).toBe(jobId);
    expect(await shop.credits()).toBe(credits);
    expect((await list(shop)).results).toEqual([]);
  });

  it('refuses a second attach of one result, even two at once: one generation', async () => {
    const shop = await harness.newShop();
    const jobId = await resultMadeOutside(shop);
    const product = await imagelessProduct(shop);
    const attach = () =>
      shop.api<GenerationView | ApiErrorBody>('POST', `/unclaimed-results/${jobId}/attach`, {
        productId: product.id,
      });

    const both = await Promise.all([attach(), attach()]);
    expect(both.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const again = await attach();
    expect(again.status).toBe(409);
    expect((again.body as ApiErrorBody).error).toBe('result_gone');
    expect(await generationsOf(shop, product.id)).toHaveLength(1);
  });

  it('refuses a job id that is not waiting, and one that is not a job id', async () => {
    const shop = await harness.newShop();
    const product = await imagelessProduct(shop);
    const unknown = await shop.api<ApiErrorBody>('POST', '/unclaimed-results/987654321/attach', {
      productId: product.id,
    });
    expect(unknown.status).toBe(409);
    expect(unknown.body.error).toBe('result_gone');
    const malformed = await shop.api<ApiErrorBody>('POST', '/unclaimed-results/abc/attach', {
      productId: product.id,
    });
    expect(malformed.status).toBe(400);
    expect(await generationsOf(shop, product.id)).toEqual([]);
  });

  it("refuses another shop's result and leaves it waiting for that shop", async () => {
    const owner = await harness.newShop();
    const intruder = await harness.newShop();
    const jobId = await resultMadeOutside(owner);
    const product = await imagelessProduct(intruder);
    const { status, body } = await intruder.api<ApiErrorBody>(
      'POST',
      `/unclaimed-results/${jobId}/attach`,
      { productId: product.id },
    );
    expect(status).toBe(409);
    expect(body.error).toBe('result_gone');
    expect(await generationsOf(intruder, product.id)).toEqual([]);
    expect((await list(owner)).results.map((result) => result.jobId)).toEqual([jobId]);
  });

  it('refuses a product that is not in the store, and attaches nothing', async () => {
    const shop = await harness.newShop();
    const jobId = await resultMadeOutside(shop);
    const { status, body } = await shop.api<ApiErrorBody>(
      'POST',
      `/unclaimed-results/${jobId}/attach`,
      { productId: 'gid://shopify/Product/999999999' },
    );
    expect(status).toBe(400);
    expect(body.fields?.productId).toMatch(/no longer in your store/);
    expect((await list(shop)).results.map((result) => result.jobId)).toEqual([jobId]);
  });
});
