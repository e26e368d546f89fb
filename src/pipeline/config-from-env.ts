/**
 * The pipeline's settings an operator sets from the environment, as a zod schema with each
 * default beside its variable: the default is the production value of config.ts (which holds
 * every knob, with why it has its value, and the ones that are not the operator's: stage
 * concurrency, backoffs, sweeps…). Read with the rest of the configuration in one pass by
 * src/app/config.ts (src/platform/env.ts says how); `pipelineConfigFromEnv` reads it alone, for
 * the upgrade scripts and tests that open the pipeline's Redis without the app.
 */
import { z } from 'zod';
import { envSection, positiveInteger, readEnv, type Env } from '../platform/env.ts';
import { defaultPipelineConfig, pipelineConfig, type PipelineConfig } from './config.ts';

const DAY = 24 * 60 * 60_000;
const base = defaultPipelineConfig();

const DURABILITY_MODES = ['aof', 'replicas', 'none'] as const;

const PipelineEnv = z.object({
  // ProductAI's budget for the app's address (the spec: 15 a minute); change it only if ProductAI
  // grants the address another.
  PIPELINE_RATE_LIMIT: positiveInteger.default(base.limiter.limit),
  PIPELINE_RATE_WINDOW_MS: positiveInteger.default(base.limiter.windowMs),
  // A slow network to ProductAI.
  PIPELINE_ARRIVAL_MARGIN_MS: positiveInteger.default(base.limiter.arrivalMarginMs),
  // One value for every kind, when set; by default each kind's (1 min for images, 3 for video).
  PIPELINE_FIRST_POLL_MS: positiveInteger.optional(),
  // The wait for a result, every kind, when set; by default 15 min for images, 30 for video.
  PIPELINE_POLL_DEADLINE_MS: positiveInteger.optional(),
  PIPELINE_SUBMIT_TIMEOUT_MS: positiveInteger.default(base.submit.timeoutMs),
  // The timings crash recovery depends on: how soon a dead worker's job runs elsewhere.
  PIPELINE_STAGE_LOCK_MS: positiveInteger.default(base.stages.lockMs),
  PIPELINE_STALLED_CHECK_MS: positiveInteger.default(base.stages.stalledCheckMs),
  PIPELINE_DISPATCH_RECOVER_MS: positiveInteger.default(base.dispatcher.recoverAfterMs),
  PIPELINE_RECONCILE_FIRST_CHECK_MS: positiveInteger.default(base.reconcile.firstCheckMs),
  PIPELINE_RECONCILE_RECHECK_MS: positiveInteger.default(base.reconcile.recheckMs),
  PIPELINE_JOB_LISTING_DELAY_MS: positiveInteger.default(base.reconcile.listingDelayMs),
  PIPELINE_CLOCK_SKEW_MS: positiveInteger.default(base.reconcile.clockSkewMs),
  // How long a result waits for Shopify to come back (6 h).
  PIPELINE_SHOPIFY_OUTAGE_CEILING_MS: positiveInteger.default(base.saving.outageCeilingMs),
  // How long a job's reads wait for ProductAI (6 h), and how often a worker asks it meanwhile.
  PIPELINE_PRODUCTAI_OUTAGE_CEILING_MS: positiveInteger.default(base.awaiting.outageCeilingMs),
  PIPELINE_PRODUCTAI_PROBE_MS: positiveInteger.default(base.awaiting.probeEveryMs),
  // `aof` in production (the deployment docs/operations.md assumes, compose.yaml runs), `none`
  // elsewhere (tests and the demo run a private Redis): decided in `build`, from NODE_ENV.
  REDIS_DURABILITY: z
    .enum(DURABILITY_MODES, { error: `must be one of ${DURABILITY_MODES.join(', ')}` })
    .optional(),
  REDIS_DURABILITY_REPLICAS: positiveInteger.default(base.durability.replicas),
  REDIS_DURABILITY_TIMEOUT_MS: positiveInteger.default(base.durability.timeoutMs),
  GENERATION_RETENTION_DAYS: positiveInteger.default(base.retention.generationMs / DAY),
  // The per-shop quotas (docs/operations.md, Quotas per shop, says why each value).
  SHOP_PENDING_GENERATIONS_MAX: positiveInteger.default(base.quotas.pendingPerShop),
  SHOP_BULK_RUNS_MAX: positiveInteger.default(base.quotas.bulkRunsPerShop),
  VARIANT_VALUES_PER_SET_MAX: positiveInteger.default(base.quotas.variantValuesPerSet),
  IN_REVIEW_EXPIRY_DAYS: positiveInteger.default(base.expiry.inReviewMs / DAY),
  PAUSED_EXPIRY_DAYS: positiveInteger.default(base.expiry.pausedMs / DAY),
  // 0 turns the fidelity check off in the process.
  FIDELITY_THREADS: z.coerce
    .number('must be 0 or more')
    .int('must be 0 or more')
    .min(0, 'must be 0 or more')
    .default(base.fidelity.threads),
});

