/**
 * How the verify stage waits for Shopify to process a file: it asks as soon as Shopify can
 * answer, and not much more often than it must, since every status check costs Admin API points.
 *
 *  - First check: `fileCreate`'s own answer carries the file's status (free); a file not READY
 *    there is checked once Shopify's processing time for files of its kind and size has passed,
 *    as learned from the files before it (processing-estimates.ts). Before anything is learned,
 *    `firstCheckMs`.
 *  - Then a short backoff: each check that finds the file unfinished waits a share of the time
 *    since the file was created (2 %, doubling with each check up to 100 %), at least
 *    MIN_RECHECK_MS and at most `maxCheckMs`: a file a little slower than its estimate is seen
 *    ready a fiftieth of its processing time late (30 ms for Shopify's 1.5 s images), while one
 *    far slower is checked ever less often, each check at most doubling the time waited.
 *    Measured against 5 % and 50 ms (bench/at-the-limit/overhead.ts, 40 clicks, load 0.7-1.5):
 *    verify's wait past Shopify's processing p50/p95 50/91 -> 34/67 ms, 1.25 -> 1.35 status
 *    checks a result (1.8-2.0 with a fixed schedule).
 *  - Past a deadline the generation fails with a reason the merchant can act on; videos
 *    transcode for minutes, so they get a longer one.
 */
import type { GenerationKind } from '../../app-api/contract.ts';

export interface PublishTiming {
  /** First status check after the file was created, before Shopify has shown its processing time. */
  firstCheckMs: number;
  /** The longest wait between two checks. */
  maxCheckMs: number;
  deadlineMs: Record<GenerationKind, number>;
}

const MINUTE = 60_000;

export const DEFAULT_PUBLISH_TIMING: PublishTiming = {
  firstCheckMs: 1_000,
  maxCheckMs: 15_000,
  deadlineMs: { photo: 10 * MINUTE, upscale: 10 * MINUTE, video: 30 * MINUTE },
};

/**
 * The shortest wait between two checks of one file: a status check costs 5 Admin points and
 * takes 5-20 ms, so checking faster than this would spend points for little sooner.
 */
export const MIN_RECHECK_MS = 25;

/** Share of the time since the file's creation waited after the first unfinished check. */
const FIRST_RECHECK_SHARE = 0.02;

/**
 * The wait after check number `attempt` (1-based) found the file unfinished, `sinceCreatedMs`
 * after Shopify created it.
 */
export function recheckDelay(timing: PublishTiming, attempt: number, sinceCreatedMs: number) {
  const share = Math.min(1, FIRST_RECHECK_SHARE * 2 ** Math.max(0, attempt - 1));
  return Math.round(
    Math.min(timing.maxCheckMs, Math.max(MIN_RECHECK_MS, share * Math.max(0, sinceCreatedMs))),
  );
}
