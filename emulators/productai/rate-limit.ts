/**
 * Sliding-window limiter: at most `limit` requests per `windowMs` per key (client IP for
 * generation, account for uploads). Refused requests do not count, so a caller that waits out
 * the window is served again.
 */
import type { Clock } from '../../src/platform/clock.ts';

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly clock: Clock;

  /** `limit` 0 turns the limiter off. */
  constructor(limit: number, windowMs: number, clock: Clock) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.clock = clock;
  }

  get window(): number {
    return this.windowMs;
  }

  take(key: string): LimitDecision {
    if (this.limit <= 0) return { allowed: true };
    const now = this.clock.now();
    const recent = (this.hits.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return { allowed: false, retryAfterMs: recent[0]! + this.windowMs - now };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { allowed: true };
  }
}
