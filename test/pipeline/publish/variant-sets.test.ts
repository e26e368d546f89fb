/**
 * One result per variant, end to end on the real worker path: the app's API, the
 * pipeline's workers (submit, await, attach, verify), both emulators and the suite's Redis. A
 * product sold in several colours gets one result per colour, each made from that colour's own
 * image and shown on that colour's variants; undo gives every variant its image back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedGeneration, Estimate, GenerationView } from '../../../src/app-api/contract.ts';
import {
  restoreVariantImages,
  showOnVariants,
} from '../../../src/pipeline/publish/variant-images.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { productTitled, seededProducts } from '../../support/seeded-shop.ts';
import { productMedia } from '../../support/shop-media.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({ colourProducts: true });
});

/** The product's variants as the Shopify emulator holds them now. */
async function variants(shop: TestShop, productId: string) {
  const products = await seededProducts(harness.app, shop.shop);
  return products.find((product) => product.id === productId)!.variants;
}

const idOf = async (shop: TestShop, title: string) =>
  (await productTitled(harness.app, shop.shop, title)).id;

const scene = (productId: string) => ({
  productId,
  kind: 'photo',
  model: 'nanobanana',
  prompt: 'On a marble counter in morning light',
  sourceMediaIds: [],
  eachVariant: {},
});

describe('one result per colour', () => {
  it('gives a 3-colour product 3 results, each on its own variant, and undo brings the originals back', async () => {
    const shop = await harness.newShop();
    const productId = await idOf(shop, 'Colourway Mug');
    const before = await variants(shop, productId);
    const creditsBefore = await shop.credits();

    const estimate = await shop.api<Estimate>('POST', '/generations/estimate', scene(productId));
    expect(estimate.body.variants!.values.map((value) => [value.value, value.skipped])).toEqual([
      ['Terracotta', null],
      ['Ocean', null],
      ['Sage', null],
    ]);
    expect(estimate.body.credits).toBe(3 * estimate.body.creditsPerOption);

    const created = await shop.api<CreatedGeneration>('POST', '/generations', scene(productId));
    expect(created.status).toBe(202);
    const ids = created.body.variantSet!.generationIds;
    expect(ids).toHaveLength(3);
    const published = await Promise.all(ids.map((id) => shop.waitFor(id, ['published', 'failed'])));
    expect(published.map((generation) => generation.state)).toEqual(Array(3).fill('published'));

    // Each made from its colour's own image, and shown on that colour's variant now.
    expect(published.map((generation) => generation.sourceMediaIds)).toEqual(
      before.map((variant) => [variant.mediaId]),
    );
    expect((await variants(shop, productId)).map((variant) => variant.mediaId)).toEqual(
      published.map((generation) => generation.fileId),
    );
    const media = (await productMedia(harness.app, shop.shop, productId)).map((item) => item.id);
    expect(media).toEqual(expect.arrayContaining(published.map((generation) => generation.fileId)));
    // What Undo would reverse, as its confirmation says it: each colour's variants.
    const view = await shop.api<GenerationView>('GET', `/generations/${ids[0]!}`);
    expect(view.body.placement).toBe('variants');
    // Charged per colour, as estimated.
    const charged = published.reduce((sum, generation) => sum + generation.chargedCredits!, 0);
    expect(charged).toBe(estimate.body.credits);
    expect(creditsBefore - (await shop.credits())).toBe(charged);

    for (const id of ids) {
      const undone = await shop.api<GenerationView>('POST', `/generations/${id}/undo`);
      expect(undone.body.state).toBe('discarded');
    }
    expect(await variants(shop, productId)).toEqual(before);
    const after = (await productMedia(harness.app, shop.shop, productId)).map((item) => item.id);
    expect(after).toEqual(before.map((variant) => variant.mediaId));
  });

  it('skips a colour without an image of its own, and says so, never using another colour’s photo', async () => {
    const shop = await harness.newShop();
    const productId = await idOf(shop, 'Colourway Daypack');
    const plum = (await variants(shop, productId)).find((variant) => variant.title === 'Plum')!;

    const estimate = await shop.api<Estimate>('POST', '/generations/estimate', scene(productId));
    const skipped = estimate.body.variants!.values.filter((value) => value.skipped !== null);
    expect(skipped.map((value) => value.value)).toEqual(['Plum']);
    expect(skipped[0]!.skipped).toContain('Color “Plum” has no image of its own');
    expect(estimate.body.credits).toBe(3 * estimate.body.creditsPerOption);

    const created = await shop.api<CreatedGeneration>('POST', '/generations', scene(productId));
    expect(created.body.variantSet!.skipped.map((entry) => entry.value)).toEqual(['Plum']);
    const ids = created.body.variantSet!.generationIds;
    const published = await Promise.all(ids.map((id) => shop.waitFor(id, ['published', 'failed'])));
    expect(published.map((generation) => generation.variant!.value)).toEqual([
      'Charcoal',
      'Mustard',
      'Blush',
    ]);
    expect(published.flatMap((generation) => generation.variant!.variantIds)).not.toContain(
      plum.id,
    );
    expect(
      (await variants(shop, productId)).find((variant) => variant.id === plum.id)!.mediaId,
    ).toBe(null);
  });

  it('puts one colour’s result on every size of that colour', async () => {
    const shop = await harness.newShop();
    const productId = await idOf(shop, 'Colourway T-Shirt');
    const created = await shop.api<CreatedGeneration>('POST', '/generations', scene(productId));
    const ids = created.body.variantSet!.generationIds;
    const [ivory, plum] = await Promise.all(
      ids.map((id) => shop.waitFor(id, ['published', 'failed'])),
    );
    expect((await variants(shop, productId)).map((variant) => variant.mediaId)).toEqual([
      ivory!.fileId,
      ivory!.fileId,
      plum!.fileId,
      plum!.fileId,
    ]);
  });
});

