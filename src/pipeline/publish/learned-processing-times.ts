/**
 * Shopify's processing time for files of each kind and size, as the verify stage has learned it
 * (processing-estimates.ts), shared by every worker process and kept across their restarts: one
 * Redis hash per pipeline namespace, size class -> ms. App-wide, since it is Shopify's time and
 * holds nothing of any shop.
 *
 * Plain HGET and HSET, no script: two workers learning at the same moment keep the later figure,
 * which is as good as the other (each is the estimate after one file). A file costs a read when
 * attach plans its first check, and a read and at most one write when verify sees it READY.
 */
import { appWideKey } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';

export interface LearnedProcessingTimes {
  /** The estimate for a size class, null before any file of it was seen. */
  get(sizeClass: string): Promise<number | null>;
  set(sizeClass: string, ms: number): Promise<void>;
}

export function createLearnedProcessingTimes(
  redis: Redis,
  namespace: string,
): LearnedProcessingTimes {
  const key = appWideKey('processing-ms', namespace);
  return {
    async get(sizeClass) {
      const value = await redis.hget(key, sizeClass);
      const ms = value === null ? NaN : Number(value);
      return Number.isFinite(ms) && ms > 0 ? ms : null;
    },
    async set(sizeClass, ms) {
      await redis.hset(key, sizeClass, String(Math.round(ms * 10) / 10));
    },
  };
}
