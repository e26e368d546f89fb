/**
 * The seam of scenarios.ts through the real ingestion: a simulated day's events sent as the
 * storefront's batches (one per visitor: its exposure, and its add to cart or order) to the event
 * store (`record`, its Lua script, the counters and the arms' HyperLogLogs) at a time within that
 * day, then the arms' totals read back (`totals`) as of the day's end: what the statistics will
 * read in production. Simulated day 1 is the experiment's first day in the store (its days are
 * UTC days of the time `record` and `totals` are given).
 *
 * Every `resendEvery`-th visitor's batch is sent twice, as a beacon's retry does: the store must
 * count it once (totalsFromEvents never sees the repeat). What differs from totalsFromEvents by
 * design: visitors are a HyperLogLog's count (about 0.8 % standard error), and order amounts are
 * kept in cents.
 */
import type { EventBatch } from '../../src/features/experiments/event-batch.ts';
import type { ExperimentEventStore } from '../../src/features/experiments/event-store.ts';
import type { ArmMetrics } from '../../src/features/experiments/counters.ts';
import type { ArmTotals, Metric } from '../../src/features/experiments/statistics/arm-totals.ts';
import type { Seam } from './scenarios.ts';
import type { ExperimentEvent } from './totals-from-events.ts';

const DAY_MS = 86_400_000;
/** A UTC day boundary, after which the store's days are the simulated ones. */
export const SIMULATED_START_MS = Date.UTC(2030, 0, 1);

/** The store's counter each statistics metric reads, and the event that converts on it. */
const CONVERSION = {
  add_to_cart: { counter: 'added_to_cart', type: 'product_added_to_cart' },
  orders: { counter: 'ordered', type: 'checkout_completed' },
  revenue: { counter: 'ordered', type: 'checkout_completed' },
} as const satisfies Record<Metric, { counter: keyof ArmMetrics; type: string }>;

export interface StoreExperiment {
  shop: string;
  id: string;
  arms: number;
  metric: Metric;
  resendEvery: number;
}

const armId = (arm: number) => `arm-${arm}`;

function batches(experiment: StoreExperiment, events: readonly ExperimentEvent[]): EventBatch[] {
  const byVisitor = new Map<number, EventBatch>();
  const { type } = CONVERSION[experiment.metric];
  for (const event of events) {
    const visitor = `visitor-${event.visitor}`;
    let batch = byVisitor.get(event.visitor);
    if (!batch) {
      batch = {
        shop: experiment.shop,
        experiment: experiment.id,
        arm: armId(event.arm),
        visitor,
        events: [],
      };
      byVisitor.set(event.visitor, batch);
    }
    batch.events.push(
      event.kind === 'exposure'
        ? { id: `${visitor}-e`, type: 'exposure' }
        : type === 'checkout_completed'
          ? { id: `${visitor}-o`, type, amount: event.amount }
          : { id: `${visitor}-c`, type },
    );
  }
  return [...byVisitor.values()];
}

/** Opens the experiment in the store for the simulated days, and returns its seam. */
export async function storeSeam(
  store: ExperimentEventStore,
  experiment: StoreExperiment,
  days: number,
): Promise<Seam> {
  const arms = Array.from({ length: experiment.arms }, (_, arm) => armId(arm));
  const opened = await store.open(experiment.shop, {
    id: experiment.id,
    arms,
    startsAtMs: SIMULATED_START_MS,
    days,
  });
  if (!opened) throw new Error(`experiment ${experiment.id} was open already`);
  const { counter } = CONVERSION[experiment.metric];
  return async (events, day) => {
    const dayStart = SIMULATED_START_MS + (day - 1) * DAY_MS;
    // All of a day's batches at once: ioredis pipelines them on its one connection.
    const sent = batches(experiment, events).flatMap((batch, index) =>
      index % experiment.resendEvery === 0 ? [batch, batch] : [batch],
    );
    const results = await Promise.all(
      sent.map((batch) => store.record(batch, dayStart + DAY_MS / 2)),
    );
    const refused = results.find((result) => result.status !== 'ok');
    if (refused) throw new Error(`a batch was refused: ${refused.status}`);
    const totals = await store.totals(experiment.shop, experiment.id, dayStart + DAY_MS - 1);
    if (!totals) throw new Error(`experiment ${experiment.id} unknown to the store`);
    return totals.map(({ overall }): ArmTotals => overall[counter]);
  };
}
