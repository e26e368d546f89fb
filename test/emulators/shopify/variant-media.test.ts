import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import {
  PRODUCT_VARIANT_APPEND_MEDIA,
  PRODUCT_VARIANT_DETACH_MEDIA,
  PRODUCT_VARIANT_IMAGES,
  VARIANTS_MEDIA,
} from '../../../src/shopify/operations/variants.ts';
import { FILE_UPDATE } from '../../../src/shopify/operations/files.ts';
import { exchangeToken, graphql, startTestEmulator } from './support/emulator.ts';

let emulator: ShopifyEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startTestEmulator({ productCount: 2, colourProducts: true });
  token = (await exchangeToken(emulator)).access_token;
});
afterAll(() => emulator.close());

interface VariantNode {
  id: string;
  title: string;
  selectedOptions: { name: string; value: string }[];
  media: { nodes: { id: string; image?: { url: string } | null }[] };
}

interface ProductVariants {
  id: string;
  title: string;
  options: { name: string }[];
  variants: { nodes: VariantNode[] };
}

const TRANSFORM = { maxWidth: 512, maxHeight: 512 };

async function colourProduct(title: string): Promise<ProductVariants> {
  const found = await graphql<{ products: { nodes: { id: string }[] } }>(
    emulator,
    token,
    `
      query ($query: String) {
        products(first: 1, query: $query) {
          nodes {
            id
          }
        }
      }
    `,
    { query: `title:${JSON.stringify(title)}` },
  );
  const id = found.data!.products.nodes[0]!.id;
  const result = await graphql<{ product: ProductVariants }>(
    emulator,
    token,
    PRODUCT_VARIANT_IMAGES,
    { id, source: TRANSFORM, thumbnail: TRANSFORM },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.product;
}

const mediaOf = (variant: VariantNode) => variant.media.nodes[0]?.id ?? null;

async function variantMedia(
  mutation: string,
  productId: string,
  pairs: { variantId: string; mediaIds: string[] }[],
): Promise<{ code: string }[]> {
  const result = await graphql<Record<string, { userErrors: { code: string }[] }>>(
    emulator,
    token,
    mutation,
    { productId, variantMedia: pairs },
  );
  expect(result.errors).toBeUndefined();
  return Object.values(result.data!)[0]!.userErrors;
}

async function shown(variantIds: string[]): Promise<(string | null)[]> {
  const result = await graphql<{ nodes: { media: { nodes: { id: string }[] } }[] }>(
    emulator,
    token,
    VARIANTS_MEDIA,
    { ids: variantIds },
  );
  return result.data!.nodes.map((node) => node.media.nodes[0]?.id ?? null);
}

describe('products sold in several colours (seeded with colourProducts)', () => {
  it('lists the Color option and gives each colour’s variant an image of its own', async () => {
    const mug = await colourProduct('Colourway Mug');
    expect(mug.options.map((option) => option.name)).toEqual(['Color']);
    expect(mug.variants.nodes.map((variant) => variant.selectedOptions)).toEqual([
      [{ name: 'Color', value: 'Terracotta' }],
      [{ name: 'Color', value: 'Ocean' }],
      [{ name: 'Color', value: 'Sage' }],
    ]);
    const media = mug.variants.nodes.map(mediaOf);
    expect(new Set(media).size).toBe(3);
    expect(mug.variants.nodes.every((variant) => variant.media.nodes[0]?.image?.url)).toBe(true);
  });

  it('leaves a colour without an image of its own with none', async () => {
    const daypack = await colourProduct('Colourway Daypack');
    const plum = daypack.variants.nodes.find((variant) => variant.title === 'Plum')!;
    expect(plum.media.nodes).toEqual([]);
  });

  it('shows one colour’s image on every size of that colour', async () => {
    const shirt = await colourProduct('Colourway T-Shirt');
    expect(shirt.options.map((option) => option.name)).toEqual(['Color', 'Size']);
    const [ivoryS, ivoryM, plumS] = shirt.variants.nodes;
    expect(mediaOf(ivoryS!)).toBe(mediaOf(ivoryM!));
    expect(mediaOf(ivoryS!)).not.toBe(mediaOf(plumS!));
  });
});

describe('productVariantAppendMedia and productVariantDetachMedia', () => {
  it('refuses to append to a variant that already shows an image', async () => {
    const mug = await colourProduct('Colourway Mug');
    const [terracotta, ocean] = mug.variants.nodes;
    const errors = await variantMedia(PRODUCT_VARIANT_APPEND_MEDIA, mug.id, [
      { variantId: terracotta!.id, mediaIds: [mediaOf(ocean!)!] },
    ]);
    expect(errors.map((error) => error.code)).toEqual(['PRODUCT_VARIANT_ALREADY_HAS_MEDIA']);
  });

  it('changes a variant’s image by a detach then an append', async () => {
    const daypack = await colourProduct('Colourway Daypack');
    const [charcoal, mustard] = daypack.variants.nodes;
    const own = mediaOf(charcoal!)!;
    const other = mediaOf(mustard!)!;
    expect(
      await variantMedia(PRODUCT_VARIANT_DETACH_MEDIA, daypack.id, [
        { variantId: charcoal!.id, mediaIds: [own] },
      ]),
    ).toEqual([]);
    expect(await shown([charcoal!.id])).toEqual([null]);
    expect(
      await variantMedia(PRODUCT_VARIANT_APPEND_MEDIA, daypack.id, [
        { variantId: charcoal!.id, mediaIds: [other] },
      ]),
    ).toEqual([]);
    expect(await shown([charcoal!.id, mustard!.id])).toEqual([other, other]);
  });

  it('refuses to detach a media the variant does not show', async () => {
    const mug = await colourProduct('Colourway Mug');
    const [, ocean, sage] = mug.variants.nodes;
    const errors = await variantMedia(PRODUCT_VARIANT_DETACH_MEDIA, mug.id, [
      { variantId: ocean!.id, mediaIds: [mediaOf(sage!)!] },
    ]);
    expect(errors.map((error) => error.code)).toEqual(['MEDIA_IS_NOT_ATTACHED_TO_VARIANT']);
  });

  it('changes nothing when one pair names a media of another product', async () => {
    const shirt = await colourProduct('Colourway T-Shirt');
    const mug = await colourProduct('Colourway Mug');
    const [ivoryS, , plumS] = shirt.variants.nodes;
    const errors = await variantMedia(PRODUCT_VARIANT_DETACH_MEDIA, shirt.id, [
      { variantId: ivoryS!.id, mediaIds: [mediaOf(ivoryS!)!] },
      { variantId: plumS!.id, mediaIds: [mediaOf(mug.variants.nodes[0]!)!] },
    ]);
    expect(errors.map((error) => error.code)).toEqual(['MEDIA_DOES_NOT_EXIST_ON_PRODUCT']);
    expect(await shown([ivoryS!.id])).toEqual([mediaOf(ivoryS!)]);
  });

  it('takes a media off its variants when it is taken off the product', async () => {
    const mug = await colourProduct('Colourway Mug');
    const sage = mug.variants.nodes[2]!;
    const result = await graphql<{ fileUpdate: { userErrors: unknown[] } }>(
      emulator,
      token,
      FILE_UPDATE,
      { files: [{ id: mediaOf(sage), referencesToRemove: [mug.id] }] },
    );
    expect(result.data!.fileUpdate.userErrors).toEqual([]);
    expect(await shown([sage.id])).toEqual([null]);
  });
});
