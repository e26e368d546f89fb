/**
 * Client-side model of Shopify's GraphQL cost bucket, per shop. Each response's
 * `extensions.cost.throttleStatus` says how full the bucket is; between responses it refills at
 * `restoreRate` points per second. Before a request is sent, its expected cost (the last
 * `requestedQueryCost` seen for that operation) is reserved; when the bucket lacks it, the
 * caller waits for the refill instead of being answered THROTTLED. Reservations stay counted
 * until their response reports the bucket again, so concurrent callers queue behind each other
 * rather than all seeing the same free points.
 *
 * The model is per process; several processes sharing a shop's bucket still meet THROTTLED now
 * and then, which the client retries.
 */
import type { Clock } from '../platform/clock.ts';

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface Reservation {
  /** Milliseconds to wait before sending (0 = now). */
  readonly waitMs: number;
  /** The request is done: drop the reservation and, when the response had one, record the bucket. */
  settle(status?: ThrottleStatus): void;
}

export interface CostThrottle {
  reserve(shop: string, cost: number): Reservation;
  /** Milliseconds until `cost` points are available again (after a THROTTLED answer). */
  waitFor(shop: string, cost: number): number | null;
  /** The last requested cost seen for an operation (0 while unknown). */
  expectedCost(operationName: string): number;
  learnCost(operationName: string, requestedQueryCost: number): void;
}

interface Bucket {
  status: ThrottleStatus | null;
  at: number;
  /** Points reserved by requests whose response has not come back yet. */
  reserved: number;
}

export function createCostThrottle(clock: Clock): CostThrottle {
  const buckets = new Map<string, Bucket>();
  const costs = new Map<string, number>();

  function bucketOf(shop: string): Bucket {
    let bucket = buckets.get(shop);
    if (!bucket) buckets.set(shop, (bucket = { status: null, at: 0, reserved: 0 }));
    return bucket;
  }

  /** Milliseconds until `cost` more points fit; null while the bucket is unknown. */
  function msUntil(bucket: Bucket, cost: number): number | null {
    const status = bucket.status;
    if (!status || status.restoreRate <= 0) return null;
    const refilled =
      status.currentlyAvailable + (status.restoreRate * (clock.now() - bucket.at)) / 1000;
    const free = Math.min(status.maximumAvailable, refilled) - bucket.reserved;
    const needed = Math.min(cost, status.maximumAvailable) - free;
    return needed <= 0 ? 0 : Math.ceil((needed / status.restoreRate) * 1000);
  }

  return {
    reserve(shop, cost) {
      const bucket = bucketOf(shop);
      const waitMs = cost > 0 ? (msUntil(bucket, cost) ?? 0) : 0;
      bucket.reserved += cost;
      let settled = false;
      return {
        waitMs,
        settle(status) {
          if (settled) return;
          settled = true;
          bucket.reserved -= cost;
          if (status) {
            bucket.status = status;
            bucket.at = clock.now();
          }
        },
      };
    },
    waitFor(shop, cost) {
      return msUntil(bucketOf(shop), Math.max(cost, 1));
    },
    expectedCost: (operationName) => costs.get(operationName) ?? 0,
    learnCost: (operationName, requestedQueryCost) => costs.set(operationName, requestedQueryCost),
  };
}
