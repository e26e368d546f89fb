/**
 * An experiment's counters as lua/record-events.lua writes them: one string of fixed size,
 * a slot of 32 bytes per (day, arm), allocated whole when the experiment opens
 * (lua/open-experiment.lua), so its memory is known from the start and never grows. Read here
 * into each arm's totals per day (as of that day's end) and overall, in the shape the
 * statistics take (`ArmTotals`).
 */

import type { ArmTotals } from './statistics/arm-totals.ts';

export type { ArmTotals };

export const SLOT_BYTES = 32;
const DAY_MS = 86_400_000;

/** What a visitor converts on: viewed the product, added it to cart, ordered. */
export const METRICS = ['viewed', 'added_to_cart', 'ordered'] as const;
export type Metric = (typeof METRICS)[number];

export type ArmMetrics = Record<Metric, ArmTotals>;

export interface ArmResult {
  arm: string;
  /** Totals as of the end of each day, from the experiment's first day to today or its last. */
  days: { day: string; totals: ArmMetrics }[];
  overall: ArmMetrics;
}

interface Slot {
  visitors: number;
  viewed: number;
  addedToCart: number;
  ordered: number;
  revenueCents: bigint;
  revenueSquaresCents: bigint;
}

function readSlot(counters: Buffer, at: number): Slot {
  return {
    visitors: counters.readUInt32BE(at),
    viewed: counters.readUInt32BE(at + 4),
    addedToCart: counters.readUInt32BE(at + 8),
    ordered: counters.readUInt32BE(at + 12),
    revenueCents: counters.readBigInt64BE(at + 16),
    revenueSquaresCents: counters.readBigInt64BE(at + 24),
  };
}

function totalsOf(sum: Slot): ArmMetrics {
  const visitors = sum.visitors;
  return {
    viewed: { visitors, conversions: sum.viewed },
    added_to_cart: { visitors, conversions: sum.addedToCart },
    ordered: {
      visitors,
      conversions: sum.ordered,
      sum: Number(sum.revenueCents) / 100,
      sumSquares: Number(sum.revenueSquaresCents) / 10_000,
    },
  };
}

/**
 * Each arm's totals from the counters, over `shownDays` days from `firstDay` (days since
 * 1970-01-01, UTC). Visitors are distinct (a HyperLogLog's count, the last written on or
 * before the day); conversions and revenue add up day by day.
 */
export function readCounters(
  counters: Buffer,
  layout: { arms: readonly string[]; firstDay: number; shownDays: number },
): ArmResult[] {
  const { arms, firstDay, shownDays } = layout;
  return arms.map((arm, armIndex) => {
    const sum: Slot = {
      visitors: 0,
      viewed: 0,
      addedToCart: 0,
      ordered: 0,
      revenueCents: 0n,
      revenueSquaresCents: 0n,
    };
    const days: ArmResult['days'] = [];
    for (let dayIndex = 0; dayIndex < shownDays; dayIndex += 1) {
      const slot = readSlot(counters, (dayIndex * arms.length + armIndex) * SLOT_BYTES);
      sum.visitors = Math.max(sum.visitors, slot.visitors);
      sum.viewed += slot.viewed;
      sum.addedToCart += slot.addedToCart;
      sum.ordered += slot.ordered;
      sum.revenueCents += slot.revenueCents;
      sum.revenueSquaresCents += slot.revenueSquaresCents;
      const day = new Date((firstDay + dayIndex) * DAY_MS).toISOString().slice(0, 10);
      days.push({ day, totals: totalsOf(sum) });
    }
    return { arm, days, overall: totalsOf(sum) };
  });
}

/** Days since 1970-01-01 (UTC) of an instant. */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
