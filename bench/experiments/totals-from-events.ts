/**
 * The seam between traffic and statistics: one day's storefront events folded into the arms'
 * experiment-to-date totals (ArmTotals), the shape the ingestion's counters per (experiment,
 * arm, metric, day) answer. The simulation produces events and reads totals only through this
 * function, so swapping it for the real event store (totals-through-store.ts, in
 * simulate-store.ts) runs the same statistics on the real ingestion's figures.
 *
 * What it counts is what the ingestion must count: a visitor once per arm on exposure, a
 * converting visitor once, and each visitor's revenue in sum and sumSquares. The simulation
 * sends each of these once (a visitor converts at most once, with one order whose amount is the
 * visitor's revenue); deduplicating real traffic's repeats is the ingestion's job.
 */
import type { ArmTotals } from '../../src/features/experiments/statistics/arm-totals.ts';

export type ExperimentEvent =
  | { kind: 'exposure'; arm: number; visitor: number }
  | { kind: 'conversion'; arm: number; visitor: number; amount: number };

export function totalsFromEvents(
  previous: readonly ArmTotals[],
  events: Iterable<ExperimentEvent>,
): ArmTotals[] {
  const totals = previous.map((arm) => ({
    visitors: arm.visitors,
    conversions: arm.conversions,
    sum: arm.sum ?? 0,
    sumSquares: arm.sumSquares ?? 0,
  }));
  for (const event of events) {
    const arm = totals[event.arm];
    if (arm === undefined) throw new RangeError(`event for arm ${event.arm} of ${totals.length}`);
    if (event.kind === 'exposure') {
      arm.visitors += 1;
    } else {
      arm.conversions += 1;
      arm.sum += event.amount;
      arm.sumSquares += event.amount * event.amount;
    }
  }
  return totals;
}
