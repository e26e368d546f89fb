/**
 * `POST /api/generations` with an `Idempotency-Key` (src/stores/idempotency-keys.ts): a click
 * sent again with its key, as after a gateway timeout, answers the same generation(s) and creates
 * nothing; the key is the shop's own, and names one request.
 */
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, CreatedGeneration, ProductDetail } from '../../src/app-api/contract.ts';
import { seededProducts } from '../support/seeded-shop.ts';
import { apiHarness, type TestShop } from './support/api-harness.ts';

const harness = apiHarness();

async function productWithImages(shop: TestShop): Promise<ProductDetail> {
  const seeded = await seededProducts(harness.app, shop.shop);
  const id = seeded.find((product) => product.mediaCount >= 1)!.id;
  return (await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(id)}`)).body;
}

function request(product: ProductDetail, more: Record<string, unknown> = {}) {
  return {
    productId: product.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On warm wood',
    sourceMediaIds: [product.images[0]!.id],
    ...more,
  };
}

async function generationCount(shop: TestShop): Promise<number> {
  const { body } = await shop.api<{ total: number }>('GET', '/generations');
  return body.total;
}

const withKey = (key: string) => ({ 'Idempotency-Key': key });

describe('POST /api/generations with an Idempotency-Key', () => {
  it('answers the same generation to the same click sent again, creating nothing', async () => {
    const shop = await harness.newShop();
    const product = await productWithImages(shop);

    const first = await shop.api<CreatedGeneration>(
      'POST',
      '/generations',
      request(product),
      withKey('click-1'),
    );
    const again = await shop.api<CreatedGeneration>(
      'POST',
      '/generations',
      request(product),
      withKey('click-1'),
    );

    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(await generationCount(shop)).toBe(1);
  });

  it('answers the same group of options to a click for several results sent again', async () => {
    const shop = await harness.newShop();
    const product = await productWithImages(shop);
    const body = request(product, { options: 3 });

    const first = await shop.api<CreatedGeneration>(
      'POST',
      '/generations',
      body,
      withKey('options'),
    );
    const again = await shop.api<CreatedGeneration>(
      'POST',
      '/generations',
      body,
      withKey('options'),
    );

    expect(again.body).toMatchObject({ id: first.body.id, optionGroup: first.body.optionGroup });
    expect(await generationCount(shop)).toBe(3);
  });

  it('creates one generation when the same click arrives twice at once', async () => {
    const shop = await harness.newShop();
    const product = await productWithImages(shop);

    const answers = await Promise.all([
      shop.api('POST', '/generations', request(product), withKey('double')),
      shop.api('POST', '/generations', request(product), withKey('double')),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    expect(await generationCount(shop)).toBe(1);
  });

  it('creates a generation per click: another key is another click', async () => {
    const shop = await harness.newShop();
    const product = await productWithImages(shop);

    await shop.api('POST', '/generations', request(product), withKey('click-a'));
    await shop.api('POST', '/generations', request(product), withKey('click-b'));

    expect(await generationCount(shop)).toBe(2);
  });

  it('keeps keys per shop: another shop’s click with the same key is its own', async () => {
    const [one, two] = [await harness.newShop(), await harness.newShop()];
    const [productOne, productTwo] = [await productWithImages(one), await productWithImages(two)];

    const first = await one.api<CreatedGeneration>(
      'POST',
      '/generations',
      request(productOne),
      withKey('shared'),
    );
    const other = await two.api<CreatedGeneration>(
      'POST',
      '/generations',
      request(productTwo),
      withKey('shared'),
    );

    expect(other.status).toBe(202);
    expect(other.body.id).not.toBe(first.body.id);
    expect(await generationCount(two)).toBe(1);
  });

  it('refuses a key sent again with another request, with a 400 that says why', async () => {
    const shop = await harness.newShop();
    const product = await productWithImages(shop);
    await shop.api('POST', '/generations', request(product), withKey('reused'));

    const other = await shop.api<ApiErrorBody>(
      'POST',
      '/generations',
      request(product, { prompt: 'On cold marble' }),
      withKey('reused'),
    );

    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ error: 'idempotency_key_reused' });
    expect(other.body.message).toMatch(/another request/);
    expect(await generationCount(shop)).toBe(1);
  });

  it('keeps no answer for a refused click: sent again, it is checked again (a 400, not a 409)', async () => {
    const shop = await harness.newShop();
    const product = await productWithImages(shop);

    const refused = await shop.api(
      'POST',
      '/generations',
      request(product, { sourceMediaIds: ['gid://shopify/MediaImage/1'] }),
      withKey('fixed'),
    );
    expect(refused.status).toBe(400);
    const fixed = await shop.api(
      'POST',
      '/generations',
      request(product, { sourceMediaIds: ['gid://shopify/MediaImage/1'] }),
      withKey('fixed'),
    );

    expect(fixed.status).toBe(400);
    expect(await generationCount(shop)).toBe(0);
  });

  it('refuses a key that is not 1 to 255 visible characters with a 400', async () => {
    const shop = await harness.newShop();
    const product = await productWithImages(shop);

    const answer = await shop.api(
      'POST',
      '/generations',
      request(product),
      withKey('x'.repeat(256)),
    );

    expect(answer.status).toBe(400);
    expect(await generationCount(shop)).toBe(0);
  });
});
