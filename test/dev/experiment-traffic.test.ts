/**
 * The traffic simulator (dev/experiment-traffic.ts) decides an experiment through the real
 * intake: its batches go over HTTP to POST /experiments/events of the app server, are counted by
 * the event store in Redis on the experiments' clock, and the daily looks of the experiments'
 * worker (in this process) read them. The test compresses the days: it sends a day's shoppers,
 * moves the experiments' clock a day on and waits for that day's look, until one ends it with
 * the AI photo featured.
 */
import { expect, it } from 'vitest';
import { experimentTraffic } from '../../dev/experiment-traffic.ts';
import { createOffsetClock } from '../../src/platform/clock.ts';
import { productMedia } from '../support/shop-media.ts';
import { until } from '../support/until.ts';
import { experimentStack } from '../features/experiments/support/experiment-stack.ts';
import { publishedPhoto } from '../features/experiments/support/published-photos.ts';

const DAY_MS = 86_400_000;
const clock = createOffsetClock();
const stack = experimentStack({ clock });

it('simulated shoppers over HTTP reach a decision by the daily looks, the AI photo kept', async () => {
  const { app, images, worker } = stack;
  const { shop, products } = await stack.newShop();
  const productId = products[0]!;
  const photo = await publishedPhoto(app, images, shop, productId);
  const started = await app.deps.features.experiments.start(shop, {
    productId,
    generationIds: [photo.id],
    goal: 'add_to_cart',
    endAction: 'keep_winner',
    minDays: 2,
    maxDays: 6,
  });
  const { store } = app.deps.engines.experiments;
  const traffic = experimentTraffic({
    appUrl: app.url,
    shop,
    experiment: started.id,
    arms: [
      { arm: 'control', weight: 50, addToCartRate: 0.05 },
      { arm: 'ai1', weight: 50, addToCartRate: 0.2 },
    ],
    seed: 7,
  });

  let days = 0;
  /** The shoppers the intake took, as of the end of each simulated day. */
  const counted: number[] = [];
  try {
    while ((await store.get(shop, started.id))!.state === 'running') {
      days += 1;
      expect(days, 'decided within the maximum duration').toBeLessThanOrEqual(6);
      const day = await traffic.day(days, 200);
      // Every shopper counted: none refused (the per-address budget is each shopper's), none
      // told the experiment ended before its look.
      expect(day.refused).toEqual({});
      expect(day.ended).toBe(false);
      const taken = Object.values(day.visitors).reduce((a, b) => a + b, 0);
      counted.push((counted.at(-1) ?? 0) + taken);
      clock.advance(DAY_MS);
      await worker.reconcile();
      // That day's look ran: the experiment ended, or it waits for the next day's.
      await until('the day’s look', async () => {
        const experiment = (await store.get(shop, started.id))!;
        const due = await store.due(clock.now(), 500);
        return experiment.state !== 'running' || !due.some((e) => e.id === started.id);
      });
    }
  } finally {
    traffic.close();
  }

  const ended = await until('the end to finish', async () => {
    const view = await app.deps.features.experiments.get(shop, started.id);
    return view.status === 'ended' && !view.settling && view;
  });
  expect(ended).toMatchObject({ winner: 'ai1', why: 'decided' });
  expect(days).toBeGreaterThanOrEqual(2);
  // Each simulated day's shoppers count in that day of the experiment (the intake and the looks
  // on one clock), and all of them: the visitors as of each day's end are the shoppers sent so
  // far (HyperLogLogs: within 2 %).
  const totals = (await app.deps.engines.experiments.events.totals(shop, started.id, clock.now()))!;
  const perDay = counted.map((_, day) =>
    totals.reduce((sum, arm) => sum + arm.days[day]!.totals.viewed.visitors, 0),
  );
  perDay.forEach((visitors, day) =>
    expect(Math.abs(visitors - counted[day]!), `day ${day + 1}`).toBeLessThanOrEqual(
      counted[day]! * 0.02,
    ),
  );
  await expect
    .poll(async () => (await productMedia(app, shop, productId))[0]!.id)
    .toBe(photo.fileId);
}, 90_000);
