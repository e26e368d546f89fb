/**
 * What the admin frame reads from the Shopify emulator's control surface: session tokens for
 * the demo shop, and its products and collections for the resource picker and product pages.
 */
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

export interface ShopifyEmulatorClient {
  sessionToken(): Promise<string>;
  products(): Promise<EmulatorProduct[]>;
  productMedia(numericId: number): Promise<EmulatorMedia[]>;
  /** The URL of the product's first ready image, or null. */
  firstImageUrl(numericId: number): Promise<string | null>;
  productPageUrl(numericId: number): string;
}

export function shopifyEmulatorClient(emulatorUrl: string, shop: string): ShopifyEmulatorClient {
  const base = `${emulatorUrl.replace(/\/$/, '')}/__emulator`;
  const shopPath = `${base}/shops/${encodeURIComponent(shop)}`;
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
  };
}
