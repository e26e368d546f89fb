/**
 * Experiments' storefront events in Redis, every key under the shop's prefix (`experiments`
 * concern), so the shop's erasure (`shop/redact`) deletes them with the rest:
 *
 *   experiments:<id>                    the "accepting events" record: arms, first day, days, state
 *   experiments:<id>:counters           counts per (day, arm), fixed size (counters.ts)
 *   experiments:<id>:visitors:<arm>     the arm's HyperLogLog of visitor ids (<= 12 KB)
 *   experiments:<id>:visitor:<visitor>  a visitor's cap state, expiring with its window
 *
 * The first three are the experiment's memory whatever the traffic: at most MAX_ARMS x 14 KB of
 * HyperLogLogs and MAX_SLOTS x 32 bytes of counters, within 64 KB. The visitors' states are
 * bounded not by the experiment but by its traffic: one small hash (~190 bytes measured) per
 * visitor seen in the last window (VISITOR_WINDOW_MS), which the per-experiment rate limit
 * bounds in turn (bench/experiments/ingest.ts). A fixed-size structure (a Bloom filter, a
 * count-min sketch) would keep 64 KB at any traffic only by forgetting or merging visitors as
 * traffic grows, moving conversions between visitors: exact per-visitor caps were preferred.
 *
 * An experiment's lifecycle (experiment-steps.ts) opens it (`open`) when it starts and closes it
 * when it ends; until then, and after, events are refused.
 */
import type { Redis } from '../../platform/redis/connection.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import type { EventBatch } from './event-batch.ts';
import { dayOf, readCounters, SLOT_BYTES, type ArmResult } from './counters.ts';

export const MAX_ARMS = 4;
/**
 * Days x arms at most: the counters then take at most 5 KB, and with MAX_ARMS dense
 * HyperLogLogs (14 KB each as allocated) the experiment stays within 64 KB (62.9 KB measured,
 * bench/experiments/ingest.ts): 4 arms for 40 days, 3 for 53, 2 for 80.
 */
export const MAX_SLOTS = 160;
/**
 * How long a visitor's cap lasts: the usual attribution window of a shop's orders. A visitor
 * back after it counts again, in the same arm (its HyperLogLog does not count it twice).
 */
export const VISITOR_WINDOW_MS = 30 * 86_400_000;
/**
 * The per-visitor cap on orders (their ids are what the visitor's state keeps, so this bounds
 * it too) and revenue (in cents: 10,000 in the shop's currency); the metrics count a visitor
 * once each.
 */
export const VISITOR_CAP = { orders: 3, revenueCents: 1_000_000 };

const OPEN = luaScript(new URL('./lua/open-experiment.lua', import.meta.url), {
  keys: ['experiment', 'counters'],
  args: ['arms', 'firstDay', 'days', 'slotBytes'],
});
const CLOSE = luaScript(new URL('./lua/close-experiment.lua', import.meta.url), {
  keys: ['experiment'],
  args: [],
});
const RECORD = luaScript(new URL('./lua/record-events.lua', import.meta.url), {
  keys: ['experiment', 'counters', 'armVisitors', 'visitor'],
  args: ['arm', 'visitorId', 'nowMs', 'windowMs', 'orderCap', 'revenueCap'],
  rest: 'events',
});

const experiments = shopKeyspace('experiments');

export interface OpenExperiment {
  id: string;
  /** Arm ids in order (the control first, by convention), 2 to MAX_ARMS. */
  arms: readonly string[];
  /** When events start to count. */
  startsAtMs: number;
  /** For how many days (counted from the start's UTC day), 1 to MAX_SLOTS / arms. */
  days: number;
}

export type RecordStatus = 'ok' | 'unknown' | 'ended' | 'unknown_arm' | 'other_arm';

export interface RecordResult {
  status: RecordStatus;
  counted: number;
  /** Metrics the visitor had already counted in its window. */
  repeated: number;
  /** Orders whose event id was counted already. */
  duplicates: number;
  /** Orders past the visitor's cap. */
  capped: number;
}

export interface ExperimentEventStore {
  open(shop: string, experiment: OpenExperiment): Promise<boolean>;
  close(shop: string, id: string): Promise<boolean>;
  record(batch: EventBatch, nowMs: number): Promise<RecordResult>;
  /** Each arm's totals per day up to `nowMs` and overall; null for an unknown experiment. */
  totals(shop: string, id: string, nowMs: number): Promise<ArmResult[] | null>;
}

const ARM_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function createExperimentEventStore(redis: Redis): ExperimentEventStore {
  return {
    async open(shop, { id, arms, startsAtMs, days }) {
      if (arms.length < 2 || arms.length > MAX_ARMS || new Set(arms).size !== arms.length)
        throw new Error(`An experiment has 2 to ${MAX_ARMS} distinct arms`);
      if (!arms.every((arm) => ARM_ID.test(arm))) throw new Error('Bad arm id');
      if (!Number.isInteger(days) || days < 1 || days * arms.length > MAX_SLOTS)
        throw new Error(
          `An experiment lasts 1 day at least, and its days x arms are ${MAX_SLOTS} at most`,
        );
      const opened = await OPEN(
        redis,
        { experiment: experiments.key(shop, id), counters: experiments.key(shop, id, 'counters') },
        { arms: arms.join(','), firstDay: dayOf(startsAtMs), days, slotBytes: SLOT_BYTES },
      );
      return opened === 1;
    },

    async close(shop, id) {
      return (await CLOSE(redis, { experiment: experiments.key(shop, id) }, {})) === 1;
    },

    async record(batch, nowMs) {
      const { shop, experiment: id } = batch;
      const [status, counted, repeated, duplicates, capped] = (await RECORD(
        redis,
        {
          experiment: experiments.key(shop, id),
          counters: experiments.key(shop, id, 'counters'),
          armVisitors: experiments.key(shop, id, 'visitors', batch.arm),
          visitor: experiments.key(shop, id, 'visitor', batch.visitor),
        },
        {
          arm: batch.arm,
          visitorId: batch.visitor,
          nowMs,
          windowMs: VISITOR_WINDOW_MS,
          orderCap: VISITOR_CAP.orders,
          revenueCap: VISITOR_CAP.revenueCents,
          events: batch.events.flatMap((event) => [
            event.id,
            event.type,
            Math.round((event.amount ?? 0) * 100),
          ]),
        },
      )) as [RecordStatus, number, number, number, number];
      return { status, counted, repeated, duplicates, capped };
    },

    async totals(shop, id, nowMs) {
      const key = experiments.key(shop, id);
      const [[, record], [, counters]] = (await redis
        .multi()
        .hmget(key, 'arms', 'firstDay', 'days')
        .getBuffer(experiments.key(shop, id, 'counters'))
        .exec()) as [[unknown, (string | null)[]], [unknown, Buffer | null]];
      const [arms, firstDay, days] = record;
      if (!arms || !firstDay || !days || !counters) return null;
      const elapsed = dayOf(nowMs) - Number(firstDay) + 1;
      return readCounters(counters, {
        arms: arms.split(','),
        firstDay: Number(firstDay),
        shownDays: Math.max(0, Math.min(Number(days), elapsed)),
      });
    },
  };
}
