/**
 * Where the losing images go, as the merchant chose at the start: with `remove_from_product`
 * the end that keeps an arm takes every other arm's image off the product, kept in Files (a
 * losing AI photo undone as the merchant's Undo does: its generation discarded); by default
 * they stay in the product's media. The step is safe to repeat (a worker killed in it is
 * followed by one that runs it again): a second run changes nothing. On the Shopify emulator and
 * the suite's Redis, with the experiments' worker in this process.
 */
import { expect, it } from 'vitest';
import type { StartExperimentRequest } from '../../../src/app-api/experiments.ts';
import { LOST_REASON, removeLosers } from '../../../src/features/experiments/loser-media.ts';
import { createShopifyFiles } from '../../../src/pipeline/publish/shopify-files.ts';
import { reviewDepsOf } from '../../../src/features/generations/service.ts';
import { productMedia } from '../../support/shop-media.ts';
import { until } from '../../support/until.ts';
import { experimentStack } from './support/experiment-stack.ts';
import { publishedPhoto } from './support/published-photos.ts';

const stack = experimentStack();

/** An experiment stopped keeping `keep`, settled: the product's media and Files after it. */
async function stopped(keep: 'ai' | 'original', losers?: StartExperimentRequest['losers']) {
  const { app, images } = stack;
  const { experiments } = app.deps.features;
  const { shop, products } = await stack.newShop();
  const productId = products[0]!;
  const original = (await productMedia(app, shop, productId))[0]!.id;
  const photo = await publishedPhoto(app, images, shop, productId);
  const started = await experiments.start(shop, {
    productId,
    generationIds: [photo.id],
    goal: 'add_to_cart',
    endAction: 'keep_winner',
    ...(losers ? { losers } : {}),
  });
  expect(started.losers).toBe(losers ?? 'keep_in_product');
  await experiments.stop(shop, started.id, { keep });
  await until(
    'the end to settle',
    async () => !(await experiments.get(shop, started.id)).settling,
    { deadlineMs: 30_000 },
  );
  const media = async () => (await productMedia(app, shop, productId)).map((each) => each.id);
  const files = createShopifyFiles(app.deps.admin.forShop(shop));
  const inFiles = async (id: string) => (await files.status(id)) !== null;
  const generation = () => app.deps.pipeline.generations.get(shop, photo.id);
  /** The losers step again, as after a worker killed in it. */
  const again = async () => {
    const experiment = (await app.deps.engines.experiments.store.get(shop, started.id))!;
    await removeLosers(reviewDepsOf(app.deps), experiment, experiment.end!.keep!);
  };
  return { original, photo: photo.fileId!, media, inFiles, generation, again };
}

it('takes the original off the product when the AI photo is kept, once, and keeps it in Files', async () => {
  const ended = await stopped('ai', 'remove_from_product');
  const { original, photo, media, inFiles, generation } = ended;
  const after = await media();
  expect(after[0]).toBe(photo);
  expect(after).not.toContain(original);
  expect(await inFiles(original)).toBe(true);
  expect((await generation())?.state).toBe('published');

  await ended.again();
  expect(await media()).toEqual(after);
}, 60_000);

it('undoes the losing AI photo when the original is kept, once however often the step runs', async () => {
  const ended = await stopped('original', 'remove_from_product');
  const { original, photo, media, inFiles, generation } = ended;
  const after = await media();
  expect(after[0]).toBe(original);
  expect(after).not.toContain(photo);
  expect(await inFiles(photo)).toBe(true);
  expect(await generation()).toMatchObject({ state: 'discarded', reason: LOST_REASON });

  await ended.again();
  expect(await media()).toEqual(after);
  expect((await generation())?.state).toBe('discarded');
}, 60_000);

it('leaves the losing image in the product by default', async () => {
  const { original, photo, media } = await stopped('ai');
  const after = await media();
  expect(after[0]).toBe(photo);
  expect(after).toContain(original);
}, 60_000);
