/** A job as the emulator keeps it; the interfaces present it in their own shapes (views.ts). */
import type { ProductChange } from '../render/product-change.ts';
import type { RenderResult } from '../render/plan.ts';

export type JobStatus = 'NOT_STARTED' | 'RUNNING' | 'COMPLETED' | 'ERROR';
export type JobKind = 'image' | 'video' | 'upscale';

export interface Job {
  id: number;
  accountKey: string;
  kind: JobKind;
  /** Model identifier; upscale jobs use `upscale`. */
  model: string;
  prompt: string;
  status: JobStatus;
  /** Credits charged at submission (refunded if the job ends in ERROR). */
  credits: number;
  /** How long the job runs once started. */
  durationMs: number;
  /**
   * When the request arrived (and the rate limit counted it), before the service read its body
   * and downloaded its images: what a client's time ends at.
   */
  receivedAt: number;
  /** When the job was created, its images downloaded and the credits charged. */
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  failedAt: number | null;
  result: (RenderResult & { url: string }) | null;
  /** Why the job ended in ERROR. */
  error: string | null;
  /** How the job changes the product (control-surface order or the random rate), or null. */
  change: ProductChange | null;
  /** Reference images the job works from, the style reference included (control surface). */
  images: number;
  /** The prompt bound the last image as a style reference and the scene follows it. */
  styleReference: boolean;
  /**
   * Every read of the job by id (either API), when (the emulator's clock) and the status it
   * answered: how often and when a client polled it, for tests that assert a polling schedule.
   */
  reads: JobRead[];
}

export interface JobRead {
  at: number;
  api: 'current' | 'earlier';
  status: JobStatus;
  /** The progress the earlier interface answered (null: the current one, which has none). */
  progress: number | null;
}

/** The fixed prompt the service reports for upscale jobs. */
export const UPSCALE_PROMPT = 'Upscale image with the precision upscaler';
