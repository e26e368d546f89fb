/**
 * How long Shopify has taken to process files of a kind and size: the wait before the verify
 * stage's first status check of a new file (publish-timing.ts says how the checks go on).
 *
 * Learned from what verify sees, per class (videos; images by megapixels, since processing
 * grows with the pixels Shopify decodes and resizes):
 *  - READY at the first check, and that check came on time: the estimate may be too long, so
 *    the next first check comes 1 % sooner (HIT_SHRINK). Repeated, this follows Shopify down
 *    when it gets faster (from twice its time in about 70 files) and makes a file slower than
 *    the estimate now and then (about one in four when Shopify's time is steady: 1.1-1.3 checks
 *    a file, the checks 10-80 ms after the file is ready), which costs one recheck a short
 *    backoff later.
 *  - READY only at a later check: the file took longer than the estimate, at least until the
 *    last check that found it unfinished; the estimate becomes at least just past that check
 *    (MIN_RECHECK_MS), so one slow file is enough to catch up. Just past the lower bound, not
 *    the middle between it and the READY check: the checks' gaps double, so the middle lay up
 *    to a quarter of Shopify's time past it, and each of the next files waited that long for
 *    nothing while the estimate shrank 1 % a file (bench/at-the-limit/overhead.ts, 40 clicks:
 *    the second click's verify 126 ms late at one check); a first check a little early costs
 *    one recheck 2 % later.
 * A check only counts as "first and on time" when it came within half its wait of the planned
 * time (ON_TIME): a first check delayed by a busy queue says nothing about a shorter wait.
 *
 * Kept in each worker process's memory, not in Redis: a process learns a class from its first
 * file (against the emulator's 1.5 s, the first photo after a start is checked at about 1,
 * 1.02, 1.06, 1.15 and 1.33 s and found READY at about 1.75 s, the next ones soon after 1.5 s),
 * so a shared figure would save a few rechecks per class and process start, and would cost a
 * Redis round trip on every check, plus a key to look after.
 */
import { MIN_RECHECK_MS, recheckDelay, type PublishTiming } from './publish-timing.ts';

/** What decides how long Shopify takes: the file's kind, and for an image its pixels. */
export interface FileSize {
  kind: 'IMAGE' | 'VIDEO';
  /** width x height; null when not known. */
  pixels: number | null;
}

export interface ProcessingEstimates {
  /** The wait before the first status check of a new file of this kind and size. */
  firstCheckMs(size: FileSize): number;
  /** Verify saw a file READY at its check number `attempt`, `sinceCreatedMs` after creation. */
  observeReady(size: FileSize, attempt: number, sinceCreatedMs: number): void;
}

const HIT_SHRINK = 0.99;
/**
 * A first check within half its wait again (plus a recheck's minimum) of the planned time is on
 * time: the way from fileCreate's answer to the check (the rest of attach, the queue, the
 * request) takes 100-200 ms on a loaded machine, which a tighter bound (a recheck's wait, then
 * 75 ms at 1.5 s) counted as late, so the estimate never came down again after a slow file
 * (bench/at-the-limit/overhead.ts at load 17-19: verify's wait past Shopify's processing p50/p95
 * 199/376 ms with that bound, 64/152 ms with this one).
 */
const ON_TIME = 1.5;
const MEGAPIXEL = 1_000_000;
/** Image classes by upper bound in megapixels (Shopify takes at most 20 MP). */
const IMAGE_CLASSES = [1, 4, 16];

function classOf(size: FileSize): string {
  if (size.kind === 'VIDEO') return 'video';
  if (size.pixels === null) return 'image';
  const bound = IMAGE_CLASSES.find((megapixels) => size.pixels! <= megapixels * MEGAPIXEL);
  return bound === undefined ? `image>${IMAGE_CLASSES.at(-1)}MP` : `image<=${bound}MP`;
}

export function createProcessingEstimates(timing: PublishTiming): ProcessingEstimates {
  const estimates = new Map<string, number>();
  const estimate = (key: string) => estimates.get(key) ?? timing.firstCheckMs;
  return {
    firstCheckMs: (size) => Math.round(estimate(classOf(size))),

    observeReady(size, attempt, sinceCreatedMs) {
      const key = classOf(size);
      const current = estimate(key);
      if (attempt <= 1) {
        if (sinceCreatedMs <= current * ON_TIME + MIN_RECHECK_MS)
          estimates.set(key, current * HIT_SHRINK);
        return;
      }
      const lastUnfinished = sinceCreatedMs - recheckDelay(timing, attempt - 1, sinceCreatedMs);
      estimates.set(key, Math.max(current, lastUnfinished + MIN_RECHECK_MS));
    },
  };
}
