/**
 * The Flow actions service (src/features/flow/service.ts), called directly on the app the server
 * runs, as the route does once Flow's signature is verified. (Over HTTP with the real HMAC, bad
 * input, and the run made and published by a worker: test/features/flow/flow.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../support/app.ts';

const app = await startTestApp();
const flowActions = app.deps.services.flowActions;

/** A product with one image; its numeric id, as Flow sends it. */
async function productWithImage(shop: string): Promise<string> {
  const { product } = (await app.shopifyControl('POST', `/shops/${shop}/products`, {
    title: 'Linen dress',
    images: 1,
  })) as { product: { id: string } };
  return product.id.slice(product.id.lastIndexOf('/') + 1);
}

function run(shop: string, productId: string, runId = randomUUID()) {
  return {
    shopify_domain: shop,
    action_run_id: runId,
    properties: { product_id: productId, prompt: 'On a marble table' },
  };
}

describe('the Generate product photo action', () => {
  it('puts one generation in line per run, however often Flow sends it', async () => {
    const shop = app.newShop();
    await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
    await app.deps.settings.saveApiKey(shop, `key-${randomUUID()}`);
    const request = run(shop, await productWithImage(shop));

    const first = await flowActions.generatePhoto(request);
    const again = await flowActions.generatePhoto(request);

    expect(first).toMatchObject({ status: 200, duplicate: false });
    expect(again).toEqual({ ...first, duplicate: true });
    const { generationId } = first as { generationId: string };
    const generation = await app.deps.pipeline.generations.get(shop, generationId);
    expect(generation).toMatchObject({
      state: 'queued',
      priority: 'bulk',
      origin: { type: 'flow', id: request.action_run_id, label: 'Shopify Flow' },
    });
  });

  it('is unavailable, for Flow to retry the run, when Shopify cannot be read', async () => {
    // A key saved, but no offline token: the product cannot be read.
    const shop = app.newShop();
    await app.deps.settings.saveApiKey(shop, `key-${randomUUID()}`);

    await expect(flowActions.generatePhoto(run(shop, '1'))).rejects.toMatchObject({
      kind: 'unavailable',
    });
    expect(await app.deps.pipeline.generations.count(shop, {})).toBe(0);
  });
});
