/**
 * The pipeline's configuration read from the environment (config.ts has every knob with its
 * production default): what an operator sets, validated once at start.
 */
import { defaultPipelineConfig, pipelineConfig, type PipelineConfig } from './config.ts';

const DAY = 24 * 60 * 60_000;

/**
 * The knobs an operator sets from the environment: PIPELINE_RATE_LIMIT and
 * PIPELINE_RATE_WINDOW_MS (e.g. when ProductAI grants the app's address a larger budget),
 * PIPELINE_ARRIVAL_MARGIN_MS (a slow network to ProductAI), the timings crash recovery
 * depends on: PIPELINE_STAGE_LOCK_MS and PIPELINE_STALLED_CHECK_MS (how soon a dead worker's job
 * runs elsewhere), PIPELINE_FIRST_POLL_MS (all kinds), PIPELINE_POLL_DEADLINE_MS (the wait for a
 * result, all kinds: 15 min for images, 30 for video by default), PIPELINE_SUBMIT_TIMEOUT_MS (a
 * generation request's, 30 s; the fault bench compresses both), PIPELINE_DISPATCH_RECOVER_MS,
 * PIPELINE_RECONCILE_FIRST_CHECK_MS, PIPELINE_RECONCILE_RECHECK_MS,
 * PIPELINE_JOB_LISTING_DELAY_MS and PIPELINE_CLOCK_SKEW_MS, PIPELINE_SHOPIFY_OUTAGE_CEILING_MS
 * (how long a result waits for Shopify to come back, 6 h by default),
 * PIPELINE_PRODUCTAI_OUTAGE_CEILING_MS (how long a job's reads wait for ProductAI, 6 h),
 * PIPELINE_PRODUCTAI_PROBE_MS (how often a worker asks ProductAI whether it answers again while
 * reads wait on it, 5 s),
 * REDIS_DURABILITY (`aof` in production, else `none`; `replicas` with REDIS_DURABILITY_REPLICAS),
 * REDIS_DURABILITY_TIMEOUT_MS, GENERATION_RETENTION_DAYS (how long finished generations are
 * kept, 90 by default), the per-shop quotas SHOP_PENDING_GENERATIONS_MAX, SHOP_BULK_RUNS_MAX and
 * VARIANT_VALUES_PER_SET_MAX, IN_REVIEW_EXPIRY_DAYS and PAUSED_EXPIRY_DAYS (how long a result
 * waits in review and paused work stays paused, 30 each), and FIDELITY_THREADS (the fidelity
 * check's threads per worker process, 1 by default; 0 turns the check off there).
 */
const DURABILITY_MODES = ['aof', 'replicas', 'none'] as const;

/** REDIS_DURABILITY, `aof` by default in production (the deployment docs/operations.md assumes). */
function durabilityMode(
  env: Record<string, string | undefined>,
): PipelineConfig['durability']['mode'] {
  const raw = env['REDIS_DURABILITY']?.trim();
  if (!raw) return (env['NODE_ENV']?.trim() || 'production') === 'production' ? 'aof' : 'none';
  const mode = DURABILITY_MODES.find((candidate) => candidate === raw);
  if (!mode) throw new Error(`REDIS_DURABILITY must be one of ${DURABILITY_MODES.join(', ')}`);
  return mode;
}

export function pipelineConfigFromEnv(env: Record<string, string | undefined>): PipelineConfig {
  const number = (name: string): number | undefined => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`${name} must be a positive integer`);
    return value;
  };
  /** A whole number, 0 allowed (FIDELITY_THREADS=0: the check is off in the process). */
  const count = (name: string): number | undefined => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be 0 or more`);
    return value;
  };
  const base = defaultPipelineConfig();
  const firstPoll = number('PIPELINE_FIRST_POLL_MS');
  const deadline = number('PIPELINE_POLL_DEADLINE_MS');
  return pipelineConfig({
    limiter: {
      limit: number('PIPELINE_RATE_LIMIT') ?? base.limiter.limit,
      windowMs: number('PIPELINE_RATE_WINDOW_MS') ?? base.limiter.windowMs,
      arrivalMarginMs: number('PIPELINE_ARRIVAL_MARGIN_MS') ?? base.limiter.arrivalMarginMs,
    },
    polling: {
      firstPollMs: firstPoll
        ? { photo: firstPoll, upscale: firstPoll, video: firstPoll }
        : base.polling.firstPollMs,
      deadlineMs: deadline
        ? { photo: deadline, upscale: deadline, video: deadline }
        : base.polling.deadlineMs,
    },
    submit: { timeoutMs: number('PIPELINE_SUBMIT_TIMEOUT_MS') ?? base.submit.timeoutMs },
    stages: {
      lockMs: number('PIPELINE_STAGE_LOCK_MS') ?? base.stages.lockMs,
      stalledCheckMs: number('PIPELINE_STALLED_CHECK_MS') ?? base.stages.stalledCheckMs,
    },
    dispatcher: {
      recoverAfterMs: number('PIPELINE_DISPATCH_RECOVER_MS') ?? base.dispatcher.recoverAfterMs,
    },
    reconcile: {
      firstCheckMs: number('PIPELINE_RECONCILE_FIRST_CHECK_MS') ?? base.reconcile.firstCheckMs,
      recheckMs: number('PIPELINE_RECONCILE_RECHECK_MS') ?? base.reconcile.recheckMs,
      listingDelayMs: number('PIPELINE_JOB_LISTING_DELAY_MS') ?? base.reconcile.listingDelayMs,
      clockSkewMs: number('PIPELINE_CLOCK_SKEW_MS') ?? base.reconcile.clockSkewMs,
    },
    saving: {
      outageCeilingMs: number('PIPELINE_SHOPIFY_OUTAGE_CEILING_MS') ?? base.saving.outageCeilingMs,
    },
    awaiting: {
      outageCeilingMs:
        number('PIPELINE_PRODUCTAI_OUTAGE_CEILING_MS') ?? base.awaiting.outageCeilingMs,
      probeEveryMs: number('PIPELINE_PRODUCTAI_PROBE_MS') ?? base.awaiting.probeEveryMs,
    },
    durability: {
      mode: durabilityMode(env),
      replicas: number('REDIS_DURABILITY_REPLICAS') ?? base.durability.replicas,
      timeoutMs: number('REDIS_DURABILITY_TIMEOUT_MS') ?? base.durability.timeoutMs,
    },
    retention: {
      generationMs: (number('GENERATION_RETENTION_DAYS') ?? 90) * DAY,
    },
    quotas: {
      pendingPerShop: number('SHOP_PENDING_GENERATIONS_MAX') ?? base.quotas.pendingPerShop,
      bulkRunsPerShop: number('SHOP_BULK_RUNS_MAX') ?? base.quotas.bulkRunsPerShop,
      variantValuesPerSet: number('VARIANT_VALUES_PER_SET_MAX') ?? base.quotas.variantValuesPerSet,
    },
    expiry: {
      inReviewMs: (number('IN_REVIEW_EXPIRY_DAYS') ?? 30) * DAY,
      pausedMs: (number('PAUSED_EXPIRY_DAYS') ?? 30) * DAY,
    },
    fidelity: {
      threads: count('FIDELITY_THREADS') ?? base.fidelity.threads,
      timeoutMs: base.fidelity.timeoutMs,
    },
  });
}
