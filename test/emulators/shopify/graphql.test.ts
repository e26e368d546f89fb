import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import {
  exchangeToken,
  graphql,
  shopFetch,
  startTestEmulator,
  API_PATH,
} from './support/emulator.ts';

let emulator: ShopifyEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  token = (await exchangeToken(emulator)).access_token;
});
afterAll(() => emulator.close());

interface ProductPage {
  products: {
    nodes: { id: string; title: string; mediaCount: { count: number } }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

describe('validation against the real schema', () => {
  it('reports an unknown field the way Shopify does', async () => {
    const result = await graphql(emulator, token, '{ shop { name colour } }');
    expect(result.status).toBe(200);
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual([
      {
        message: "Field 'colour' doesn't exist on type 'Shop'",
        locations: [{ line: 1, column: 15 }],
        path: ['query', 'shop', 'colour'],
        extensions: { code: 'undefinedField', typeName: 'Shop', fieldName: 'colour' },
      },
    ]);
  });

  it('answers a query it has seen before as it did the first time, valid or not', async () => {
    const invalid = '{ shop { name colour } }';
    const first = await graphql(emulator, token, invalid);
    expect(await graphql(emulator, token, invalid)).toEqual(first);
    const valid = '{ shop { name } }';
    const answer = await graphql(emulator, token, valid);
    expect(answer.errors).toBeUndefined();
    expect((await graphql(emulator, token, valid)).data).toEqual(answer.data);
    const broken = '{ shop { name }';
    const syntax = await graphql(emulator, token, broken);
    expect(syntax.errors?.[0]?.message).toMatch(/^syntax error/i);
    expect(await graphql(emulator, token, broken)).toEqual(syntax);
  });

  it('reports a missing required argument the way Shopify does', async () => {
    const result = await graphql(emulator, token, 'query Lookup { product { id } }');
    expect(result.errors?.[0]).toMatchObject({
      message: "Field 'product' is missing required arguments: id",
      path: ['query Lookup', 'product'],
      extensions: { code: 'missingRequiredArguments' },
    });
  });

  it('reports a variable of the wrong type the way Shopify does', async () => {
    const result = await graphql(
      emulator,
      token,
      'query ($n: Int!) { products(first: $n) { nodes { id } } }',
      { n: 'ten' },
    );
    expect(result.errors?.[0]).toMatchObject({
      message: 'Variable $n of type Int! was provided invalid value',
      extensions: { value: 'ten' },
    });
  });

  it('refuses a real field the emulator does not serve, instead of answering null', async () => {
    const result = await graphql(emulator, token, '{ shop { name plan { displayName } } }');
    expect(result.errors?.[0]).toMatchObject({
      message: "Field 'plan' on type 'Shop' is not supported by the Shopify emulator",
      extensions: { code: 'EMULATOR_UNSUPPORTED' },
    });
  });

  it('refuses an argument the emulator would otherwise ignore', async () => {
    const result = await graphql(
      emulator,
      token,
      '{ products(first: 2, sortKey: INVENTORY_TOTAL) { nodes { id } } }',
    );
    expect(result.errors?.[0]?.extensions?.['code']).toBe('EMULATOR_UNSUPPORTED');
  });

  it('accepts an application/graphql body', async () => {
    const response = await shopFetch(emulator, API_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/graphql', 'X-Shopify-Access-Token': token },
      body: '{ shop { name } }',
    });
    expect(await response.json()).toMatchObject({ data: { shop: { name: 'Demo Store' } } });
  });
});

describe('products', () => {
  const PAGE = `query Page($after: String) {
    products(first: 25, after: $after) {
      nodes { id title mediaCount { count } }
      pageInfo { hasNextPage endCursor }
    }
  }`;

  it('pages through every product with cursors', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const result: { data?: ProductPage } = await graphql<ProductPage>(emulator, token, PAGE, {
        after,
      });
      const page: ProductPage['products'] = result.data!.products;
      seen.push(...page.nodes.map((node) => node.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages += 1;
    } while (after);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(80);
  });

  it('pages backwards with last/before', async () => {
    const forward = await graphql<ProductPage>(
      emulator,
      token,
      '{ products(first: 3) { nodes { id title mediaCount { count } } pageInfo { hasNextPage endCursor } } }',
    );
    const result = await graphql<{ products: { nodes: { id: string }[] } }>(
      emulator,
      token,
      'query ($before: String) { products(last: 2, before: $before) { nodes { id } } }',
      { before: forward.data!.products.pageInfo.endCursor },
    );
    expect(result.data!.products.nodes.map((n) => n.id)).toEqual(
      forward.data!.products.nodes.slice(0, 2).map((n) => n.id),
    );
  });

  it('searches by title', async () => {
    const result = await graphql<ProductPage>(
      emulator,
      token,
      '{ products(first: 50, query: "title:*mug*") { nodes { id title mediaCount { count } } pageInfo { hasNextPage endCursor } } }',
    );
    const titles = result.data!.products.nodes.map((node) => node.title);
    expect(titles.length).toBeGreaterThan(1);
    expect(titles.every((title) => title.toLowerCase().includes('mug'))).toBe(true);
  });

  it('has products with several images and at least one without any', async () => {
    const result = await graphql<ProductPage>(
      emulator,
      token,
      '{ products(first: 80) { nodes { id title mediaCount { count } } pageInfo { hasNextPage endCursor } } }',
    );
    const counts = result.data!.products.nodes.map((node) => node.mediaCount.count);
    expect(counts).toContain(0);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(3);
  });

  it("filters a product's media by media_type", async () => {
    const result = await graphql<{
      products: { nodes: { media: { nodes: { mediaContentType: string }[] } }[] };
    }>(
      emulator,
      token,
      '{ products(first: 5) { nodes { media(first: 10, query: "media_type:IMAGE") { nodes { mediaContentType } } } } }',
    );
    const types = result.data!.products.nodes.flatMap((p) =>
      p.media.nodes.map((m) => m.mediaContentType),
    );
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['IMAGE']));
  });

