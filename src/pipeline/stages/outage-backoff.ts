/**
 * The waits of a stage holding its generation through a service's outage (Shopify's while
 * saving, publish/shopify-outage.ts; ProductAI's while reading a job, receive/productai-outage.ts):
 * doubling from the first, capped, half jittered so that many waiting generations do not come
 * back at once.
 */
import type { CodedText } from '../../app-api/error-codes.ts';

export interface OutageBackoff {
  outageFirstDelayMs: number;
  outageMaxDelayMs: number;
}

/** The wait after the `failures`-th failure: doubling from the first, capped, half jittered. */
export function outageDelay(config: OutageBackoff, failures: number): number {
  const ceiling = Math.min(
    config.outageMaxDelayMs,
    config.outageFirstDelayMs * 2 ** Math.min(failures - 1, 30),
  );
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** A ceiling in the merchant's words: "6 hours", "1 minute", "1 second" (coded). */
export function outageDuration(ms: number): CodedText {
  const [size, code] =
    ms >= 3_600_000
      ? [ms / 3_600_000, 'duration_hours' as const]
      : ms >= 60_000
        ? [ms / 60_000, 'duration_minutes' as const]
        : [ms / 1_000, 'duration_seconds' as const];
  return { code, params: { count: Number(size.toFixed(1)) } };
}
