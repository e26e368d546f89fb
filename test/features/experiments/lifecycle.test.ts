/**
 * An experiment's lifecycle through the service, on the Shopify emulator and the suite's Redis,
 * with the experiments' worker in this process on a clock the test moves:
 *  - start writes the storefront's arms (the metafield contract, exactly) and opens the events;
 *  - a second start on the product, or one on a product a campaign holds, is refused;
 *  - the daily look decides, keeps the winner as the featured image, deletes the metafield,
 *    closes the events and sends "Image experiment concluded" once;
 *  - a stop keeping the original, and an undo of an arm (one, or a batch's), end it (the undo
 *    wins: nothing kept).
 */
import { describe, expect, it } from 'vitest';
import { createOffsetClock } from '../../../src/platform/clock.ts';
import { AppError } from '../../../src/platform/errors.ts';
import { createShopifyFiles } from '../../../src/pipeline/publish/shopify-files.ts';
import type { StartExperimentRequest } from '../../../src/app-api/experiments.ts';
import { CONCLUDED_HANDLE } from '../../../src/features/experiments/concluded-trigger.ts';
import { productMedia } from '../../support/shop-media.ts';
import { until } from '../../support/until.ts';
import { experimentStack } from './support/experiment-stack.ts';
import { armsMetafield, publishedPhoto, triggersOf } from './support/published-photos.ts';

const DAY_MS = 86_400_000;
const clock = createOffsetClock();
const stack = experimentStack({ clock });

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? error.code : error),
  );

