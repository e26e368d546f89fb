/**
 * A Shopify outage's waits end when Shopify answers the probe (src/pipeline/publish/
 * shopify-probe.ts), not at each result's own next try: at the production interval (a probe
 * every 5 s), a result whose own next try is minutes away is saved soon after Shopify's return.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../src/app-api/contract.ts';
import { defaultPipelineConfig } from '../../../src/pipeline/config.ts';
import { productImage } from '../../support/product-images.ts';
import { startPublishHarness, type PublishHarness } from '../../support/publish-stack.ts';
import { emulatorProducts } from '../../support/shop-media.ts';
import { until } from '../../support/until.ts';

/** A result's own next try after meeting the outage: 5-10 minutes away (jittered). */
const OWN_TRY_MS = 10 * 60_000;

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness({
    config: {
      saving: {
        outageCeilingMs: 60 * 60_000,
        outageFirstDelayMs: OWN_TRY_MS,
        outageMaxDelayMs: OWN_TRY_MS,
        probeEveryMs: defaultPipelineConfig().saving.probeEveryMs,
      },
    },
    overrides: { adminRetry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 } },
  });
});

afterEach(async () => {
  await harness.app.shopifyControl('POST', '/faults', { outage: null });
});

describe('the Shopify probe', () => {
  it('saves a result waiting on an outage once Shopify answers, long before its own next try', async () => {
    const shop = await harness.newShop();
    const [id] = await emulatorProducts(harness.app, shop.shop);
    const product = (await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(id!)}`))
      .body;
    const resultUrl = harness.images.serve(
      `/${shop.shop}/probe.png`,
      await productImage('png', 300, 300),
    );
    const generation = await shop.savingGeneration(product, resultUrl, 'On a shelf');
    await harness.app.shopifyControl('POST', '/faults', { outage: { status: 502 } });
    await harness.pipeline.context.enqueue('attach', {
      shop: shop.shop,
      generationId: generation.id,
    });
    await until(
      'the result to meet the outage',
      async () =>
        (await harness.pipeline.generations.get(shop.shop, generation.id))?.waitingFor?.failures ===
        1,
      { deadlineMs: 30_000 },
    );

    await harness.app.shopifyControl('POST', '/faults', { outage: null });

    // Well within the 5 minutes before its own next try, at any load.
    const saved = await shop.waitFor(generation.id, ['published', 'failed'], 120_000);
    expect(saved.state).toBe('published');
  });
});
