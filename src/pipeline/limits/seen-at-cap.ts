/**
 * What this process last counted of a shop at its cap of generations not yet final, kept for a
 * second: a shop flooding clicks past its cap is refused from here, without the count's Redis
 * round trip (generation-line.ts `refuseAtCap`). Only a refusal is remembered, never an
 * admission, and a remembered count is used only to refuse: the script that stores new
 * generations (create-in-line.lua) stays the exact check, for every web process alike. What it
 * costs: a place freed less than a second ago may not be seen yet by this process, and a click
 * in that second is refused as at the cap, with the same 429 and Retry-After a minute.
 */

/** How long a count that refused a click is believed (ms). */
export const SEEN_AT_CAP_MS = 1_000;

/** Past this many shops remembered, the expired ones are dropped. */
const SWEEP_ABOVE = 10_000;

export interface SeenAtCap {
  /** The shop's count of generations not yet final, when one refused a click a moment ago. */
  pending(shop: string): number | null;
  /** Remembers the count that refused one of the shop's clicks. */
  refused(shop: string, pending: number): void;
}

export function createSeenAtCap(now: () => number = () => performance.now()): SeenAtCap {
  const seen = new Map<string, { pending: number; until: number }>();
  return {
    pending(shop) {
      const entry = seen.get(shop);
      if (entry === undefined) return null;
      if (entry.until > now()) return entry.pending;
      seen.delete(shop);
      return null;
    },
    refused(shop, pending) {
      if (seen.size >= SWEEP_ABOVE) {
        const at = now();
        for (const [other, entry] of seen) if (entry.until <= at) seen.delete(other);
      }
      seen.set(shop, { pending, until: now() + SEEN_AT_CAP_MS });
    },
  };
}