describe('experiments', () => {
  it('starts with the arms on the storefront, one per product, and decides by the daily look', async () => {
    const { app, worker } = stack;
    const { experiments } = app.deps.features;
    const { shop, productId, mediaBefore, photo, started } = await stack.startedOnNewShop({
      start: { minDays: 1, maxDays: 3 },
    });
    const original = mediaBefore[0]!;
    expect(started).toMatchObject({ status: 'running', winner: null, day: 1 });
    const metafield = await armsMetafield(app.deps, shop, productId);
    expect(metafield?.type).toBe('json');
    expect(JSON.parse(metafield!.value)).toEqual({
      v: 1,
      experiment: started.id,
      arms: [
        { arm: 'control', image: expect.stringMatching(/^http/), media: original },
        { arm: 'ai1', image: expect.stringMatching(/^http/), media: photo.fileId },
      ],
      weights: [50, 50],
    });
    const again: StartExperimentRequest = {
      productId,
      generationIds: [photo.id],
      goal: 'add_to_cart',
      endAction: 'ask',
    };
    expect(await codeOf(experiments.start(shop, again))).toBe('product_in_experiment');

    // The start's day: the AI photo sells far better. The next day's look decides.
    await stack.aiPhotoSellsBetter(shop, started);
    clock.advance(DAY_MS);
    await worker.reconcile();
    const ended = await until(
      'the experiment to end',
      async () => {
        const view = await experiments.get(shop, started.id);
        return view.status === 'ended' && !view.settling && view;
      },
      { deadlineMs: 30_000 },
    );
    expect(ended).toMatchObject({ winner: 'ai1', why: 'decided' });
    await expect
      .poll(async () => (await productMedia(app, shop, productId))[0]!.id)
      .toBe(photo.fileId);
    expect(await armsMetafield(app.deps, shop, productId)).toBeNull();
    const late = await app.deps.engines.experiments.events.record(
      {
        shop,
        experiment: started.id,
        arm: 'ai1',
        visitor: 'v-late-visitor',
        events: [{ id: 'late', type: 'exposure' }],
      },
      clock.now(),
    );
    expect(late.status).toBe('ended');
    const triggers = await triggersOf(app, shop, CONCLUDED_HANDLE);
    expect(triggers).toHaveLength(1);
    expect(triggers[0]!.payload).toMatchObject({
      'Experiment ID': started.id,
      Winner: 'ai1',
      Why: 'decided',
    });
    expect(triggers[0]!.payload['Uplift percent']).toBeGreaterThan(0);

    // Finished: the product is free for a new experiment.
    expect(await app.deps.engines.experiments.store.ofProduct(shop, productId)).toBeNull();
  }, 60_000);

  it('stops keeping the original, which becomes featured again', async () => {
    const { app } = stack;
    const { experiments } = app.deps.features;
    const { shop, productId, mediaBefore, photo, started } = await stack.startedOnNewShop({
      product: 1,
      featured: true,
      start: { goal: 'orders' },
    });
    const original = mediaBefore[0]!;
    // The AI photo replaced the original as featured: the control is still the original.
    expect(started.arms.map((arm) => arm.media)).toEqual([original, photo.fileId]);
    const stopped = await experiments.stop(shop, started.id, { keep: 'original' });
    expect(stopped).toMatchObject({
      status: 'ended',
      winner: 'control',
      why: 'stopped_keep_original',
    });
    expect(await codeOf(experiments.stop(shop, started.id, { keep: 'ai' }))).toBe(
      'experiment_not_running',
    );
    await until(
      'the end to settle',
      async () => !(await experiments.get(shop, started.id)).settling,
      {
        deadlineMs: 30_000,
      },
    );
    await expect.poll(async () => (await productMedia(app, shop, productId))[0]!.id).toBe(original);
    expect(await armsMetafield(app.deps, shop, productId)).toBeNull();
  }, 60_000);

  it('finishes its end when the merchant deleted the kept image meanwhile', async () => {
    const { app } = stack;
    const { experiments } = app.deps.features;
    const { shop, productId, mediaBefore, photo, started } = await stack.startedOnNewShop({
      product: 4,
    });
    await createShopifyFiles(app.deps.admin.forShop(shop)).delete(photo.fileId!);
    await experiments.stop(shop, started.id, { keep: 'ai' });
    await until(
      'the end to settle',
      async () => !(await experiments.get(shop, started.id)).settling,
      { deadlineMs: 30_000 },
    );
    expect((await productMedia(app, shop, productId))[0]!.id).toBe(mediaBefore[0]);
  }, 60_000);

  it('is ended by an undo of its product, which keeps no arm', async () => {
    const { app } = stack;
    const { experiments } = app.deps.features;
    const { shop, photo, started } = await stack.startedOnNewShop({ product: 2 });
    await app.deps.features.generations.act(shop, photo.id, 'undo');
    const view = await experiments.get(shop, started.id);
    expect(view).toMatchObject({ status: 'ended', winner: null, why: 'ended_by_undo' });
  }, 60_000);

  it('is ended by an "Undo all" batch over its product, as by a single undo', async () => {
    const { app } = stack;
    const { experiments } = app.deps.features;
    const { shop, photo, started } = await stack.startedOnNewShop({ product: 4 });
    // The batch's job, run here as the workers run it (no pipeline workers in this file).
    const { reviewBatches } = app.deps.pipeline;
    const batch = await reviewBatches.start(shop, 'undo', { type: 'generations', ids: [photo.id] });
    await reviewBatches.run(shop, batch.id);
    expect(await reviewBatches.get(shop, batch.id)).toMatchObject({ done: 1, failed: 0 });
    const view = await experiments.get(shop, started.id);
    expect(view).toMatchObject({ status: 'ended', winner: null, why: 'ended_by_undo' });
  }, 60_000);

  it('refuses a product whose featured image a campaign holds', async () => {
    const { app, images } = stack;
    const { experiments } = app.deps.features;
    const { shop, products } = await stack.newShop();
    const productId = products[3]!;
    const photo = await publishedPhoto(app, images, shop, productId);
    const held = await app.deps.pipeline.generations.create({
      shop,
      kind: 'photo',
      productId,
      productTitle: 'A product',
      productImageUrl: null,
      sourceMediaIds: [],
      sourceImageUrls: [],
      params: { model: 'nanobanana', prompt: 'Holiday table', outputFormat: 'png' },
      estimatedCredits: 3,
      priority: 'bulk',
      bulkRunId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
    });
    await app.deps.engines.campaigns.store.create({
      shop,
      name: 'Holiday scenes',
      bulkRunId: held.bulkRunId!,
      timeZone: 'America/New_York',
      startsAt: new Date(clock.now() + DAY_MS).toISOString(),
      endsAt: new Date(clock.now() + 2 * DAY_MS).toISOString(),
      reviewFirst: false,
    });
    const request: StartExperimentRequest = {
      productId,
      generationIds: [photo.id],
      goal: 'add_to_cart',
      endAction: 'ask',
    };
    expect(await codeOf(experiments.start(shop, request))).toBe('held_by_campaign');
  }, 60_000);
});