export const pipelineEnv = envSection({
  schema: PipelineEnv,
  build: (e, { production }): PipelineConfig => {
    const firstPoll = e.PIPELINE_FIRST_POLL_MS;
    const deadline = e.PIPELINE_POLL_DEADLINE_MS;
    return pipelineConfig({
      limiter: {
        limit: e.PIPELINE_RATE_LIMIT,
        windowMs: e.PIPELINE_RATE_WINDOW_MS,
        arrivalMarginMs: e.PIPELINE_ARRIVAL_MARGIN_MS,
      },
      polling: {
        firstPollMs: firstPoll
          ? { photo: firstPoll, upscale: firstPoll, video: firstPoll }
          : base.polling.firstPollMs,
        deadlineMs: deadline
          ? { photo: deadline, upscale: deadline, video: deadline }
          : base.polling.deadlineMs,
      },
      submit: { timeoutMs: e.PIPELINE_SUBMIT_TIMEOUT_MS },
      stages: { lockMs: e.PIPELINE_STAGE_LOCK_MS, stalledCheckMs: e.PIPELINE_STALLED_CHECK_MS },
      dispatcher: { recoverAfterMs: e.PIPELINE_DISPATCH_RECOVER_MS },
      reconcile: {
        firstCheckMs: e.PIPELINE_RECONCILE_FIRST_CHECK_MS,
        recheckMs: e.PIPELINE_RECONCILE_RECHECK_MS,
        listingDelayMs: e.PIPELINE_JOB_LISTING_DELAY_MS,
        clockSkewMs: e.PIPELINE_CLOCK_SKEW_MS,
      },
      saving: { outageCeilingMs: e.PIPELINE_SHOPIFY_OUTAGE_CEILING_MS },
      awaiting: {
        outageCeilingMs: e.PIPELINE_PRODUCTAI_OUTAGE_CEILING_MS,
        probeEveryMs: e.PIPELINE_PRODUCTAI_PROBE_MS,
      },
      durability: {
        mode: e.REDIS_DURABILITY ?? (production ? 'aof' : 'none'),
        replicas: e.REDIS_DURABILITY_REPLICAS,
        timeoutMs: e.REDIS_DURABILITY_TIMEOUT_MS,
      },
      retention: { generationMs: e.GENERATION_RETENTION_DAYS * DAY },
      quotas: {
        pendingPerShop: e.SHOP_PENDING_GENERATIONS_MAX,
        bulkRunsPerShop: e.SHOP_BULK_RUNS_MAX,
        variantValuesPerSet: e.VARIANT_VALUES_PER_SET_MAX,
      },
      expiry: {
        inReviewMs: e.IN_REVIEW_EXPIRY_DAYS * DAY,
        pausedMs: e.PAUSED_EXPIRY_DAYS * DAY,
      },
      fidelity: { threads: e.FIDELITY_THREADS },
    });
  },
});

/** The pipeline's configuration alone; throws a ConfigError naming each bad variable. */
export function pipelineConfigFromEnv(env: Env): PipelineConfig {
  return readEnv(env, { pipeline: pipelineEnv }).pipeline;
}