describe('a publish or an undo repeated after a crash', () => {
  it('changes the variants once, and keeps what they showed before the first time', async () => {
    const shop = await harness.newShop();
    const productId = await idOf(shop, 'Colourway Mug');
    const before = await variants(shop, productId);
    const created = await shop.api<CreatedGeneration>('POST', '/generations', scene(productId));
    const [id] = created.body.variantSet!.generationIds;
    const published = await shop.waitFor(id!, ['published', 'failed']);
    const admin = await harness.pipeline.context.admin(shop.shop);
    const { generations } = harness.pipeline;
    const result = { ...published, fileId: published.fileId!, variant: published.variant! };

    // Verify's variant step again: the variant already shows the result.
    await showOnVariants(admin, generations, result);
    expect((await variants(shop, productId))[0]!.mediaId).toBe(published.fileId);
    const recorded = (await generations.get(shop.shop, id!))!.variant!.previousMediaIds;
    expect(recorded).toEqual({ [before[0]!.id]: before[0]!.mediaId });

    // Undo's variant step twice (a crash before the move to discarded), then the undo itself.
    expect(await restoreVariantImages(admin, result)).toBe(1);
    expect(await restoreVariantImages(admin, result)).toBe(0);
    const undone = await shop.api<GenerationView>('POST', `/generations/${id}/undo`);
    expect(undone.body.state).toBe('discarded');
    expect((await variants(shop, productId))[0]).toEqual(before[0]);
  });
});

describe('what a set per variant refuses, before anything is made', () => {
  it('answers 400 for a video, chosen images or an empty option name', async () => {
    const shop = await harness.newShop();
    const productId = await idOf(shop, 'Colourway Mug');
    const mug = await variants(shop, productId);
    const refused = [
      { ...scene(productId), kind: 'video', model: undefined },
      { ...scene(productId), sourceMediaIds: [mug[0]!.mediaId] },
      { ...scene(productId), eachVariant: { option: ' ' } },
    ];
    for (const body of refused) {
      expect((await shop.api('POST', '/generations', body)).status).toBe(400);
    }
    const list = await shop.api<{ generations: unknown[] }>('GET', '/generations');
    expect(list.body.generations).toEqual([]);
  });

  it('answers 400 naming the product’s options when it has not the one asked for', async () => {
    const shop = await harness.newShop();
    const productId = await idOf(shop, 'Colourway T-Shirt');
    const answer = await shop.api<{ message: string; fields: Record<string, string> }>(
      'POST',
      '/generations',
      { ...scene(productId), eachVariant: { option: 'Material' } },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields['eachVariant']).toBe(
      '“Colourway T-Shirt” has no option “Material” (its options: Color, Size).',
    );
  });
});
