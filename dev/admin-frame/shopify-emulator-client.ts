/**
 * What the admin frame reads from the Shopify emulator's control surface: session tokens for
 * the demo shop, and its products and collections for the resource picker and product pages;
 * and the one thing it writes, a new product, through the Admin GraphQL API as the admin does.
 */
import { ADMIN_API_VERSION } from '../../src/shopify/api-version.ts';

export interface EmulatorProduct {
  id: string;
  numericId: number;
  title: string;
  handle: string;
  status: string;
  mediaCount: number;
  variants: { id: string; title: string; price: string }[];
  collections: { id: string; title: string }[];
}

export interface EmulatorMedia {
  id: string;
  type: string;
  status: string;
  alt: string;
  url: string | null;
}

/** An image of the demo store's seed art, to give a new product. */
export interface SeedImage {
  url: string;
  alt: string;
}

export interface NewProduct {
  title: string;
  tags: string[];
  productType: string;
  vendor: string;
  imageUrls: string[];
}

/** The new product's numeric id, or Shopify's userErrors messages. */
export type ProductCreation = { numericId: number } | { errors: string[] };

const PRODUCT_CREATE = `mutation AdminAddProduct($product: ProductCreateInput!, $media: [CreateMediaInput!]) {
  productCreate(product: $product, media: $media) {
    product { legacyResourceId }
    userErrors { field message }
  }
}`;

export interface ShopifyEmulatorClient {
  sessionToken(): Promise<string>;
  products(): Promise<EmulatorProduct[]>;
  productMedia(numericId: number): Promise<EmulatorMedia[]>;
  /** The URL of the product's first ready image, or null. */
  firstImageUrl(numericId: number): Promise<string | null>;
  productPageUrl(numericId: number): string;
  /** The first image of each seeded product, at most `limit`. */
  seedImages(limit: number): Promise<SeedImage[]>;
  /** `productCreate` with the images as media; Shopify then sends products/create. */
  createProduct(product: NewProduct): Promise<ProductCreation>;
}

export function shopifyEmulatorClient(emulatorUrl: string, shop: string): ShopifyEmulatorClient {
  const base = `${emulatorUrl.replace(/\/$/, '')}/__emulator`;
  const shopPath = `${base}/shops/${encodeURIComponent(shop)}`;
  let staffToken: Promise<string> | undefined;
  const json = async <T>(url: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(url, init);
    if (!response.ok)
      throw new Error(`Shopify emulator: ${init?.method ?? 'GET'} ${url} → ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    async sessionToken() {
      const { token } = await json<{ token: string }>(`${base}/session-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shop }),
      });
      return token;
    },
    async products() {
      return (await json<{ products: EmulatorProduct[] }>(`${shopPath}/products`)).products;
    },
    async productMedia(numericId) {
      return (await json<{ media: EmulatorMedia[] }>(`${shopPath}/products/${numericId}/media`))
        .media;
    },
    async firstImageUrl(numericId) {
      const media = await this.productMedia(numericId);
      const image = media.find((item) => item.type === 'MediaImage' && item.url);
      if (!image?.url) return null;
      const small = new URL(image.url);
      small.searchParams.set('width', '80');
      return small.toString();
    },
    productPageUrl(numericId) {
      return `${shopPath}/products/${numericId}`;
    },
    async seedImages(limit) {
      const { files } = await json<{
        files: { type: string; alt: string; url: string | null; references: string[] }[];
      }>(`${shopPath}/files`);
      const seen = new Set<string>();
      return files
        .filter((file) => {
          const product = file.references[0];
          if (file.type !== 'MediaImage' || !file.url || !product || seen.has(product))
            return false;
          seen.add(product);
          return true;
        })
        .slice(0, limit)
        .map((file) => ({ url: file.url!, alt: file.alt }));
    },
    async createProduct(product) {
      // The admin acts as the logged-in staff member, not as an app: a token of the merchant's.
      staffToken ??= json<{ token: string }>(`${shopPath}/staff-token`, { method: 'POST' }).then(
        ({ token }) => token,
        (error: unknown) => {
          staffToken = undefined;
          throw error;
        },
      );
      const answer = await json<{
        data?: {
          productCreate: {
            product: { legacyResourceId: string } | null;
            userErrors: { message: string }[];
          };
        };
        errors?: { message: string }[];
      }>(`${emulatorUrl.replace(/\/$/, '')}/admin/api/${ADMIN_API_VERSION}/graphql.json`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-Forwarded-Host': shop,
          'X-Shopify-Access-Token': await staffToken,
        },
        body: JSON.stringify({
          query: PRODUCT_CREATE,
          variables: {
            product: {
              title: product.title,
              tags: product.tags,
              productType: product.productType,
              vendor: product.vendor,
            },
            media: product.imageUrls.map((originalSource) => ({
              mediaContentType: 'IMAGE',
              originalSource,
            })),
          },
        }),
      });
      if (answer.errors) throw new Error(`productCreate: ${answer.errors[0]!.message}`);
      const { product: created, userErrors } = answer.data!.productCreate;
      if (!created) return { errors: userErrors.map(({ message }) => message) };
      return { numericId: Number(created.legacyResourceId) };
    },
  };
}
