/**
 * The waits of a stage holding its generation through a service's outage (Shopify's while
 * saving, publish/shopify-outage.ts; ProductAI's while reading a job, receive/productai-outage.ts):
 * doubling from the first, capped, half jittered so that many waiting generations do not come
 * back at once.
 */

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

/** A ceiling in the merchant's words: "6 hours", "1 minute", "1 second". */
export function outageDuration(ms: number): string {
  const [size, unit] =
    ms >= 3_600_000
      ? [ms / 3_600_000, 'hour']
      : ms >= 60_000
        ? [ms / 60_000, 'minute']
        : [ms / 1_000, 'second'];
  const value = Number(size.toFixed(1));
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}
