/**
 * A crash between creating the result's file and recording it must not leave a second file:
 * attach run again for the same generation finds the file the first run created (by the name it
 * claimed) instead of creating another one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../src/app-api/contract.ts';
import { createPublishStages } from '../../../src/pipeline/publish/index.ts';
import { productImage } from '../../support/product-images.ts';
import {
  FAST_PUBLISH,
  startPublishHarness,
  type PublishHarness,
} from '../../support/publish-stack.ts';
import { emulatorProducts } from '../../support/shop-media.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness();
});

describe('attach after a crash', () => {
  it('reuses the file the crashed attempt created', async () => {
    const shop = await harness.newShop();
    const [productId] = await emulatorProducts(harness.app, shop.shop);
    const product = (
      await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(productId!)}`)
    ).body;
    const resultUrl = harness.images.serve(
      `/${shop.shop}/result.png`,
      await productImage('png', 600, 600),
    );
    const { generations, context } = harness.pipeline;
    const created = await shop.savingGeneration(product, resultUrl, 'Replay');
    const ref = { shop: shop.shop, generationId: created.id };
    // The handler alone, with an enqueue that does nothing: verify must not run in between.
    const { attachStage } = createPublishStages({ timing: FAST_PUBLISH });
    const ctx = { ...context, enqueue: async () => {} };

    await attachStage(ref, ctx);
    const first = (await generations.get(shop.shop, created.id))!.fileId;
    await generations.patch(shop.shop, created.id, { fileId: null }); // the record the crash lost
    await attachStage(ref, ctx);
    const second = (await generations.get(shop.shop, created.id))!.fileId;

    expect(first).toMatch(/^gid:\/\/shopify\/MediaImage\//);
    expect(second).toBe(first);
    const { files } = (await harness.app.shopifyControl('GET', `/shops/${shop.shop}/files`)) as {
      files: { filename: string }[];
    };
    // Named from the product's handle and the prompt's scene (publish/file-names.ts).
    const named = files.filter((file) => file.filename.endsWith('-replay.png'));
    expect(named).toHaveLength(1);
  });
});
