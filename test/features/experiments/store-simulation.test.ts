/**
 * The seeded simulation's experiments through the real event store (bench/experiments/
 * totals-through-store.ts: storefront batches, a batch in 5 sent twice, `record` and `totals` on
 * the suite's Redis) against the in-memory seam on the same events: the same totals each day
 * (visitors within HyperLogLog's error) and the same decision. A store that counted a visitor or
 * a conversion twice, or added the days' visitor counts instead of taking their union, would
 * differ.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createExperimentEventStore } from '../../../src/features/experiments/event-store.ts';
import type { ArmTotals } from '../../../src/features/experiments/statistics/arm-totals.ts';
import { seeded } from '../../../emulators/productai/seeded-random.ts';
import {
  BASE_RATE,
  DAYS,
  inMemorySeam,
  type Scenario,
  type Seam,
  simulateExperiment,
} from '../../../bench/experiments/scenarios.ts';
import { storeSeam } from '../../../bench/experiments/totals-through-store.ts';
import { uniqueShop } from '../../support/redis.ts';
import { storeDeps } from '../../stores/support/store-deps.ts';

const { redis } = await storeDeps();
const store = createExperimentEventStore(redis);

/** Small enough for a second or two through the store; enough to decide a doubled rate. */
const scenario = (rates: number[]): Scenario => ({
  name: 'test',
  metric: 'add_to_cart',
  rates,
  trueRelative: rates[1]! / rates[0]! - 1,
  dailyPerArm: 200,
  experiments: 1,
});

/** Runs one experiment through both seams, keeping each day's totals. */
async function throughBoth(rates: number[], seed: number) {
  const looks: ArmTotals[][][] = [[], []];
  const keeping =
    (seam: Seam, into: ArmTotals[][]): Seam =>
    async (events, day) => {
      const totals = await seam(events, day);
      into.push(totals);
      return totals;
    };
  const experiment = {
    shop: uniqueShop('simulated'),
    id: `exp-${randomUUID().slice(0, 8)}`,
    arms: rates.length,
    metric: 'add_to_cart' as const,
    resendEvery: 5,
  };
  const [inMemory, inStore] = await simulateExperiment(seeded(seed), scenario(rates), [
    keeping(inMemorySeam(scenario(rates)), looks[0]!),
    keeping(await storeSeam(store, experiment, DAYS), looks[1]!),
  ]);
  return { inMemory: inMemory!, inStore: inStore!, memoryLooks: looks[0]!, storeLooks: looks[1]! };
}

describe('the simulation through the event store', () => {
  it('reads the same conversions each day, and visitors within 2 %', async () => {
    const { memoryLooks, storeLooks } = await throughBoth([BASE_RATE, BASE_RATE], 33);
    expect(storeLooks).toHaveLength(memoryLooks.length);
    memoryLooks.forEach((arms, day) =>
      arms.forEach((expected, arm) => {
        const read = storeLooks[day]![arm]!;
        expect(read.conversions).toBe(expected.conversions);
        expect(Math.abs(read.visitors / expected.visitors - 1)).toBeLessThan(0.02);
      }),
    );
  });

  it('ends an A/A experiment as the in-memory seam does, showing the same uplift', async () => {
    const { inMemory, inStore } = await throughBoth([BASE_RATE, BASE_RATE], 7);
    expect({ winner: inStore.winner, day: inStore.day }).toEqual({
      winner: inMemory.winner,
      day: inMemory.day,
    });
    // Within the HyperLogLogs' error: ~0.8 % per arm's visitors moves the uplift ~1 point.
    expect(Math.abs(inStore.relativeEstimate - inMemory.relativeEstimate)).toBeLessThan(0.05);
  });

  it('declares a doubled rate the winner on the day the in-memory seam does', async () => {
    const { inMemory, inStore } = await throughBoth([BASE_RATE, 2 * BASE_RATE], 33);
    expect(inMemory.winner).toBe(1);
    expect({ winner: inStore.winner, day: inStore.day }).toEqual({
      winner: inMemory.winner,
      day: inMemory.day,
    });
  });
});
