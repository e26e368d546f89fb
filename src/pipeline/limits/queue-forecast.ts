/**
 * When a shop's bulk work will have been sent, from what the fair scheduler holds and the shared
 * rate limit. It follows the scheduler's rules (fair-scheduler.ts): every waiting interactive
 * generation goes first; then the shops with bulk work take turns, one request each, so while
 * this shop still has `n` requests to send, another shop sends at most `n` of its own.
 * The first `freeSlots` requests leave at once (at most one: bulk requests are paced), the
 * others one per window/limit (4 s at 15 a minute). Requests that arrive later (a click, another
 * shop's new run) are not known: the forecast is "about", and is recomputed whenever the run is
 * looked at again.
 */
import type { BulkSchedule } from '../../app-api/contract.ts';

export interface ForecastInput {
  /** Interactive generations waiting, every shop's. */
  interactive: number;
  /**
   * `othersAtDepth[d - 1]`: the other shops with at least `d` bulk generations waiting (the
   * fair scheduler's line depths), as far as `ownAhead + own` or the deepest of their lines.
   */
  othersAtDepth: readonly number[];
  /** The shop's bulk requests already waiting before this run's remaining ones. */
  ownAhead: number;
  /** This run's requests still to send. */
  own: number;
  limit: number;
  windowMs: number;
  /** Slots of the current window still free: that many requests leave at once. */
  freeSlots: number;
  /** From a request's submission to its result (the kind's typical processing time). */
  processingMs: number;
}

export function forecastBulk(input: ForecastInput): BulkSchedule | null {
  const { interactive, ownAhead, own, limit, windowMs } = input;
  if (own <= 0 || limit <= 0) return null;
  const ownTotal = ownAhead + own;
  // While this shop sends n, every other shop sends min(its line, n): the sum of the first n
  // depths (one shop with at least d waiting sends its d-th).
  const othersWhile = (n: number) =>
    input.othersAtDepth.slice(0, n).reduce((sum, shops) => sum + shops, 0);
  const othersAhead = othersWhile(ownAhead);
  const othersAlongside = othersWhile(ownTotal);
  const requestsAhead = interactive + othersAhead + ownAhead;
  const requestsToFinish = interactive + othersAlongside + ownTotal;
  const msPerRequest = windowMs / limit;
  return {
    requestsAhead,
    requestsToFinish,
    requestsPerMinute: Math.round((limit * 60_000 * 100) / windowMs) / 100,
    finishInMs: Math.ceil(
      Math.max(0, requestsToFinish - input.freeSlots) * msPerRequest + input.processingMs,
    ),
  };
}
