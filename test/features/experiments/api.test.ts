/**
 * /api/experiments over HTTP with real session tokens and the Shopify emulator: start, list,
 * read (its summary, and its days apart) and stop through the routes, errors in the one error
 * body, and a tenant never reaching another's experiment (404 for its id, its days or its stop,
 * an empty list), nor anyone without a token.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  ExperimentDays,
  ExperimentList,
  ExperimentView,
} from '../../../src/app-api/experiments.ts';
import { startTestApp } from '../../support/app.ts';
import { startImageHost, type HostedImages } from '../../support/product-images.ts';
import { seededProducts } from '../../support/seeded-shop.ts';
import { publishedPhoto } from './support/published-photos.ts';

const app = await startTestApp({ emulator: { mediaProcessingMs: 100 }, webhookWorker: false });
let images: HostedImages;
beforeAll(async () => {
  images = await startImageHost();
});
afterAll(() => images.close());

async function api<T>(shop: string | null, method: string, path: string, body?: unknown) {
  const response = await app.call(`/api${path}`, {
    method,
    ...(shop ? { shop } : {}),
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function newShop() {
  const shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  return shop;
}

it('starts, lists, reads and stops an experiment, for its own shop only', async () => {
  const shop = await newShop();
  const other = await newShop();
  const productId = (await seededProducts(app, shop)).find((product) => product.mediaCount > 0)!.id;
  const photo = await publishedPhoto(app, images, shop, productId);

  const refused = await api<{ error: string; fields: Record<string, string> }>(
    shop,
    'POST',
    '/experiments',
    { productId, generationIds: [photo.id], weights: [50, 40] },
  );
  expect(refused.status).toBe(400);
  expect(Object.keys(refused.body.fields)).toContain('weights');
  const unbounded = await api<{ error: string; fields: Record<string, string> }>(
    shop,
    'POST',
    '/experiments',
    { productId, generationIds: [photo.id], maxDays: 40, losers: 'delete_everywhere' },
  );
  expect(unbounded.status).toBe(400);
  expect(Object.keys(unbounded.body.fields)).toEqual(expect.arrayContaining(['maxDays', 'losers']));

  const started = await api<ExperimentView>(shop, 'POST', '/experiments', {
    productId,
    generationIds: [photo.id],
    weights: [60, 40],
    losers: 'remove_from_product',
  });
  expect(started.status).toBe(201);
  expect(started.body).toMatchObject({
    status: 'running',
    goal: 'add_to_cart',
    minDays: 14,
    losers: 'remove_from_product',
  });
  const path = `/experiments/${started.body.id}`;
  expect((await api<ExperimentList>(shop, 'GET', '/experiments')).body.experiments).toHaveLength(1);
  expect((await api<ExperimentView>(shop, 'GET', path)).body.arms.map((arm) => arm.weight)).toEqual(
    [60, 40],
  );

  // Its days, apart from the list: none complete yet.
  expect(await api<ExperimentDays>(shop, 'GET', `${path}/days`)).toEqual({
    status: 200,
    body: { days: [] },
  });

  // Another shop: its own empty list, and 404 for this id, read, its days or stopped.
  expect((await api<ExperimentList>(other, 'GET', '/experiments')).body.experiments).toEqual([]);
  expect((await api(other, 'GET', path)).status).toBe(404);
  expect(await api(other, 'GET', `${path}/days`)).toEqual({
    status: 404,
    body: expect.objectContaining({ error: 'experiment_not_found' }),
  });
  expect((await api(null, 'GET', `${path}/days`)).status).toBe(401);
  expect((await api(other, 'POST', `${path}/stop`, { keep: 'ai' })).status).toBe(404);
  expect((await api(null, 'GET', path)).status).toBe(401);
  expect((await api<ExperimentView>(shop, 'GET', path)).body.status).toBe('running');

  const stopped = await api<ExperimentView>(shop, 'POST', `${path}/stop`, { keep: 'ai' });
  expect(stopped.status).toBe(200);
  expect(stopped.body).toMatchObject({ status: 'ended', winner: 'ai1', why: 'stopped_keep_ai' });
  const again = await api<{ error: string }>(shop, 'POST', `${path}/stop`, { keep: 'original' });
  expect(again).toEqual({
    status: 409,
    body: expect.objectContaining({ error: 'experiment_not_running' }),
  });
}, 60_000);
