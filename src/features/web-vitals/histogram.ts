/**
 * A fixed histogram per Web Vital: the p75 of a day's reports is read from bucket counts, so
 * storing a report is one counter increment and a day costs at most ~65 counters per page and
 * metric, however many merchants report.
 *
 * Each bucket holds the values up to its bound (and above the one before); a value past the
 * last bound goes to one overflow bucket. The bounds are fine where Built for Shopify's
 * thresholds are (LCP 2.5 s, INP 200 ms, CLS 0.1 at p75: each a bound) and coarser far past them:
 *  - LCP, FCP: every 100 ms to 4 s, every 250 ms to 10 s;
 *  - TTFB: every 50 ms to 2 s, every 250 ms to 6 s;
 *  - INP: every 25 ms to 1 s, every 100 ms to 3 s;
 *  - CLS: every 0.01 to 0.5, every 0.05 to 1.
 * The p75 read is the bound of the bucket that holds the 75th percentile: at most one bucket
 * above the exact figure, never below it, so a page under a threshold really is.
 */
import type { WebVitalName } from '../../app-api/web-vital-pages.ts';

/** `from` (exclusive) to `to` (inclusive) every `step`, rounded so that 0.01 steps stay exact. */
function steps(from: number, to: number, step: number): number[] {
  const count = Math.round((to - from) / step);
  return Array.from({ length: count }, (_, i) => Math.round((from + (i + 1) * step) * 1e4) / 1e4);
}

const PAINT = [...steps(0, 4000, 100), ...steps(4000, 10_000, 250)];

export const BUCKET_BOUNDS: Readonly<Record<WebVitalName, readonly number[]>> = {
  LCP: PAINT,
  FCP: PAINT,
  TTFB: [...steps(0, 2000, 50), ...steps(2000, 6000, 250)],
  INP: [...steps(0, 1000, 25), ...steps(1000, 3000, 100)],
  CLS: [...steps(0, 0.5, 0.01), ...steps(0.5, 1, 0.05)],
};

/** The bucket of a value: the first whose bound holds it, or the overflow one past the last. */
export function bucketOf(metric: WebVitalName, value: number): number {
  const bounds = BUCKET_BOUNDS[metric];
  let low = 0;
  let high = bounds.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (bounds[middle]! >= value) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The 75th percentile of the counts by bucket: the bound of the bucket holding the
 * ceil(0.75·n)-th smallest value; Infinity when it is the overflow bucket; null with no counts.
 */
export function p75(metric: WebVitalName, counts: ReadonlyMap<number, number>): number | null {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(0.75 * total);
  const bounds = BUCKET_BOUNDS[metric];
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket)!;
    if (seen >= rank) return bounds[bucket] ?? Infinity;
  }
  return Infinity;
}
