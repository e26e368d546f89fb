/**
 * All shops the emulator knows, and the id sequence their records share (Shopify ids are
 * unique per resource; one sequence keeps them unique across resources too, which makes a
 * wrong-type id lookup fail instead of finding something else).
 */
import type { ProductRecord, ShopRecord, FileRecord, MetafieldRecord } from './types.ts';

export class EmulatorStore {
  private readonly shops = new Map<string, ShopRecord>();
  private lastId = 8_000_000_000;

  nextId(): number {
    this.lastId += 1;
    return this.lastId;
  }

  addShop(shop: ShopRecord): void {
    this.shops.set(shop.domain, shop);
  }

  shop(domain: string): ShopRecord | undefined {
    return this.shops.get(domain);
  }

  allShops(): ShopRecord[] {
    return [...this.shops.values()];
  }
}

/**
 * The product's metafields by `namespace.key`: the Admin API's `metafieldsSet` writes them, the
 * storefront's Liquid reads them.
 */
export function productMetafields(product: ProductRecord): Map<string, MetafieldRecord> {
  return (product.metafields ??= new Map());
}

/** The product's media records in position order. */
export function productMedia(shop: ShopRecord, product: ProductRecord): FileRecord[] {
  return product.mediaIds
    .map((id) => shop.files.get(id))
    .filter((file): file is FileRecord => file !== undefined);
}

/**
 * Takes a media off the product, and off the variants that showed it, as Shopify does when a
 * product's media is removed or deleted.
 */
export function dropProductMedia(product: ProductRecord, fileId: number): void {
  product.mediaIds = product.mediaIds.filter((id) => id !== fileId);
  for (const variant of product.variants) {
    if (variant.mediaId === fileId) variant.mediaId = null;
  }
}

/** The products that reference a file (its `references` in Shopify's terms). */
export function productsReferencing(shop: ShopRecord, fileId: number): ProductRecord[] {
  return [...shop.products.values()].filter((product) => product.mediaIds.includes(fileId));
}
