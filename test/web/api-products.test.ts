/** The product and collection reads behind the app's pickers. */
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  CollectionSummary,
  ProductDetail,
  ProductPage,
} from '../../src/app-api/contract.ts';
import { titleSearchQuery } from '../../src/app-api/product-search.ts';
import { apiHarness, type TestShop } from './support/api-harness.ts';
import { collectionId, seededProducts } from '../support/seeded-shop.ts';

const harness = apiHarness();
let shop: TestShop;

beforeAll(async () => {
  shop = await harness.newShop();
});

describe('GET /api/products', () => {
  it('pages through the shop’s products with a thumbnail and an image count', async () => {
    const first = await shop.api<ProductPage>('GET', '/products');
    expect(first.status).toBe(200);
    expect(first.body.products).toHaveLength(25);
    expect(first.body.nextCursor).not.toBeNull();
    const withImage = first.body.products.find((product) => product.imageCount > 0)!;
    expect(withImage.imageUrl).toMatch(/^http/);

    const second = await shop.api<ProductPage>(
      'GET',
      `/products?after=${encodeURIComponent(first.body.nextCursor!)}`,
    );
    const ids = new Set(first.body.products.map((product) => product.id));
    expect(second.body.products.some((product) => ids.has(product.id))).toBe(false);
  });

  it('searches by title', async () => {
    const [product] = (await shop.api<ProductPage>('GET', '/products')).body.products;
    const { body } = await shop.api<ProductPage>(
      'GET',
      `/products?query=${encodeURIComponent(`title:${product!.title}`)}`,
    );
    expect(body.products.map((item) => item.id)).toContain(product!.id);
  });

  describe('as Activity’s product search sends it (titleSearchQuery)', () => {
    /** The titles Activity's search lists for what the merchant typed. */
    async function search(typed: string): Promise<string[]> {
      const { status, body } = await shop.api<ProductPage>(
        'GET',
        `/products?query=${encodeURIComponent(titleSearchQuery(typed))}`,
      );
      expect(status).toBe(200);
      return body.products.map((product) => product.title);
    }

    async function newProduct(title: string) {
      await harness.app.shopifyControl('POST', `/shops/${shop.shop}/products`, {
        title,
        images: 1,
      });
    }

    it('finds a product by two words of its title, and by its full title', async () => {
      await newProduct('Terracotta Canvas Sneaker');
      expect(await search('Canvas Sneaker')).toContain('Terracotta Canvas Sneaker');
      expect(await search('Terracotta Canvas Sneaker')).toContain('Terracotta Canvas Sneaker');
      expect(await search('  terracotta   sneak ')).toContain('Terracotta Canvas Sneaker');
      expect(await search('Canvas Loafer')).not.toContain('Terracotta Canvas Sneaker');
    });

    it('finds a title with the search syntax’s special characters as plain text', async () => {
      await newProduct('D’Addario "Pro" (Blue): 10-pack');
      await newProduct("Ol' Reliable -Edition");
      expect(await search('D’Addario "Pro" (Blue): 10-pack')).toEqual([
        'D’Addario "Pro" (Blue): 10-pack',
      ]);
      expect(await search("Ol' Reliable -Edition")).toEqual(["Ol' Reliable -Edition"]);
    });
  });

  it('refuses a query that is too long', async () => {
    const { status, body } = await shop.api<ApiErrorBody>(
      'GET',
      `/products?query=${'x'.repeat(300)}`,
    );
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty('query');
  });
});

describe('GET /api/products/:id', () => {
  it('gives the product’s images as URLs ProductAI accepts, by gid or numeric id', async () => {
    const [seeded] = (await seededProducts(harness.app, shop.shop)).filter((p) => p.mediaCount > 0);
    const byGid = await shop.api<ProductDetail>(
      'GET',
      `/products/${encodeURIComponent(seeded!.id)}`,
    );
    const byNumber = await shop.api<ProductDetail>(
      'GET',
      `/products/${seeded!.id.split('/').pop()}`,
    );

    expect(byGid.status).toBe(200);
    expect(byNumber.body).toEqual(byGid.body);
    expect(byGid.body.images).toHaveLength(seeded!.mediaCount);
    for (const image of byGid.body.images) {
      expect(image.id).toMatch(/^gid:\/\/shopify\/MediaImage\//);
      const response = await fetch(image.url);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBeLessThan(10 * 1024 * 1024);
      expect(Math.max(image.width ?? 0, image.height ?? 0)).toBeGreaterThan(0);
    }
  });

  it('answers 404 for a product the shop does not have, and 400 for a malformed id', async () => {
    expect((await shop.api('GET', '/products/1')).status).toBe(404);
    const malformed = await shop.api<ApiErrorBody>(
      'GET',
      `/products/${encodeURIComponent('gid://shopify/Order/1')}`,
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('invalid_id');
  });
});

describe('GET /api/collections/:id', () => {
  it('gives the collection’s title and product count', async () => {
    const id = await collectionId(harness.app, shop.shop, 'Best Sellers');
    const { status, body } = await shop.api<CollectionSummary>(
      'GET',
      `/collections/${encodeURIComponent(id)}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ id, title: 'Best Sellers', productsCount: 64 });
  });

  it('answers 404 for a collection the shop does not have', async () => {
    const { status, body } = await shop.api<ApiErrorBody>('GET', '/collections/42');
    expect(status).toBe(404);
    expect(body.message).toMatch(/collection/);
  });
});
