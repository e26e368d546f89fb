/**
 * The Experiments page polls GET /api/experiments: its size must not grow with an experiment's
 * age. A card's summary (status, decision, figures per arm, days to a decision) comes in the
 * list, the same size on day 2 as on day 28; the daily series only from GET
 * /api/experiments/:id/days, asked when the card's chart is shown. Over HTTP with real session
 * tokens, the Shopify emulator and the real event store; no worker, the clock is the test's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExperimentDays, ExperimentList } from '../../../src/app-api/experiments.ts';
import { createOffsetClock } from '../../../src/platform/clock.ts';
import { startTestApp } from '../../support/app.ts';
import { startImageHost, type HostedImages } from '../../support/product-images.ts';
import { seededProducts } from '../../support/seeded-shop.ts';
import { publishedPhoto, traffic } from './support/published-photos.ts';

const DAY_MS = 86_400_000;
/** What two summaries may differ by: digits of their figures and ids, not a day's entry. */
const BOUND_BYTES = 128;
const clock = createOffsetClock();
const app = await startTestApp({
  emulator: { mediaProcessingMs: 100 },
  overrides: { experiments: { clock } },
  webhookWorker: false,
});
let images: HostedImages;
beforeAll(async () => {
  images = await startImageHost();
});
afterAll(() => images.close());

/** A running experiment on a new shop's product, with the same first day's traffic as others. */
async function started() {
  const shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  const productId = (await seededProducts(app, shop)).find((product) => product.mediaCount > 0)!.id;
  const photo = await publishedPhoto(app, images, shop, productId);
  const view = await app.deps.features.experiments.start(shop, {
    productId,
    generationIds: [photo.id],
    goal: 'add_to_cart',
    endAction: 'keep_winner',
  });
  const at = Date.parse(view.startedAt);
  await traffic(app.deps, { shop, id: view.id }, 'control', 40, 2, at);
  await traffic(app.deps, { shop, id: view.id }, 'ai1', 40, 4, at);
  return { shop, id: view.id };
}

async function get(shop: string, path: string) {
  const response = await app.call(`/api${path}`, { shop });
  expect(response.status).toBe(200);
  const text = await response.text();
  return { bytes: Buffer.byteLength(text), body: JSON.parse(text) as unknown };
}

it('lists an experiment of 28 days in as many bytes as one of 2; its days come apart', async () => {
  const old = await started();
  clock.advance(26 * DAY_MS);
  const young = await started();
  clock.advance(2 * DAY_MS + 60_000);

  const oldList = await get(old.shop, '/experiments');
  const youngList = await get(young.shop, '/experiments');
  const [oldCard] = (oldList.body as ExperimentList).experiments;
  const [youngCard] = (youngList.body as ExperimentList).experiments;
  expect(oldCard).toMatchObject({ id: old.id, completeDays: 28 });
  expect(youngCard).toMatchObject({ id: young.id, completeDays: 2 });
  expect(oldCard).not.toHaveProperty('days');
  expect(Math.abs(oldList.bytes - youngList.bytes)).toBeLessThanOrEqual(BOUND_BYTES);

  // The series, asked apart: a figure per arm and complete day.
  const oldDays = await get(old.shop, `/experiments/${old.id}/days`);
  const youngDays = await get(young.shop, `/experiments/${young.id}/days`);
  expect((oldDays.body as ExperimentDays).days).toHaveLength(28);
  expect((youngDays.body as ExperimentDays).days).toHaveLength(2);
  // What the list no longer carries: 26 more days are far more than the bound.
  expect(oldDays.bytes - youngDays.bytes).toBeGreaterThan(20 * BOUND_BYTES);
}, 90_000);
