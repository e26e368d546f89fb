/**
 * Polling a current-interface job until it ends. The cadence follows the spec: every 2-5 s for
 * images (and upscales), less often for video (10-20 s), growing between polls, with an overall
 * deadline. Transient failures of a poll (5xx, network, 429) do not end the wait; the next poll
 * comes after the usual delay (or after the 429's wait). A status the client does not know is
 * reported through `onStatus` and polling goes on.
 */
import { isTransientProductAiError, ProductAiError } from './errors.ts';
import { abortableSleep, type CallOptions, type Sleep } from './http.ts';
import type { Job } from './schemas.ts';

export type JobKind = 'image' | 'video' | 'upscale';

export interface PollCadence {
  /** Delay before the first poll (the job was just submitted). */
  firstPollMs: number;
  /** Each later delay is the previous one times `factor`, capped at `maxIntervalMs`. */
  factor: number;
  maxIntervalMs: number;
  /** Give up after this long, unless the call says otherwise. */
  deadlineMs: number;
}

/** Images finish in 15-60 s, videos in 1-5 min (spec); deadlines leave ample room for a slow day. */
export const POLL_CADENCE: Readonly<Record<JobKind, PollCadence>> = {
  image: { firstPollMs: 2_000, factor: 1.25, maxIntervalMs: 5_000, deadlineMs: 10 * 60_000 },
  upscale: { firstPollMs: 2_000, factor: 1.25, maxIntervalMs: 5_000, deadlineMs: 10 * 60_000 },
  video: { firstPollMs: 10_000, factor: 1.25, maxIntervalMs: 20_000, deadlineMs: 20 * 60_000 },
};

export interface WaitForJobOptions {
  kind: JobKind;
  /** Overall limit from now; defaults to the kind's `deadlineMs`. */
  deadlineMs?: number;
  signal?: AbortSignal;
  /** Called with the job each time its status changes, unknown statuses included. */
  onStatus?: (job: Job) => void;
}

export interface WaitForJobDeps {
  sleep?: Sleep;
  now?: () => number;
  cadence?: Partial<Record<JobKind, PollCadence>>;
}

/**
 * Resolves with the job once it is COMPLETED or ERROR (check `status`). Throws
 * `deadline_exceeded` when time runs out, `aborted` when the signal fires, and the poll's error
 * when it is not transient (`job_not_found`, `invalid_key`, ...).
 */
export async function waitForJob(
  getJob: (id: number, options?: CallOptions) => Promise<Job>,
  id: number,
  options: WaitForJobOptions,
  deps: WaitForJobDeps = {},
): Promise<Job> {
  const sleep = deps.sleep ?? abortableSleep;
  const now = deps.now ?? Date.now;
  const cadence = deps.cadence?.[options.kind] ?? POLL_CADENCE[options.kind];
  const deadline = now() + (options.deadlineMs ?? cadence.deadlineMs);
  const label = `waitForJob ${id}`;
  let delay = cadence.firstPollMs;
  let lastStatus: string | undefined;
  let lastError: ProductAiError | undefined;

  for (;;) {
    try {
      await sleep(Math.max(0, Math.min(delay, deadline - now())), options.signal);
    } catch (reason) {
      throw new ProductAiError({
        code: 'aborted',
        message: `${label} was aborted by the caller`,
        received: 'no',
        request: label,
        cause: reason,
      });
    }
    let nextDelay = Math.min(cadence.maxIntervalMs, delay * cadence.factor);
    try {
      const job = await getJob(id, { signal: options.signal });
      lastError = undefined;
      if (job.status !== lastStatus) {
        lastStatus = job.status;
        options.onStatus?.(job);
      }
      if (job.status === 'COMPLETED' || job.status === 'ERROR') return job;
    } catch (error) {
      if (!isTransientProductAiError(error)) throw error;
      lastError = error;
      if (error.retryAfterMs !== undefined) nextDelay = Math.max(nextDelay, error.retryAfterMs);
    }
    if (now() >= deadline) {
      const last = lastError
        ? `the last poll failed: ${lastError.message}`
        : `last status ${lastStatus ?? 'unknown'}`;
      throw new ProductAiError({
        code: 'deadline_exceeded',
        message: `Job ${id} did not finish before the deadline (${last})`,
        received: 'yes',
        request: label,
        cause: lastError,
      });
    }
    delay = nextDelay;
  }
}
