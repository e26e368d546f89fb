/**
 * The unclaimed results service (src/features/unclaimed-results/service.ts), called directly on the app
 * the server runs: what an attach is refused with before anything is made. (The HTTP behaviour,
 * a real result listed and attached without a new charge, two clicks at once:
 * test/web/api-unclaimed-results.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../support/app.ts';

const app = await startTestApp();
const unclaimedResults = app.deps.features.unclaimedResults;

async function installedShop(): Promise<string> {
  const shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  return shop;
}

async function newProduct(shop: string): Promise<string> {
  const { product } = (await app.shopifyControl('POST', `/shops/${shop}/products`, {
    title: 'Linen dress',
    images: 0,
  })) as { product: { id: string } };
  return product.id;
}

async function generationCount(shop: string): Promise<number | null> {
  return app.deps.pipeline.generations.count(shop, {});
}

describe('attaching an unclaimed result', () => {
  it('is a conflict, result_gone, for a job that is not waiting for the shop', async () => {
    const shop = await installedShop();
    const productId = await newProduct(shop);

    await expect(unclaimedResults.attach(shop, 987654321, productId)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'result_gone',
      message: 'This result is no longer waiting: it was attached, or it expired.',
    });
    expect(await generationCount(shop)).toBe(0);
  });

  it('is refused on the product field for a product that is not in the store', async () => {
    const shop = await installedShop();

    await expect(
      unclaimedResults.attach(shop, 987654321, 'gid://shopify/Product/999999999'),
    ).rejects.toMatchObject({
      kind: 'invalid',
      code: 'invalid_product',
      fields: { productId: { code: 'product_not_found' } },
    });
    expect(await generationCount(shop)).toBe(0);
  });
});
