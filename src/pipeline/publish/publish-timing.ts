/**
 * How the verify stage waits for Shopify to process a file: it checks soon (images are usually
 * READY within seconds), backs off, and gives up after a deadline with a reason the merchant can
 * act on. Videos transcode for minutes, so they get a longer deadline.
 */
import type { GenerationKind } from '../../app-api/contract.ts';

export interface PublishTiming {
  /** First status check after the file was created. */
  firstCheckMs: number;
  /** Each unfinished check waits longer (x2), up to this. */
  maxCheckMs: number;
  deadlineMs: Record<GenerationKind, number>;
}

const MINUTE = 60_000;

export const DEFAULT_PUBLISH_TIMING: PublishTiming = {
  firstCheckMs: 1_000,
  maxCheckMs: 15_000,
  deadlineMs: { photo: 10 * MINUTE, upscale: 10 * MINUTE, video: 30 * MINUTE },
};

/** The wait before check number `attempt` (1-based). */
export function checkDelay(timing: PublishTiming, attempt: number): number {
  return Math.min(timing.maxCheckMs, timing.firstCheckMs * 2 ** Math.max(0, attempt - 1));
}
