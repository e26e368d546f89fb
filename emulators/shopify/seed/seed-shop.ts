/**
 * Builds an installed demo shop: products with variants and real images, and collections, one
 * of which holds at least 60 products for bulk work. Images are registered on the CDN as lazy
 * assets: their bytes are drawn by sharp the first time anything fetches them.
 */
import type { AssetStore } from '../store/assets.ts';
import type { EmulatorStore } from '../store/emulator-store.ts';
import type { CollectionRecord, ProductRecord, ShopRecord } from '../store/types.ts';
import {
  BULK_COLLECTION,
  BULK_COLLECTION_SIZE,
  COLOURS,
  NEW_ARRIVALS,
  NEW_ARRIVALS_SIZE,
  PRODUCT_KINDS,
  imagePlan,
} from './catalog.ts';
import { seedColourProducts } from './colour-products.ts';
import { renderProductImage } from './product-art.ts';
import { seedImage } from './seeded-image.ts';

export interface SeedOptions {
  productCount: number;
  /** Also seed the products sold in several colours (colour-products.ts). */
  colourProducts: boolean;
  scopes: string[];
  /** Its published locales, the primary first. */
  locales: readonly string[];
  nowMs: number;
}

const MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
const EXTENSION = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function shopName(domain: string): string {
  return domain
    .replace(/\.myshopify\.com$/, '')
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function seedShop(
  store: EmulatorStore,
  assets: AssetStore,
  domain: string,
  options: SeedOptions,
): ShopRecord {
  const { nowMs } = options;
  const shop: ShopRecord = {
    domain,
    numericId: store.nextId(),
    name: shopName(domain),
    email: `owner@${domain}`,
    currencyCode: 'USD',
    ianaTimezone: 'America/New_York',
    createdAt: nowMs - 400 * 24 * 3600 * 1000,
    installed: true,
    scopes: [...options.scopes],
    products: new Map(),
    collections: new Map(),
    files: new Map(),
    jobs: new Map(),
    metaobjectDefinitions: new Map(),
    metaobjects: new Map(),
    locales: options.locales.map((locale, index) => ({
      locale,
      primary: index === 0,
      published: true,
    })),
    translations: new Map(),
  };
  const byCollection = new Map<string, number[]>();
  const products: ProductRecord[] = [];

  for (let index = 0; index < options.productCount; index += 1) {
    const kind = PRODUCT_KINDS[index % PRODUCT_KINDS.length]!;
    const round = Math.floor(index / PRODUCT_KINDS.length);
    const colour = COLOURS[round % COLOURS.length]!;
    const edition = round >= COLOURS.length ? ` ${Math.floor(round / COLOURS.length) + 1}` : '';
    const title = `${colour.name} ${kind.name}${edition}`;
    // Older products first, a day apart, so "newest" means something.
    const createdAt = nowMs - (options.productCount - index) * 24 * 3600 * 1000;
    const product: ProductRecord = {
      id: store.nextId(),
      title,
      handle: slugify(title),
      status: index % 29 === 28 ? 'DRAFT' : 'ACTIVE',
      vendor: kind.vendor,
      productType: kind.productType,
      descriptionHtml: `<p>${title} from ${kind.vendor}. Made to last, in ${colour.name.toLowerCase()}.</p>`,
      tags: [slugify(kind.collection), colour.name.toLowerCase()],
      createdAt,
      updatedAt: createdAt,
      variants: (kind.options.length ? kind.options : ['Default Title']).map(
        (option, position) => ({
          id: store.nextId(),
          title: option,
          price: (kind.basePrice + (index % 5) + position * 2).toFixed(2),
          sku: `${slugify(kind.name).toUpperCase()}-${index + 1}-${position + 1}`,
          position: position + 1,
          inventoryQuantity: (index * 7 + position * 3) % 40,
          selectedOptions: [{ name: kind.options.length ? 'Size' : 'Title', value: option }],
          mediaId: null,
        }),
      ),
      mediaIds: [],
    };
    const plan = imagePlan(index);
    plan.forEach((image, view) => {
      const file = seedImage(store, assets, shop, {
        filename: `${product.handle}-${view + 1}.${EXTENSION[image.format]}`,
        alt: view === 0 ? title : `${title}, view ${view + 1}`,
        mimeType: MIME[image.format],
        width: image.width,
        height: image.height,
        createdAt,
        render: () =>
          renderProductImage({
            kind: kind.art,
            colour: colour.hex,
            title,
            view,
            views: plan.length,
            ...image,
          }),
      });
      product.mediaIds.push(file.id);
    });
    shop.products.set(product.id, product);
    products.push(product);
    const members = byCollection.get(kind.collection) ?? [];
    members.push(product.id);
    byCollection.set(kind.collection, members);
  }

  byCollection.set(
    BULK_COLLECTION,
    products.slice(0, Math.min(BULK_COLLECTION_SIZE, products.length)).map((p) => p.id),
  );
  byCollection.set(
    NEW_ARRIVALS,
    products.slice(-NEW_ARRIVALS_SIZE).map((p) => p.id),
  );
  for (const [title, productIds] of [...byCollection.entries()].sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const collection: CollectionRecord = {
      id: store.nextId(),
      title,
      handle: slugify(title),
      descriptionHtml: `<p>${title}</p>`,
      productIds,
      updatedAt: nowMs,
    };
    shop.collections.set(collection.id, collection);
  }
  if (options.colourProducts) seedColourProducts(store, assets, shop, nowMs);
  store.addShop(shop);
  return shop;
}
