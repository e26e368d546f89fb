/**
 * A new product a rule cannot serve becomes a failed generation that says why, under the rule
 * (as a bulk run's refused products do), not only a log line: here the model needs an image and
 * the product's images are still processing on Shopify through every webhook attempt.
 */
import { beforeAll, expect, it } from 'vitest';
import type { SaveRuleRequest } from '../../../src/app-api/rules.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { until } from '../../support/until.ts';

let app: TestApp;

beforeAll(async () => {
  // Three attempts 50 ms apart: two waits for the images, then the last attempt records it.
  app = await startTestApp({ overrides: { webhookQueue: { attempts: 3, backoffMs: 50 } } });
}, 30_000);

const RULE: SaveRuleRequest = {
  name: 'Studio shots',
  active: true,
  match: { collections: [], tags: [], productTypes: [], vendors: [] },
  kind: 'photo',
  presetId: null,
  params: { prompt: 'In a bright studio', model: 'nanobanana2' },
  options: 2,
  imagesSent: 1,
  destination: 'review',
  dailyCap: 100,
};

it('records a failed generation with the reason when the product never has an image ready', async () => {
  const shop = app.newShop();
  expect((await app.call('/api/settings', { shop })).status).toBe(200);
  const rule = await app.deps.engines.rules.store.save(shop, RULE);
  const { product } = (await app.shopifyControl('POST', `/shops/${shop}/products`, {
    title: 'Ceramic vase',
    images: 1,
    imagesProcessingMs: 600_000,
  })) as { product: { id: string } };

  const generations = app.deps.pipeline.generations;
  await until(
    "the product's generations",
    async () => (await generations.list(shop, { productId: product.id })).generations.length > 0,
    { deadlineMs: 10_000 },
  );
  const { generations: made } = await generations.list(shop, { productId: product.id });
  expect(made).toHaveLength(1);
  const [failed] = made;
  expect(failed).toMatchObject({
    state: 'failed',
    estimatedCredits: 0,
    origin: { type: 'rule', id: rule.id, label: 'Studio shots' },
  });
  expect(failed!.reason).toMatch(/image/i);
  expect(await app.deps.engines.rules.store.recent(shop, rule.id)).toEqual([failed!.id]);
});
