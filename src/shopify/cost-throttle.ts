/**
 * Client-side model of Shopify's GraphQL cost bucket, per shop, so that the app waits for points
 * instead of being answered THROTTLED.
 *
 * - Before a request is sent it is admitted: its expected cost (the last `requestedQueryCost`
 *   seen for that operation, which is what Shopify itself reserves) must fit in the bucket.
 *   Callers that do not fit wait in a FIFO queue per shop.
 * - Once Shopify answers, the reservation is settled: the model takes the bucket's state from
 *   `extensions.cost.throttleStatus` (which already holds Shopify's refund of requested minus
 *   actual cost), or, without one, charges only `actualQueryCost`. Either way the unused part of
 *   the reservation comes back at once and the queue is re-examined, so waiting callers are
 *   admitted as soon as the points are really there, not when the worst case would have refilled.
 *   Measured (bench/api-generations-burst.ts): settled only by the refill, 40 clicks per shop
 *   each reserving 206 points of a 2000-point bucket wait up to 60 s for points Shopify never
 *   took.
 * - Between reports the bucket refills at `restoreRate` points per second.
 * - While the bucket is unknown (no answer yet for this shop), one request at a time is sent: its
 *   answer teaches the bucket before a burst can overdraw it.
 *
 * The model is per process; several processes sharing a shop's bucket still meet THROTTLED now
 * and then, which the client retries. A process whose calls can wait (the worker's: a bulk
 * run's product pages, saving results) leaves `keepFree` of each bucket to the others: without
 * it a bulk run held a shop's bucket at 5-70 points of 2,000, and the merchant's click on the
 * product page's action (the web process reading the product) was throttled until its retries
 * ran out and answered 503.
 */
import type { Clock } from '../platform/clock.ts';

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

/** What Shopify reported about one request (extensions.cost). */
export interface CostReport {
  actualQueryCost?: number | null;
  throttleStatus?: ThrottleStatus;
}

export interface Admission {
  /** How long the caller waited in the queue (ms). */
  readonly waitedMs: number;
  /** The request is done: give back its reservation and record what Shopify reported. */
  settle(report?: CostReport): void;
}

export interface CostThrottle {
  /** Resolves once the shop's bucket can take `cost`; rejects when `signal` aborts first. */
  admit(shop: string, cost: number, signal?: AbortSignal): Promise<Admission>;
  /** Milliseconds until `cost` points are free (after a THROTTLED answer); null while unknown. */
  waitFor(shop: string, cost: number): number | null;
  /** The last requested cost seen for an operation (0 while unknown). */
  expectedCost(operationName: string): number;
  learnCost(operationName: string, requestedQueryCost: number): void;
}

interface Waiter {
  cost: number;
  queuedAt: number;
  admit: () => void;
}

interface Bucket {
  status: ThrottleStatus | null;
  /** When `status` was true (points refill from there). */
  at: number;
  /** Points reserved by admitted requests whose answer has not come back yet. */
  reserved: number;
  inFlight: number;
  queue: Waiter[];
  /** The pending refill wake-up, if any. */
  timer: { at: number; cancel: AbortController } | null;
}

export function createCostThrottle(clock: Clock, { keepFree = 0 } = {}): CostThrottle {
  const buckets = new Map<string, Bucket>();
  const costs = new Map<string, number>();

  function bucketOf(shop: string): Bucket {
    let bucket = buckets.get(shop);
    if (!bucket) {
      bucket = { status: null, at: 0, reserved: 0, inFlight: 0, queue: [], timer: null };
      buckets.set(shop, bucket);
    }
    return bucket;
  }

  /** The bucket's points now, by Shopify's last report and the refill since. */
  function refilled(bucket: Bucket, status: ThrottleStatus): number {
    const restored = (status.restoreRate * (clock.now() - bucket.at)) / 1000;
    return Math.min(status.maximumAvailable, status.currentlyAvailable + restored);
  }

  /** Milliseconds until `cost` more points fit; null while the bucket is unknown. */
  function msUntil(bucket: Bucket, cost: number): number | null {
    const status = bucket.status;
    if (!status) return null;
    const needed =
      Math.min(cost + keepFree * status.maximumAvailable, status.maximumAvailable) -
      (refilled(bucket, status) - bucket.reserved);
    if (needed <= 0) return 0;
    return status.restoreRate > 0 ? Math.ceil((needed / status.restoreRate) * 1000) : null;
  }

  /** Admits waiting callers in order while they fit; schedules a wake-up for the refill. */
  function pump(bucket: Bucket): void {
    while (bucket.queue.length > 0) {
      const head = bucket.queue[0]!;
      const wait = head.cost > 0 ? msUntil(bucket, head.cost) : 0;
      if (wait === null) {
        // Unknown bucket (or one that does not refill): one request at a time, whose answer
        // teaches the bucket.
        if (bucket.inFlight > 0) break;
      } else if (wait > 0) {
        wakeAfter(bucket, wait);
        return;
      }
      bucket.queue.shift();
      head.admit();
    }
    if (bucket.queue.length === 0) cancelWake(bucket);
  }

  function wakeAfter(bucket: Bucket, ms: number): void {
    const at = clock.now() + ms;
    if (bucket.timer && bucket.timer.at <= at) return;
    cancelWake(bucket);
    const cancel = new AbortController();
    bucket.timer = { at, cancel };
    clock.sleep(ms, cancel.signal).then(
      () => {
        if (bucket.timer?.cancel === cancel) bucket.timer = null;
        pump(bucket);
      },
      () => {}, // cancelled: a settle admitted the queue or set an earlier wake-up
    );
  }

  function cancelWake(bucket: Bucket): void {
    bucket.timer?.cancel.abort();
    bucket.timer = null;
  }

  function admission(bucket: Bucket, cost: number, queuedAt: number): Admission {
    bucket.reserved += cost;
    bucket.inFlight += 1;
    let settled = false;
    return {
      waitedMs: clock.now() - queuedAt,
      settle(report) {
        if (settled) return;
        settled = true;
        bucket.reserved -= cost;
        bucket.inFlight -= 1;
        if (report?.throttleStatus) {
          // Shopify's own figure: the request's actual cost taken, the rest of its
          // reservation given back, everything else the shop's apps spent included.
          bucket.status = report.throttleStatus;
          bucket.at = clock.now();
        } else if (bucket.status && typeof report?.actualQueryCost === 'number') {
          const left = refilled(bucket, bucket.status) - report.actualQueryCost;
          bucket.status = { ...bucket.status, currentlyAvailable: left };
          bucket.at = clock.now();
        }
        pump(bucket);
      },
    };
  }

  return {
    admit(shop, cost, signal) {
      signal?.throwIfAborted();
      const bucket = bucketOf(shop);
      const queuedAt = clock.now();
      return new Promise<Admission>((resolve, reject) => {
        const waiter: Waiter = {
          cost,
          queuedAt,
          admit: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(admission(bucket, cost, queuedAt));
          },
        };
        const onAbort = () => {
          const index = bucket.queue.indexOf(waiter);
          if (index >= 0) bucket.queue.splice(index, 1);
          reject(signal!.reason);
          pump(bucket);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        bucket.queue.push(waiter);
        pump(bucket);
      });
    },
    waitFor(shop, cost) {
      return msUntil(bucketOf(shop), Math.max(cost, 1));
    },
    expectedCost: (operationName) => costs.get(operationName) ?? 0,
    learnCost: (operationName, requestedQueryCost) => costs.set(operationName, requestedQueryCost),
  };
}
