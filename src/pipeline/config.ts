/**
 * The pipeline's knobs, with production defaults from the ProductAI spec. Tests and benchmarks
 * compress time by overriding them (e.g. a 1 s limiter window, 200 ms first poll); every wait in
 * the pipeline reads from here, so nothing is hard-wired to real minutes.
 */
import type { GenerationKind } from '../app-api/contract.ts';
import type { StageName } from './generations/generation.ts';

export interface PipelineConfig {
  /** Separates the app-wide keys and queues of independent pipelines sharing one Redis. */
  namespace: string;
  limiter: {
    /** Generation requests allowed per window, for ALL shops together (the API's per-IP budget). */
    limit: number;
    windowMs: number;
    /**
     * Longest a request may take from leaving to reaching ProductAI; a slot counts from
     * min(answer, sent + this) (see limits/rate-limiter.ts). Too small risks a 429.
     */
    arrivalMarginMs: number;
  };
  polling: {
    /** First poll after submission: after the typical completion time, by kind. */
    firstPollMs: Record<GenerationKind, number>;
    /** Interval after an unfinished poll; multiplied by `backoff` each time up to `maxIntervalMs`. */
    intervalMs: Record<GenerationKind, number>;
    backoff: number;
    maxIntervalMs: number;
    /** After this long since submission without a result, the generation fails. */
    deadlineMs: Record<GenerationKind, number>;
  };
  submit: {
    /** Timeout of the generation request; after it the request may have landed (uncertain). */
    timeoutMs: number;
  };
  stages: {
    /** Jobs of one stage one worker process runs at once. */
    concurrency: Record<StageName, number>;
    /**
     * Tries of a stage job that throws, before the generation fails (also how often a
     * submission that certainly never left, e.g. ProductAI unreachable, is tried again).
     */
    attempts: number;
    /** First retry delay of a throwing stage (exponential). */
    backoffMs: number;
    /**
     * How long a job may go without its worker renewing the lock before BullMQ hands it to
     * another worker: the time to notice a crashed worker.
     */
    lockMs: number;
    /** How often workers look for jobs whose lock expired (BullMQ `stalledInterval`). */
    stalledCheckMs: number;
  };
  dispatcher: {
    /** Generations chosen ahead of their slot (see limits/fair-scheduler.ts): 1 keeps a click
     * at most one slot behind the generation already chosen. */
    lookahead: number;
    /** Idle dispatchers also look for work this often (wake-ups are normally pub/sub). */
    idleCheckMs: number;
    /** An armed generation whose submit job is gone after this long is put back in line. */
    recoverAfterMs: number;
  };
}

const MINUTE = 60_000;

export function defaultPipelineConfig(): PipelineConfig {
  return {
    namespace: 'main',
    // The spec: 15 generation requests per minute per client IP.
    limiter: { limit: 15, windowMs: MINUTE, arrivalMarginMs: 5_000 },
    polling: {
      // The spec: images typically complete in 15-60 s, videos in 1-5 min.
      firstPollMs: { photo: MINUTE, upscale: MINUTE, video: 3 * MINUTE },
      intervalMs: { photo: 10_000, upscale: 10_000, video: 30_000 },
      backoff: 2,
      maxIntervalMs: 2 * MINUTE,
      deadlineMs: { photo: 15 * MINUTE, upscale: 15 * MINUTE, video: 30 * MINUTE },
    },
    submit: { timeoutMs: 30_000 },
    stages: {
      concurrency: { submit: 4, await: 20, attach: 4, verify: 8 },
      attempts: 5,
      backoffMs: 2_000,
      lockMs: 30_000,
      stalledCheckMs: 30_000,
    },
    dispatcher: { lookahead: 1, idleCheckMs: 1_000, recoverAfterMs: 30_000 },
  };
}

export type PipelineConfigOverrides = {
  [K in keyof PipelineConfig]?: PipelineConfig[K] extends object
    ? Partial<PipelineConfig[K]>
    : PipelineConfig[K];
};

/** Defaults with overrides applied one section deep. */
export function pipelineConfig(overrides: PipelineConfigOverrides = {}): PipelineConfig {
  const base = defaultPipelineConfig();
  return {
    namespace: overrides.namespace ?? base.namespace,
    limiter: { ...base.limiter, ...overrides.limiter },
    polling: { ...base.polling, ...overrides.polling },
    submit: { ...base.submit, ...overrides.submit },
    stages: { ...base.stages, ...overrides.stages },
    dispatcher: { ...base.dispatcher, ...overrides.dispatcher },
  };
}

/**
 * The knobs an operator sets from the environment: PIPELINE_RATE_LIMIT and
 * PIPELINE_RATE_WINDOW_MS (e.g. when ProductAI grants the app's address a larger budget), and
 * PIPELINE_ARRIVAL_MARGIN_MS (a slow network to ProductAI).
 */
export function pipelineConfigFromEnv(env: Record<string, string | undefined>): PipelineConfig {
  const number = (name: string): number | undefined => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`${name} must be a positive integer`);
    return value;
  };
  const base = defaultPipelineConfig();
  return pipelineConfig({
    limiter: {
      limit: number('PIPELINE_RATE_LIMIT') ?? base.limiter.limit,
      windowMs: number('PIPELINE_RATE_WINDOW_MS') ?? base.limiter.windowMs,
      arrivalMarginMs: number('PIPELINE_ARRIVAL_MARGIN_MS') ?? base.limiter.arrivalMarginMs,
    },
  });
}
