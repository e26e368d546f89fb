/**
 * The Flow actions service (src/features/flow-actions/service.ts), called directly on the app the server
 * runs with what the route hands it: the raw body and its headers, signed as Flow signs it. (Over
 * HTTP, bad input, and the run made and published by a worker: test/features/flow-actions/flow.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../support/app.ts';
import { signedFlowAction } from '../../support/flow-actions.ts';

const app = await startTestApp();
const flowActions = app.deps.features.flowActions;

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

    const first = await flowActions.generatePhoto(signedFlowAction(request));
    const again = await flowActions.generatePhoto(signedFlowAction(request));

    expect(first).toMatchObject({ duplicate: false });
    expect(again).toEqual({ ...first, duplicate: true });
    const generation = await app.deps.pipeline.generations.get(shop, first.generationId);
    expect(generation).toMatchObject({
      state: 'queued',
      priority: 'bulk',
      origin: { type: 'flow', id: request.action_run_id, label: 'Shopify Flow' },
    });
  });

  it('refuses a request Flow did not sign, and makes nothing', async () => {
    const shop = app.newShop();
    await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
    await app.deps.settings.saveApiKey(shop, `key-${randomUUID()}`);
    const signed = signedFlowAction(run(shop, await productWithImage(shop)));
    const forged = { ...signed, rawBody: signed.rawBody.replace('marble', 'glass') };

    await expect(flowActions.generatePhoto(forged)).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    expect(await app.deps.pipeline.generations.count(shop, {})).toBe(0);
  });

  it('refuses bad input as rejected, with the message Flow shows', async () => {
    const shop = app.newShop();
    await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
    await app.deps.settings.saveApiKey(shop, `key-${randomUUID()}`);

    await expect(
      flowActions.generatePhoto(signedFlowAction(run(shop, '999999999'))),
    ).rejects.toMatchObject({
      kind: 'rejected',
      message: 'This product is not in the store.',
    });
  });

  it('is unavailable, for Flow to retry the run, when Shopify cannot be read', async () => {
    // A key saved, but no offline token: the product cannot be read.
    const shop = app.newShop();
    await app.deps.settings.saveApiKey(shop, `key-${randomUUID()}`);

    await expect(flowActions.generatePhoto(signedFlowAction(run(shop, '1')))).rejects.toMatchObject(
      {
        kind: 'unavailable',
      },
    );
    expect(await app.deps.pipeline.generations.count(shop, {})).toBe(0);
  });
});
