/**
 * The ceiling of the wait for Shopify (src/pipeline/publish/shopify-outage.ts): an outage that
 * outlasts it fails the result being saved, with the reason, rather than waiting for ever; it
 * counts from when the shop's saves first met the outage (shopify-down-since.ts). The ceiling is
 * hours in production (config.ts `saving`), a second here.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../src/app-api/contract.ts';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { productImage } from '../../support/product-images.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { emulatorProducts } from '../../support/shop-media.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    config: { saving: { outageCeilingMs: 1_000, outageFirstDelayMs: 20, outageMaxDelayMs: 100 } },
    overrides: { adminRetry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 } },
  });
});

afterEach(async () => {
  await harness.app.shopifyControl('POST', '/faults', { outage: null });
});

const CEILING_REASON = 'Shopify did not answer for 1 second, so the result could not be saved.';

/** A result of `shop` waiting to be saved (not yet handed to attach). */
async function resultToSave(shop: TestShop, name: string): Promise<Generation> {
  const [productId] = await emulatorProducts(harness.app, shop.shop);
  const product = (
    await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(productId!)}`)
  ).body;
  const resultUrl = harness.images.serve(
    `/${shop.shop}/${name}.png`,
    await productImage('png', 300, 300),
  );
  return shop.savingGeneration(product, resultUrl, `On a shelf ${name}`);
}

const save = (shop: TestShop, generation: Generation) =>
  harness.pipeline.context.enqueue('attach', { shop: shop.shop, generationId: generation.id });

describe('an outage longer than the ceiling', () => {
  it('fails the result being saved with the reason, and the file is never made', async () => {
    const shop = await harness.newShop();
    const generation = await resultToSave(shop, 'ceiling');
    await harness.app.shopifyControl('POST', '/faults', { outage: { status: 502 } });

    await save(shop, generation);

    const failed = await shop.waitFor(generation.id, ['failed', 'published'], 30_000);
    expect(failed.state).toBe('failed');
    expect(failed.reason).toBe(CEILING_REASON);
    expect(failed.fileId).toBeNull();
  });

  it('counts from when the shop’s saves first met the outage: a result first tried after the ceiling fails at once', async () => {
    const shop = await harness.newShop();
    const first = await resultToSave(shop, 'first');
    const later = await resultToSave(shop, 'later');
    await harness.app.shopifyControl('POST', '/faults', { outage: { status: 502 } });
    await save(shop, first);
    expect((await shop.waitFor(first.id, ['failed', 'published'], 30_000)).reason).toBe(
      CEILING_REASON,
    );

    await save(shop, later);

    const failed = await shop.waitFor(later.id, ['failed', 'published'], 30_000);
    expect(failed.reason).toBe(CEILING_REASON);
    expect(failed.waitingFor).toBeNull();
    expect(failed.transitions.map((t) => t.note)).not.toContain('waiting for Shopify to come back');
  });
});
