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
 * Shared by every worker process and kept across restarts (learned-processing-times.ts). A
 * worker that learned alone found each class from its own first file of it, checked against the
 * emulator's 1.5 s at about 1, 1.02, 1.06, 1.15 and 1.33 s and READY at about 1.75 s: with two
 * workers and a deploy now and then, that slow first file came back per class, worker and
 * deploy. It costs a Redis read when a file is created, and a read and at most one write when
 * it is READY.
 */
import type { LearnedProcessingTimes } from './learned-processing-times.ts';
import { MIN_RECHECK_MS, recheckDelay, type PublishTiming } from './publish-timing.ts';

/** What decides how long Shopify takes: the file's kind, and for an image its pixels. */
export interface FileSize {
  kind: 'IMAGE' | 'VIDEO';
  /** width x height; null when not known. */
  pixels: number | null;
}

export interface ProcessingEstimates {
  /** The wait before the first status check of a new file of this kind and size. */
  firstCheckMs(learned: LearnedProcessingTimes, size: FileSize): Promise<number>;
  /** Verify saw a file READY at its check number `attempt`, `sinceCreatedMs` after creation. */
  observeReady(
    learned: LearnedProcessingTimes,
    size: FileSize,
    attempt: number,
    sinceCreatedMs: number,
  ): Promise<void>;
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
  const estimate = async (learned: LearnedProcessingTimes, sizeClass: string) =>
    (await learned.get(sizeClass)) ?? timing.firstCheckMs;
  return {
    firstCheckMs: async (learned, size) => Math.round(await estimate(learned, classOf(size))),

    async observeReady(learned, size, attempt, sinceCreatedMs) {
      const sizeClass = classOf(size);
      const current = await estimate(learned, sizeClass);
      if (attempt <= 1) {
        if (sinceCreatedMs <= current * ON_TIME + MIN_RECHECK_MS)
          await learned.set(sizeClass, current * HIT_SHRINK);
        return;
      }
      const lastUnfinished = sinceCreatedMs - recheckDelay(timing, attempt - 1, sinceCreatedMs);
      const next = Math.max(current, lastUnfinished + MIN_RECHECK_MS);
      if (next !== current) await learned.set(sizeClass, next);
    },
  };
}