  it('requires first or last, as Shopify does', async () => {
    const result = await graphql(emulator, token, '{ products { nodes { id } } }');
    expect(result.errors?.[0]?.message).toBe('you must provide one of first or last');
  });

  it('answers null for a product that does not exist and an error for a malformed id', async () => {
    const missing = await graphql(
      emulator,
      token,
      '{ product(id: "gid://shopify/Product/1") { id } }',
    );
    expect(missing.data).toEqual({ product: null });
    const malformed = await graphql(emulator, token, '{ product(id: "42") { id } }');
    expect(malformed.errors?.[0]?.message).toBe("Invalid global id '42'");
  });
});

describe('collections', () => {
  it('has a collection of at least 60 products, paginated', async () => {
    const result = await graphql<{
      collections: { nodes: { id: string; title: string; productsCount: { count: number } }[] };
    }>(
      emulator,
      token,
      '{ collections(first: 20) { nodes { id title productsCount { count } } } }',
    );
    const collections = result.data!.collections.nodes;
    expect(collections.length).toBeGreaterThanOrEqual(3);
    const bulk = collections.find((c) => c.productsCount.count >= 60)!;
    const page = await graphql<{
      collection: { products: { nodes: unknown[]; pageInfo: { hasNextPage: boolean } } };
    }>(
      emulator,
      token,
      'query ($id: ID!) { collection(id: $id) { products(first: 50) { nodes { id } pageInfo { hasNextPage } } } }',
      { id: bulk.id },
    );
    expect(page.data!.collection.products.nodes).toHaveLength(50);
    expect(page.data!.collection.products.pageInfo.hasNextPage).toBe(true);
  });
});

describe('media and the CDN', () => {
  /** The first product's featured image, with these Image fields selected. */
  async function firstProductImage<T>(imageFields: string): Promise<T> {
    const result = await graphql<{ products: { nodes: { featuredMedia: { image: T } }[] } }>(
      emulator,
      token,
      `
        {
          products(first: 1) {
            nodes {
              featuredMedia {
                ... on MediaImage {
                  image {
                    ${imageFields}
                  }
                }
              }
            }
          }
        }
      `,
    );
    return result.data!.products.nodes[0]!.featuredMedia.image;
  }

  it('returns an image URL whose transform the CDN applies (resized JPEG)', async () => {
    const image = await firstProductImage<{ url: string; width: number }>(
      'url(transform: { maxWidth: 300, maxHeight: 300, preferredContentType: JPG }) width',
    );
    expect(image.width).toBeGreaterThan(300);
    const response = await fetch(image.url);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(300);
  });

  it('converts to WebP and PNG on request', async () => {
    const { webp, png } = await firstProductImage<{ webp: string; png: string }>(
      `webp: url(transform: { maxWidth: 64, preferredContentType: WEBP })
       png: url(transform: { maxWidth: 64, preferredContentType: PNG })`,
    );
    const formatAt = async (url: string) =>
      (await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata()).format;
    expect(await formatAt(webp)).toBe('webp');
    expect(await formatAt(png)).toBe('png');
  });
});

describe('query cost', () => {
  it('reports requested and actual cost by Shopify’s rules, and the bucket', async () => {
    const result = await graphql(emulator, token, '{ products(first: 10) { nodes { id title } } }');
    expect(result.extensions?.cost).toMatchObject({
      requestedQueryCost: 12,
      actualQueryCost: 12,
      throttleStatus: { maximumAvailable: 2000, restoreRate: 100 },
    });
  });

  it('charges 10 for a mutation', async () => {
    const result = await graphql(
      emulator,
      token,
      'mutation { stagedUploadsCreate(input: [{ filename: "a.jpg", mimeType: "image/jpeg", resource: IMAGE }]) { stagedTargets { url } userErrors { message } } }',
    );
    expect(result.extensions?.cost.requestedQueryCost).toBe(10);
  });

  it('refuses a query above the single-query maximum of 1000', async () => {
    const result = await graphql(
      emulator,
      token,
      '{ products(first: 250) { nodes { media(first: 5) { nodes { id } } } } }',
    );
    expect(result.errors?.[0]?.extensions?.['code']).toBe('MAX_COST_EXCEEDED');
  });
});
