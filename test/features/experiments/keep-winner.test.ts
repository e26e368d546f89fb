/**
 * An experiment that ends asking (`endAction` "ask") leaves the product as it is, and the
 * merchant's POST /api/experiments/:id/keep-winner makes its winner the featured image once:
 * a click sent twice at once, or again later, moves nothing more (the merchant's own choice
 * made after it stays), and Flow heard of the end once. Nothing to keep on a running
 * experiment, nor on one that kept its winner itself. Over HTTP with real session tokens, the
 * Shopify emulator, the suite's Redis and the experiments' worker in this process on a clock the
 * test moves.
 */
import { expect, it } from 'vitest';
import type { ExperimentView, StartExperimentRequest } from '../../../src/app-api/experiments.ts';
import { CONCLUDED_HANDLE } from '../../../src/features/experiments/concluded-trigger.ts';
import { createShopifyFiles } from '../../../src/pipeline/publish/shopify-files.ts';
import { createOffsetClock } from '../../../src/platform/clock.ts';
import { productMedia } from '../../support/shop-media.ts';
import { until } from '../../support/until.ts';
import { experimentStack } from './support/experiment-stack.ts';
import { triggersOf } from './support/published-photos.ts';

const DAY_MS = 86_400_000;
const clock = createOffsetClock();
const stack = experimentStack({ clock });

async function api<T>(shop: string, path: string) {
  const response = await stack.app.call(`/api${path}`, {
    method: 'POST',
    shop,
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  return { status: response.status, body: (await response.json()) as T };
}

const featured = async (shop: string, productId: string) =>
  (await productMedia(stack.app, shop, productId))[0]!.id;

/** An experiment on a new shop's product whose AI photo sells far better on its first day. */
async function aiPhotoSellsBetter(endAction: StartExperimentRequest['endAction']) {
  const { shop, productId, mediaBefore, photo, started } = await stack.startedOnNewShop({
    start: { endAction, minDays: 1, maxDays: 3 },
  });
  const original = mediaBefore[0]!;
  await stack.aiPhotoSellsBetter(shop, started);
  const path = `/experiments/${started.id}/keep-winner`;
  return { shop, productId, original, photo: photo.fileId!, id: started.id, path };
}

/** Moves the clock to the next day's look and waits for the end to settle. */
async function decided(shop: string, id: string): Promise<ExperimentView> {
  clock.advance(DAY_MS);
  await stack.worker.reconcile();
  return settled(shop, id);
}

const settled = (shop: string, id: string) =>
  until(
    'the end to settle',
    async () => {
      const view = await stack.app.deps.features.experiments.get(shop, id);
      return view.status === 'ended' && !view.settling && view;
    },
    { deadlineMs: 60_000 },
  );

it('keeps the winner of an end that asked once, however often the click comes', async () => {
  const { app } = stack;
  const { shop, productId, original, photo, id, path } = await aiPhotoSellsBetter('ask');
  const before = (await productMedia(app, shop, productId)).map((media) => media.id).sort();

  const ended = await decided(shop, id);
  expect(ended).toMatchObject({ why: 'decided', winner: 'ai1', kept: null });
  expect(await featured(shop, productId)).toBe(original);

  // A click sent twice at once (a retry): one keep, both answered with it.
  const answers = await Promise.all([
    api<ExperimentView>(shop, path),
    api<ExperimentView>(shop, path),
  ]);
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.body.kept).toBe('ai1');
  }
  expect(await settled(shop, id)).toMatchObject({ why: 'decided', winner: 'ai1', kept: 'ai1' });
  await expect.poll(() => featured(shop, productId)).toBe(photo);
  const after = (await productMedia(app, shop, productId)).map((media) => media.id).sort();
  expect(after).toEqual(before);

  // The merchant puts the original back by hand; the same click again moves nothing.
  await createShopifyFiles(app.deps.admin.forShop(shop)).makeFeatured(productId, original);
  const again = await api<ExperimentView>(shop, path);
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ kept: 'ai1', settling: false });
  await settled(shop, id);
  expect(await featured(shop, productId)).toBe(original);
  expect(await triggersOf(app, shop, CONCLUDED_HANDLE)).toHaveLength(1);
  // Finished: the product is free for a new experiment.
  expect(await app.deps.engines.experiments.store.ofProduct(shop, productId)).toBeNull();
}, 90_000);

it('has nothing to keep while running, nor once an end kept its winner itself', async () => {
  const asking = await aiPhotoSellsBetter('ask');
  const running = await api<{ error: string }>(asking.shop, asking.path);
  expect(running).toEqual({
    status: 409,
    body: expect.objectContaining({ error: 'experiment_no_winner_yet' }),
  });

  const keeping = await aiPhotoSellsBetter('keep_winner');
  expect(await decided(keeping.shop, keeping.id)).toMatchObject({ kept: 'ai1' });
  const kept = await api<{ error: string }>(keeping.shop, keeping.path);
  expect(kept).toEqual({
    status: 409,
    body: expect.objectContaining({ error: 'experiment_no_winner_waiting' }),
  });
}, 90_000);
