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

/** Collections with their product counts, gathered from the products that belong to them. */
export async function listCollections(client: ShopifyEmulatorClient, query: string) {
  const collections = new Map<string, { id: string; title: string; productsCount: number }>();
  for (const product of await client.products()) {
    for (const { id, title } of product.collections) {
      const entry = collections.get(id) ?? { id, title, productsCount: 0 };
      entry.productsCount += 1;
      collections.set(id, entry);
    }
  }
  return [...collections.values()]
    .filter((collection) => matches(collection.title, query))
    .slice(0, MAX_ITEMS)
    .map((collection) => ({
      ...collection,
      handle: collection.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      image: null,
      thumbnail: null,
      subtitle: `${collection.productsCount} products`,
    }));
}
