/**
 * The bulk-runs service (src/features/bulk-runs/service.ts), called directly on the app the server runs:
 * what a request means before the domain runs it (the shop's saved defaults, a usable key).
 * (The routes over HTTP: test/web/api-bulk-runs.test.ts; expansion, budget, pause and resume:
 * test/features/bulk-runs/.)
 */
import { describe, expect, it } from 'vitest';
import type { CreateBulkRunRequest } from '../../../src/app-api/contract.ts';
import { seededProducts } from '../../support/seeded-shop.ts';
import { startTestApp } from '../../support/app.ts';

const app = await startTestApp();
const bulkRuns = app.deps.features.bulkRuns;

/** A new shop whose products the app can read, and a photo request over one of them. */
async function shopWithRequest(): Promise<{ shop: string; request: CreateBulkRunRequest }> {
  const shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  const product = (await seededProducts(app, shop)).find((seeded) => seeded.mediaCount > 0)!;
  return {
    shop,
    request: {
      target: { type: 'products', productIds: [product.id] },
      kind: 'photo',
      prompt: 'On a linen tablecloth',
    },
  };
}

describe('the bulk-runs service', () => {
  it('estimates with the model the shop saved as its default', async () => {
    const { shop, request } = await shopWithRequest();
    await app.deps.settings.update(shop, { defaults: { model: 'nanobanana' } });

    const estimate = await bulkRuns.estimate(shop, request);

    // nanobanana costs 3 credits a photo; the app's own default (nanobanana2) 5.
    expect(estimate).toMatchObject({ toProcess: 1, creditsPerProduct: 3, problems: [] });
  });

  it('starts no run for a shop whose key ProductAI rejected', async () => {
    const { shop, request } = await shopWithRequest();
    await app.deps.settings.saveApiKey(shop, 'pk_rejected');
    await app.deps.settings.markApiKeyInvalid(shop, 'pk_rejected');

    await expect(bulkRuns.start(shop, request)).rejects.toMatchObject({
      kind: 'invalid',
      code: 'api_key_invalid',
    });
    expect(await bulkRuns.list(shop)).toEqual({ bulkRuns: [] });
  });
});
