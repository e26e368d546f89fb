/**
 * Products sold in several colours, each colour's variants showing that colour's own image, as
 * merchants set them up so that choosing "Ocean" on the storefront shows the ocean one. Seeded
 * beside the catalogue (its own collection, "Colourways") when the emulator is started with
 * `colourProducts`, so the catalogue's counts that tests rely on stay what they were.
 *
 * Three shapes the app must handle: every colour with its image (the mug), one colour without
 * (the daypack's Plum: its variant shows no image of its own), and colours crossed with sizes,
 * where each colour's image is on every size of that colour (the t-shirt).
 */
import type { AssetStore } from '../store/assets.ts';
import type { EmulatorStore } from '../store/emulator-store.ts';
import type { FileRecord, ProductRecord, ShopRecord, VariantRecord } from '../store/types.ts';
import { COLOURS } from './catalog.ts';
import { renderProductImage, type ArtKind } from './product-art.ts';
import { seedImage } from './seeded-image.ts';

export const COLOURWAYS_COLLECTION = 'Colourways';

interface ColourProduct {
  art: ArtKind;
  title: string;
  productType: string;
  vendor: string;
  price: number;
  /** Colour names from the catalogue's COLOURS. */
  colours: string[];
  /** A colour sold without an image of its own. */
  withoutImage?: string;
  sizes?: string[];
}

export const COLOUR_PRODUCTS: readonly ColourProduct[] = [
  {
    art: 'mug',
    title: 'Colourway Mug',
    productType: 'Mugs',
    vendor: 'Kiln & Co',
    price: 18,
    colours: ['Terracotta', 'Ocean', 'Sage'],
  },
  {
    art: 'backpack',
    title: 'Colourway Daypack',
    productType: 'Bags',
    vendor: 'Trailhead',
    price: 89,
    colours: ['Charcoal', 'Mustard', 'Blush', 'Plum'],
    withoutImage: 'Plum',
  },
  {
    art: 'tshirt',
    title: 'Colourway T-Shirt',
    productType: 'Shirts',
    vendor: 'Threadline',
    price: 29,
    colours: ['Ivory', 'Plum'],
    sizes: ['S', 'M'],
  },
];

const SIZE = 1024;

/** Adds the colour products and their collection to `shop`; returns the products. */
export function seedColourProducts(
  store: EmulatorStore,
  assets: AssetStore,
  shop: ShopRecord,
  nowMs: number,
): ProductRecord[] {
  const products = COLOUR_PRODUCTS.map((spec) => colourProduct(store, assets, shop, spec, nowMs));
  const collectionId = store.nextId();
  shop.collections.set(collectionId, {
    id: collectionId,
    title: COLOURWAYS_COLLECTION,
    handle: 'colourways',
    descriptionHtml: `<p>${COLOURWAYS_COLLECTION}</p>`,
    productIds: products.map((product) => product.id),
    updatedAt: nowMs,
  });
  return products;
}

function colourProduct(
  store: EmulatorStore,
  assets: AssetStore,
  shop: ShopRecord,
  spec: ColourProduct,
  nowMs: number,
): ProductRecord {
  const handle = spec.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const product: ProductRecord = {
    id: store.nextId(),
    title: spec.title,
    handle,
    status: 'ACTIVE',
    vendor: spec.vendor,
    productType: spec.productType,
    descriptionHtml: `<p>${spec.title}, in ${spec.colours.length} colours.</p>`,
    tags: ['colourways'],
    createdAt: nowMs,
    updatedAt: nowMs,
    variants: [],
    mediaIds: [],
  };
  const pictured = spec.colours.filter((colour) => colour !== spec.withoutImage);
  const imageOf = new Map(
    pictured.map((colour) => [
      colour,
      colourImage(store, assets, shop, { spec, handle, colour, createdAt: nowMs }),
    ]),
  );
  for (const file of imageOf.values()) product.mediaIds.push(file.id);
  for (const colour of spec.colours) {
    for (const size of spec.sizes ?? [null]) {
      const position = product.variants.length + 1;
      const variant: VariantRecord = {
        id: store.nextId(),
        title: size ? `${colour} / ${size}` : colour,
        price: spec.price.toFixed(2),
        sku: `${handle.toUpperCase()}-${position}`,
        position,
        inventoryQuantity: 10 + position,
        selectedOptions: [
          { name: 'Color', value: colour },
          ...(size ? [{ name: 'Size', value: size }] : []),
        ],
        mediaId: imageOf.get(colour)?.id ?? null,
      };
      product.variants.push(variant);
    }
  }
  shop.products.set(product.id, product);
  return product;
}

function colourImage(
  store: EmulatorStore,
  assets: AssetStore,
  shop: ShopRecord,
  image: { spec: ColourProduct; handle: string; colour: string; createdAt: number },
): FileRecord {
  const { spec, colour, createdAt } = image;
  const hex = COLOURS.find((entry) => entry.name === colour)?.hex;
  if (!hex) throw new Error(`colour ${colour} is not in the catalogue`);
  const title = `${colour} ${spec.title}`;
  return seedImage(store, assets, shop, {
    filename: `${image.handle}-${colour.toLowerCase()}.jpg`,
    alt: title,
    mimeType: 'image/jpeg',
    width: SIZE,
    height: SIZE,
    createdAt,
    // Every colour is drawn as the same view, so only the colour tells the images apart.
    render: () =>
      renderProductImage({
        kind: spec.art,
        colour: hex,
        title,
        view: 0,
        views: 1,
        width: SIZE,
        height: SIZE,
        format: 'jpeg',
      }),
  });
}
