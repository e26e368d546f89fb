/**
 * Shopify answers THROTTLED (inside a 200) to calls along the way: reading the product, creating
 * the file, linking it, checking its status. The Admin client waits and retries each one, and the
 * result still lands once: one new media on the product, nothing of the merchant's touched.
 */
import { beforeAll, expect, it } from 'vitest';
import type { GenerationView, ProductDetail } from '../../../src/app-api/contract.ts';
import { startPublishHarness, type PublishHarness } from '../../support/publish-stack.ts';
import { emulatorProducts, productMedia } from '../../support/shop-media.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness();
});

it('publishes a photo exactly once while Shopify throttles the calls it takes', async () => {
  const shop = await harness.newShop();
  const [productId] = await emulatorProducts(harness.app, shop.shop);
  const { body: product } = await shop.api<ProductDetail>(
    'GET',
    `/products/${encodeURIComponent(productId!)}`,
  );
  const before = await productMedia(harness.app, shop.shop, product.id);

  await harness.app.shopifyControl('POST', '/faults', { throttleNext: 4 });
  const created = await shop.api<GenerationView>('POST', '/generations', {
    productId: product.id,
    kind: 'photo',
    model: 'nanobanana',
    prompt: 'On a linen tablecloth',
    sourceMediaIds: [product.images[0]!.id],
  });
  expect(created.status).toBe(202);
  const generation = await shop.waitFor(created.body.id, ['published', 'failed']);

  expect(generation.state).toBe('published');
  const faults = (await harness.app.shopifyControl('POST', '/faults', {})) as {
    pending: { throttle: number };
  };
  expect(faults.pending.throttle, 'every injected THROTTLED answer was met').toBe(0);
  const after = await productMedia(harness.app, shop.shop, product.id);
  expect(after.slice(0, before.length)).toEqual(before);
  expect(after).toHaveLength(before.length + 1);
  expect(after[after.length - 1]!.id).toBe(generation.mediaId);
});
