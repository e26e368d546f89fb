/**
 * The Flow action's "One photo for each" field: a run naming Color makes one photo
 * per colour of a product whose colour variants have their own images, each published on its
 * variants, once however often Flow sends the run; a product without such variants gets its one
 * photo. Through the Flow actions service (the route's one call, with a body signed as Flow
 * signs it: flow.test.ts covers the route), the workers and both emulators.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { seededProducts } from '../../support/seeded-shop.ts';
import { signedFlowAction } from '../../support/flow-actions.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({ colourProducts: true });
});

const products = (shop: TestShop) => seededProducts(harness.app, shop.shop);

const numericId = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);

function run(shop: TestShop, productId: string, runId: string, eachVariant?: string) {
  return harness.app.deps.features.flowActions.generatePhoto(
    signedFlowAction({
      shopify_domain: shop.shop,
      action_run_id: runId,
      properties: {
        product_id: numericId(productId),
        prompt: 'On a marble counter in morning light',
        ...(eachVariant === undefined ? {} : { each_variant: eachVariant }),
      },
    }),
  );
}

describe('the Flow action, one photo for each colour', () => {
  it('makes one photo per colour, each on its variant, once however often Flow sends the run', async () => {
    const shop = await harness.newShop();
    const mug = (await products(shop)).find((product) => product.title === 'Colourway Mug')!;

    const answer = await run(shop, mug.id, 'run-mug', 'Color');
    expect(answer.generationIds).toHaveLength(3);
    expect(await run(shop, mug.id, 'run-mug', 'Color')).toMatchObject({
      generationIds: answer.generationIds,
      duplicate: true,
    });

    const made = await Promise.all(
      answer.generationIds.map((id) => shop.waitFor(id, ['published', 'failed'])),
    );
    expect(made.map((generation) => generation.state)).toEqual(Array(3).fill('published'));
    expect(made.every((generation) => generation.origin?.type === 'flow')).toBe(true);
    const after = (await products(shop)).find((product) => product.id === mug.id)!;
    expect(after.variants.map((variant) => variant.mediaId)).toEqual(
      after.variants.map(
        (variant) => made.find((generation) => generation.variant!.value === variant.title)!.fileId,
      ),
    );
  });

  it('gives a product without colour variants its one photo', async () => {
    const shop = await harness.newShop();
    const plain = (await products(shop)).find(
      (product) => product.mediaCount > 0 && !product.title.startsWith('Colourway'),
    )!;
    const answer = await run(shop, plain.id, 'run-plain', 'Color');
    expect(answer.generationIds).toHaveLength(1);
    const generation = await harness.pipeline.generations.get(shop.shop, answer.generationId);
    expect(generation!.variant ?? null).toBe(null);
  });
});
