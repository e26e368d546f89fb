/**
 * The ceiling of the wait for Shopify (src/pipeline/publish/shopify-outage.ts): an outage that
 * outlasts it fails the result being saved, with the reason, rather than waiting for ever. The
 * ceiling is hours in production (config.ts `saving`), a second here.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../src/app-api/contract.ts';
import { productImage } from '../../support/product-images.ts';
import { startPublishHarness, type PublishHarness } from '../../support/publish-stack.ts';
import { emulatorProducts } from '../../support/shop-media.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    config: { saving: { outageCeilingMs: 1_000, outageFirstDelayMs: 20, outageMaxDelayMs: 100 } },
    overrides: { adminRetry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 } },
  });
});

afterEach(async () => {
  await harness.app.emulatorControl('/faults', { outage: null });
});

describe('an outage longer than the ceiling', () => {
  it('fails the result being saved with the reason, and the file is never made', async () => {
    const shop = await harness.newShop();
    const [productId] = await emulatorProducts(harness.app, shop.shop);
    const product = (
      await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(productId!)}`)
    ).body;
    const resultUrl = harness.images.serve(
      `/${shop.shop}/ceiling.png`,
      await productImage('png', 300, 300),
    );
    const generation = await shop.savingGeneration(product, resultUrl, 'On a shelf');
    await harness.app.emulatorControl('/faults', { outage: { status: 502 } });

    await harness.pipeline.context.enqueue('attach', {
      shop: shop.shop,
      generationId: generation.id,
    });

    const failed = await shop.waitFor(generation.id, ['failed', 'published'], 30_000);
    expect(failed.state).toBe('failed');
    expect(failed.reason).toBe(
      'Shopify did not answer for 1 second, so the result could not be saved.',
    );
    expect(failed.fileId).toBeNull();
  });
});
