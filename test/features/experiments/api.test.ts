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

it('starts on up to three results of one click, and refuses more, other clicks, other products and other shops', async () => {
  const shop = await newShop();
  const other = await newShop();
  const [product, second] = (await seededProducts(app, shop)).filter((p) => p.mediaCount > 0);
  const productId = product!.id;
  const click = `click-${productId.split('/').pop()}`;
  const results = [];
  for (let n = 0; n < 4; n += 1) {
    results.push(await publishedPhoto(app, images, shop, productId, { optionGroup: click }));
  }
  const ids = results.map((result) => result.id);
  const alone = await publishedPhoto(app, images, shop, productId);
  const elsewhere = await publishedPhoto(app, images, shop, second!.id, { optionGroup: click });
  const othersPhoto = await publishedPhoto(
    app,
    images,
    other,
    (await seededProducts(app, other)).find((p) => p.mediaCount > 0)!.id,
  );
  type Refusal = { error: string; fields?: Record<string, string> };
  const start = (generationIds: string[], weights?: number[]) =>
    api<Refusal & Partial<ExperimentView>>(shop, 'POST', '/experiments', {
      productId,
      generationIds,
      ...(weights ? { weights } : {}),
    });

  // Four AI photos: the contract's bound (the statistics compare up to three with the original).
  const tooMany = await start(ids);
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.error).toBe('invalid_request');
  expect(Object.keys(tooMany.body.fields ?? {})).toEqual(['generationIds']);
  // A result of another click, made alone or as another click's option.
  for (const mixed of [
    [ids[0]!, alone.id],
    [alone.id, ids[0]!],
  ]) {
    const refused = await start(mixed);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'photos_not_one_click',
      fieldErrors: { generationIds: { code: 'photos_not_one_click' } },
    });
  }
  // Of another product (the same click's id, as a forged request would say), or another shop.
  expect(await start([ids[0]!, elsewhere.id])).toMatchObject({
    status: 404,
    body: { error: 'photo_not_on_product' },
  });
  expect(await start([ids[0]!, othersPhoto.id])).toMatchObject({
    status: 404,
    body: { error: 'photo_not_on_product' },
  });
  expect((await api<ExperimentList>(shop, 'GET', '/experiments')).body.experiments).toEqual([]);

  const started = await start(ids.slice(0, 3), [40, 20, 20, 20]);
  expect(started.status).toBe(201);
  expect(
    started.body.arms!.map(({ arm, weight, generationId }) => [arm, weight, generationId]),
  ).toEqual([
    ['control', 40, null],
    ['ai1', 20, ids[0]],
    ['ai2', 20, ids[1]],
    ['ai3', 20, ids[2]],
  ]);
  const view = await api<ExperimentView>(shop, 'GET', `/experiments/${started.body.id}`);
  expect(view.body.arms).toHaveLength(4);
}, 60_000);
