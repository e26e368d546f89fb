/**
 * Review of a product's set of results made one per variant, on the real worker path
 * (API, workers, both emulators, Redis): the set decided together through one route, approve
 * all publishing every colour on its own variant, one colour rejected alone, and the options
 * picker per colour (each colour its own options, one chosen for each).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CreatedGeneration,
  GenerationView,
  VariantSetView,
} from '../../../src/app-api/contract.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { productTitled } from '../../support/seeded-shop.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({ colourProducts: true });
});

const mug = (shop: TestShop) => productTitled(harness.app, shop.shop, 'Colourway Mug');

/** A set made for review (Settings' review mode on), every result waiting in review. */
async function setInReview(shop: TestShop, productId: string, options = 1) {
  await harness.app.deps.settings.update(shop.shop, { reviewMode: true });
  const created = await shop.api<CreatedGeneration>('POST', '/generations', {
    productId,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a marble counter in morning light',
    sourceMediaIds: [],
    eachVariant: {},
    options,
  });
  expect(created.status).toBe(202);
  const set = created.body.variantSet!;
  await Promise.all(set.generationIds.map((id) => shop.waitFor(id, ['in_review'])));
  return set;
}

const decide = (shop: TestShop, setId: string, body: Record<string, unknown>) =>
  shop.api<VariantSetView>('POST', `/variant-sets/${setId}/decision`, body);

const CHANGED_OCEAN = {
  verdict: 'changed' as const,
  findings: ['the dark blue part has another colour'],
  checks: { colour: { deltaE: 14, where: 'the dark blue part' }, located: true },
  region: { x: 0.2, y: 0.25, width: 0.5, height: 0.6 },
  version: 'test-1',
};

const valuesOf = (generations: GenerationView[]) =>
  generations.map((generation) => [generation.variant!.value, generation.state]);

describe('a variant set in review', () => {
  it('approves all of the set at once: every colour published on its own variant', async () => {
    const shop = await harness.newShop();
    const product = await mug(shop);
    const set = await setInReview(shop, product.id);

    const answer = await decide(shop, set.id, { productId: product.id, action: 'approve' });
    expect(answer.status).toBe(200);
    expect(answer.body.generations.map((generation) => generation.variant!.value)).toEqual([
      'Terracotta',
      'Ocean',
      'Sage',
    ]);
    const published = await Promise.all(
      set.generationIds.map((id) => shop.waitFor(id, ['published', 'failed'])),
    );
    expect(published.map((generation) => generation.state)).toEqual(Array(3).fill('published'));
    expect((await mug(shop)).variants.map((variant) => variant.mediaId)).toEqual(
      published.map((generation) => generation.fileId),
    );
  });

  it('approves all of a set with a changed colour only when the request confirms it', async () => {
    const shop = await harness.newShop();
    const product = await mug(shop);
    const set = await setInReview(shop, product.id);
    const ocean = set.generationIds[1]!;
    // The check's report as attach writes it: the Ocean photo changed the mug.
    await harness.pipeline.generations.patch(shop.shop, ocean, { fidelity: CHANGED_OCEAN });

    const refused = await decide(shop, set.id, { productId: product.id, action: 'approve' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'flagged_results' });
    const waiting = await Promise.all(
      set.generationIds.map((id) => harness.pipeline.generations.get(shop.shop, id)),
    );
    expect(waiting.map((generation) => generation?.state)).toEqual(Array(3).fill('in_review'));

    const answer = await decide(shop, set.id, {
      productId: product.id,
      action: 'approve',
      approveFlagged: true,
    });
    expect(answer.status).toBe(200);
    const published = await Promise.all(
      set.generationIds.map((id) => shop.waitFor(id, ['published', 'failed'])),
    );
    expect(published.map((generation) => generation.state)).toEqual(Array(3).fill('published'));
  });

  it('rejects one colour alone, leaving the others waiting', async () => {
    const shop = await harness.newShop();
    const product = await mug(shop);
    const set = await setInReview(shop, product.id);
    const ocean = set.generationIds[1]!;

    const answer = await decide(shop, set.id, {
      productId: product.id,
      action: 'reject',
      generationIds: [ocean],
    });
    expect(valuesOf(answer.body.generations)).toEqual([
      ['Terracotta', 'in_review'],
      ['Ocean', 'discarded'],
      ['Sage', 'in_review'],
    ]);
    expect((await mug(shop)).variants).toEqual(product.variants);
  });

  it('gives each colour its own options, and publishes the one chosen for each', async () => {
    const shop = await harness.newShop();
    const product = await mug(shop);
    const set = await setInReview(shop, product.id, 2);
    expect(set.generationIds).toHaveLength(6);
    const view = await Promise.all(
      set.generationIds.map((id) => shop.api<GenerationView>('GET', `/generations/${id}`)),
    );
    const byValue = new Map<string, { body: GenerationView }[]>();
    for (const answer of view) {
      const value = answer.body.variant!.value;
      byValue.set(value, [...(byValue.get(value) ?? []), answer]);
    }
    expect([...byValue.keys()]).toEqual(['Terracotta', 'Ocean', 'Sage']);
    for (const options of byValue.values()) {
      expect(new Set(options.map(({ body }) => body.optionGroup)).size).toBe(1);
    }

    // Two options of one colour cannot both be its image.
    const terracotta = byValue.get('Terracotta')!.map(({ body }) => body.id);
    const twice = await decide(shop, set.id, {
      productId: product.id,
      action: 'approve',
      generationIds: terracotta,
    });
    expect(twice.status).toBe(400);

    const chosen = [...byValue.values()].map((options) => options[1]!.body.id);
    const answer = await decide(shop, set.id, {
      productId: product.id,
      action: 'approve',
      generationIds: chosen,
    });
    expect(answer.status).toBe(200);
    const published = await Promise.all(
      chosen.map((id) => shop.waitFor(id, ['published', 'failed'])),
    );
    expect((await mug(shop)).variants.map((variant) => variant.mediaId)).toEqual(
      published.map((generation) => generation.fileId),
    );
    const others = answer.body.generations.filter((generation) => !chosen.includes(generation.id));
    expect(others.map((generation) => generation.state)).toEqual(Array(3).fill('discarded'));
  });

  it('answers 404 for a set the product does not have', async () => {
    const shop = await harness.newShop();
    const product = await mug(shop);
    const answer = await decide(shop, '01JAAAAAAAAAAAAAAAAAAAAAAA', {
      productId: product.id,
      action: 'approve',
    });
    expect(answer.status).toBe(404);
  });
});
