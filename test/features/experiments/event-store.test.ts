/**
 * The experiment events store on the suite's Redis, at times the test chooses: totals per day
 * (as of each day's end) and overall, in the statistics' shape; revenue's sum of squares per
 * visitor, not per order; days outside the experiment's refused; a visitor's cap window.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createExperimentEventStore,
  MAX_SLOTS,
  VISITOR_WINDOW_MS,
} from '../../../src/features/experiments/event-store.ts';
import { uniqueShop } from '../../support/redis.ts';
import { storeDeps } from '../../stores/support/store-deps.ts';
import { ARMS, batch, event, newVisitor, order, type Event } from './support/experiments.ts';

const { redis } = await storeDeps();
const store = createExperimentEventStore(redis);
const DAY = 86_400_000;
// A day boundary well in the past: the test's times are its own, not the clock's.
const START = Math.floor(Date.UTC(2030, 0, 1) / DAY) * DAY;

async function opened(days = 3) {
  const experiment = { shop: uniqueShop(), id: `exp-${randomUUID().slice(0, 8)}`, store };
  await store.open(experiment.shop, { id: experiment.id, arms: ARMS, startsAtMs: START, days });
  return experiment;
}

describe('experiment events store', () => {
  it('reads totals as of the end of each day, and overall', async () => {
    const experiment = await opened();
    const [a, b] = [newVisitor(), newVisitor()];
    const send = (visitor: string, events: Event[], atMs: number) =>
      store.record(batch(experiment, visitor, events), atMs);
    await send(a, [event('exposure'), event('product_viewed')], START + 1_000);
    await send(b, [event('product_viewed'), order(10)], START + DAY + 1_000);
    await send(a, [event('product_added_to_cart'), order(5)], START + DAY + 2_000);

    const [control, treatment] = (await store.totals(experiment.shop, experiment.id, START + DAY))!;
    expect(control!.overall.viewed).toEqual({ visitors: 0, conversions: 0 });
    expect(treatment!.days.map(({ day }) => day)).toEqual(['2030-01-01', '2030-01-02']);
    expect(treatment!.days[0]!.totals.viewed).toEqual({ visitors: 1, conversions: 1 });
    expect(treatment!.days[0]!.totals.ordered).toEqual({
      visitors: 1,
      conversions: 0,
      sum: 0,
      sumSquares: 0,
    });
    expect(treatment!.overall).toEqual({
      viewed: { visitors: 2, conversions: 2 },
      added_to_cart: { visitors: 2, conversions: 1 },
      ordered: { visitors: 2, conversions: 2, sum: 15, sumSquares: 125 },
    });
  });

  it("sums the squares of each visitor's revenue, not of each order", async () => {
    const experiment = await opened();
    const visitor = newVisitor();
    await store.record(batch(experiment, visitor, [order(5)]), START);
    await store.record(batch(experiment, visitor, [order(7)]), START + 1);
    const [, treatment] = (await store.totals(experiment.shop, experiment.id, START))!;
    expect(treatment!.overall.ordered).toEqual({
      visitors: 1,
      conversions: 1,
      sum: 12,
      sumSquares: 144,
    });
  });

  it('opens an experiment only if its counters fit in its share of 64 KB', async () => {
    const open = (arms: string[], days: number) =>
      store.open(uniqueShop(), { id: 'exp-1', arms, startsAtMs: START, days });
    expect(await open(['a', 'b', 'c', 'd'], MAX_SLOTS / 4)).toBe(true);
    await expect(open(['a', 'b', 'c', 'd'], MAX_SLOTS / 4 + 1)).rejects.toThrow(/days x arms/);
    await expect(open(['a', 'b', 'c', 'd', 'e'], 1)).rejects.toThrow(/arms/);
  });

  it('refuses events before the first day and after the last', async () => {
    const experiment = await opened(2);
    const send = (atMs: number) =>
      store.record(batch(experiment, newVisitor(), [event('exposure')]), atMs);
    expect((await send(START - 1)).status).toBe('ended');
    expect((await send(START + 2 * DAY - 1)).status).toBe('ok');
    expect((await send(START + 2 * DAY)).status).toBe('ended');
  });

  it("keeps a visitor's cap state for its window, ending with the experiment at the latest", async () => {
    const experiment = await opened(80);
    const visitor = newVisitor();
    await store.record(batch(experiment, visitor, [event('exposure')]), START);
    const key = `pai:{${experiment.shop}}:experiments:${experiment.id}:visitor:${visitor}`;
    expect(await redis.pexpiretime(key)).toBe(START + VISITOR_WINDOW_MS);
    const late = newVisitor();
    await store.record(batch(experiment, late, [event('exposure')]), START + 79 * DAY);
    expect(
      await redis.pexpiretime(
        `pai:{${experiment.shop}}:experiments:${experiment.id}:visitor:${late}`,
      ),
    ).toBe(START + 80 * DAY);
  });
});
