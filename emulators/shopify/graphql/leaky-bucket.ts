/**
 * Shopify's leaky bucket for calculated query cost, one per shop and app
 * (https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits): a request reserves its
 * requested cost up front, is THROTTLED when that is more than is currently available, and gets
 * the difference back once its actual cost is known. Points come back at `restoreRate` per
 * second up to `maximumAvailable`.
 */
import type { Clock } from '../../../src/platform/clock.ts';

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

interface Bucket {
  available: number;
  updatedAt: number;
}

export class ThrottleBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly clock: Clock;
  readonly maximumAvailable: number;
  readonly restoreRate: number;

  constructor(clock: Clock, maximumAvailable: number, restoreRate: number) {
    this.clock = clock;
    this.maximumAvailable = maximumAvailable;
    this.restoreRate = restoreRate;
  }

  private bucket(key: string): Bucket {
    const now = this.clock.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { available: this.maximumAvailable, updatedAt: now };
      this.buckets.set(key, bucket);
    }
    const restored = ((now - bucket.updatedAt) / 1000) * this.restoreRate;
    bucket.available = Math.min(this.maximumAvailable, bucket.available + restored);
    bucket.updatedAt = now;
    return bucket;
  }

  status(key: string): ThrottleStatus {
    return {
      maximumAvailable: this.maximumAvailable,
      currentlyAvailable: Math.floor(this.bucket(key).available),
      restoreRate: this.restoreRate,
    };
  }

  /** Reserves `cost` points; false (and nothing taken) when not enough are available. */
  tryReserve(key: string, cost: number): boolean {
    const bucket = this.bucket(key);
    if (cost > bucket.available) return false;
    bucket.available -= cost;
    return true;
  }

  /** Gives back points reserved but not spent. */
  refund(key: string, points: number): void {
    const bucket = this.bucket(key);
    bucket.available = Math.min(this.maximumAvailable, bucket.available + Math.max(0, points));
  }

  /** Test control: empties the bucket. */
  drain(key: string): void {
    this.bucket(key).available = 0;
  }
}
