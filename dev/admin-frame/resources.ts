/**
 * The resource picker's lists in the shape App Bridge returns (`Product`, `Collection`), filled
 * with what the emulator knows, plus a thumbnail and a subtitle for the picker's rows.
 */
import type { EmulatorProduct, ShopifyEmulatorClient } from './shopify-emulator-client.ts';

const MAX_ITEMS = 250;

function matches(title: string, query: string): boolean {
  return title.toLowerCase().includes(query.trim().toLowerCase());
}

async function productResource(client: ShopifyEmulatorClient, product: EmulatorProduct) {
  const imageUrl = product.mediaCount > 0 ? await client.firstImageUrl(product.numericId) : null;
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    status: product.status,
    images: imageUrl
      ? [{ id: `${product.id}/image`, originalSrc: imageUrl, altText: product.title }]
      : [],
    variants: product.variants.map(({ id, title, price }) => ({ id, title, price })),
    totalVariants: product.variants.length,
    hasOnlyDefaultVariant: product.variants.length <= 1,
    thumbnail: imageUrl,
    subtitle: `${product.mediaCount} media`,
  };
}

export async function listProducts(client: ShopifyEmulatorClient, query: string) {
  const products = (await client.products()).filter((product) => matches(product.title, query));
  return Promise.all(
    products.slice(0, MAX_ITEMS).map((product) => productResource(client, product)),
  );
}

export interface EmulatorCollection {
  id: string;
  /** The number at the end of the gid, for the collection page's URL. */
  numericId: number;
  title: string;
  productsCount: number;
}

/** The store's collections with their product counts, gathered from the products in them. */
export function collectionsOf(products: EmulatorProduct[]): EmulatorCollection[] {
  const collections = new Map<string, EmulatorCollection>();
  for (const product of products) {
    for (const { id, title } of product.collections) {
      const numericId = Number(id.split('/').pop());
      const entry = collections.get(id) ?? { id, numericId, title, productsCount: 0 };
      entry.productsCount += 1;
      collections.set(id, entry);
    }
  }
  return [...collections.values()];
}

export async function listCollections(client: ShopifyEmulatorClient, query: string) {
  return collectionsOf(await client.products())
    .filter((collection) => matches(collection.title, query))
    .slice(0, MAX_ITEMS)
    .map(({ id, title, productsCount }) => ({
      id,
      title,
      productsCount,
      handle: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      image: null,
      thumbnail: null,
      subtitle: `${productsCount} products`,
    }));
}
