/**
 * An experiment's days as the service gives them apart from its view (GET
 * /api/experiments/:id/days: the card's chart and its table), read from the
 * real event store's counters on the suite's Redis: each complete UTC day's experiment-to-date
 * figure per arm with its always-valid interval; today's partial day, and the days after an
 * end, left out; at most the maximum duration's days. No worker runs: the clock is the test's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  ExperimentDayView,
  StartExperimentRequest,
} from '../../../src/app-api/experiments.ts';
import { createOffsetClock } from '../../../src/platform/clock.ts';
import { startTestApp } from '../../support/app.ts';
import { startImageHost, type HostedImages } from '../../support/product-images.ts';
import { seededProducts } from '../../support/seeded-shop.ts';
import { publishedPhoto, traffic } from './support/published-photos.ts';

type ExperimentArmDay = ExperimentDayView['arms'][number];

const DAY_MS = 86_400_000;
const clock = createOffsetClock();
const app = await startTestApp({
  emulator: { mediaProcessingMs: 100 },
  overrides: { experiments: { clock } },
  webhookWorker: false,
});
const { experiments } = app.deps.features;
let images: HostedImages;
beforeAll(async () => {
  images = await startImageHost();
});
afterAll(() => images.close());

/** A running experiment on a new shop's product: its id, and the instant of its day `n`. */
async function started(request: Partial<StartExperimentRequest> = {}) {
  const shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  const productId = (await seededProducts(app, shop)).find((product) => product.mediaCount > 0)!.id;
  const photo = await publishedPhoto(app, images, shop, productId);
  const view = await experiments.start(shop, {
    productId,
    generationIds: [photo.id],
    goal: 'add_to_cart',
    endAction: 'keep_winner',
    ...request,
  });
  const startedAt = Date.parse(view.startedAt);
  const dayKey = (n: number) => new Date(startedAt + n * DAY_MS).toISOString().slice(0, 10);
  return { shop, id: view.id, at: (n: number) => startedAt + n * DAY_MS, dayKey };
}

it("gives each complete day's rate per arm, to date, with its interval, and not today's", async () => {
  const experiment = await started();
  const { shop, id, at, dayKey } = experiment;
  for (const day of [0, 1]) {
    await traffic(app.deps, { shop, id }, 'control', 300, 15, at(day));
    await traffic(app.deps, { shop, id }, 'ai1', 300, 30, at(day));
  }
  // Today (day 3): every visitor of the original converts, which must not show yet.
  clock.advance(3 * DAY_MS);
  await traffic(app.deps, { shop, id }, 'control', 300, 300, at(3));

  const { days } = await experiments.days(shop, id);
  expect(days.map((day) => day.day)).toEqual([dayKey(0), dayKey(1), dayKey(2)]);
  // The list's view counts them (the page asks for them when the chart is shown).
  expect((await experiments.get(shop, id)).completeDays).toBe(3);
  for (const day of days) expect(day.arms.map((arm) => arm.arm)).toEqual(['control', 'ai1']);
  const [first, second, third] = days.map((day) => day.arms);
  // Visitors are a HyperLogLog's count: close to 300 a day, not exact.
  expect(first![0]!.value).toBeCloseTo(0.05, 2);
  expect(first![1]!.value).toBeCloseTo(0.1, 2);
  expect(second![0]!.visitors).toBeGreaterThan(first![0]!.visitors);
  expect(second![0]!.value).toBeCloseTo(0.05, 2);
  // Day 2 had no visitor: the figures to date stand as on day 1.
  expect(third).toEqual(second);
  for (const arm of [...first!, ...second!]) {
    expect(arm.interval!.lower).toBeLessThan(arm.value);
    expect(arm.interval!.upper).toBeGreaterThan(arm.value);
  }
  // Twice the visitors, a narrower band.
  const width = (arm: ExperimentArmDay) => arm.interval!.upper - arm.interval!.lower;
  expect(width(second![1]!)).toBeLessThan(width(first![1]!));
}, 60_000);

it("gives at most the maximum duration's days, the latest", async () => {
  const { shop, id, at, dayKey } = await started({ minDays: 1, maxDays: 2 });
  await traffic(app.deps, { shop, id }, 'control', 50, 5, at(0));
  clock.advance(5 * DAY_MS);
  const { days } = await experiments.days(shop, id);
  expect(days.map((day) => day.day)).toEqual([dayKey(1), dayKey(2)]);
  expect((await experiments.get(shop, id)).completeDays).toBe(2);
}, 60_000);

it('stops at the day the experiment ended, whose own figures are partial', async () => {
  const { shop, id, at, dayKey } = await started();
  await traffic(app.deps, { shop, id }, 'control', 50, 5, at(0));
  clock.advance(2 * DAY_MS);
  await experiments.stop(shop, id, { keep: 'original' });
  clock.advance(2 * DAY_MS);
  const { days } = await experiments.days(shop, id);
  expect(days.map((day) => day.day)).toEqual([dayKey(0), dayKey(1)]);
}, 60_000);

it('has no interval for an arm without a conversion yet', async () => {
  const { shop, id, at } = await started();
  await traffic(app.deps, { shop, id }, 'control', 40, 0, at(0));
  await traffic(app.deps, { shop, id }, 'ai1', 40, 4, at(0));
  clock.advance(DAY_MS);
  const [day] = (await experiments.days(shop, id)).days;
  expect(day!.arms[0]).toMatchObject({ value: 0, interval: null });
  expect(day!.arms[1]!.interval).not.toBeNull();
}, 60_000);
