/**
 * The products service (src/features/products/service.ts), called directly on the app the server runs:
 * what the pickers get from the Admin API's answers. (The HTTP behaviour, paging, images by
 * gid or numeric id, collections: test/web/api-products.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../support/app.ts';

const app = await startTestApp();
const products = app.deps.features.products;

async function installedShop(): Promise<string> {
  const shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  return shop;
}

/** A product made on the emulator with `images` images; its id. */
async function newProduct(shop: string, title: string, images: number): Promise<string> {
  const { product } = (await app.shopifyControl('POST', `/shops/${shop}/products`, {
    title,
    images,
  })) as { product: { id: string } };
  return product.id;
}

describe('the product picker', () => {
  it('lists a product with its thumbnail and media count, one without media with neither', async () => {
    const shop = await installedShop();
    const title = `Picker${randomUUID().slice(0, 8)}`;
    const pictured = await newProduct(shop, `${title} pictured`, 2);
    const bare = await newProduct(shop, `${title} bare`, 0);

    const page = await products.list(shop, { query: `title:${title}` });

    expect(page.products).toHaveLength(2);
    expect(page.products).toEqual(
      expect.arrayContaining([
        {
          id: pictured,
          title: `${title} pictured`,
          imageUrl: expect.stringMatching(/^http/),
          imageCount: 2,
        },
        { id: bare, title: `${title} bare`, imageUrl: null, imageCount: 0 },
      ]),
    );
  });

  it('says a product the shop does not have is no longer in the store', async () => {
    const shop = await installedShop();
    await expect(products.get(shop, 'gid://shopify/Product/999999999')).rejects.toMatchObject({
      kind: 'not_found',
      message: 'This product is no longer in your store.',
    });
  });
});
