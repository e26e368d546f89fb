/**
 * The pipeline's knobs, with production defaults from the ProductAI spec. Tests and benchmarks
 * compress time by overriding them (e.g. a 1 s limiter window, 200 ms first poll); every wait in
 * the pipeline reads from here, so nothing is hard-wired to real minutes. The ones an operator
 * sets from the environment are config-from-env.ts's schema, whose defaults are these.
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
    /**
     * While the shop's webhook is not connected: a poll every `intervalMs` (ProductAI's
     * recommended cadence) for `forMs` after submission, then the schedule above
     * (receive/poll-schedule.ts, with the read rate this allows).
     */
    eager: {
      intervalMs: Record<GenerationKind, number>;
      forMs: Record<GenerationKind, number>;
    };
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
    /**
     * Turns one shop may hold at once at each stage after ProductAI (attach, verify), across
     * every worker process (limits/stage-turns.ts): another shop's result waits for at most
     * this many of a shop's at each stage.
     */
    turnsPerShop: number;
  };
  /** Saving a result to Shopify through an outage (publish/shopify-outage.ts). */
  saving: {
    /**
     * Longest a result waits, in `saving`, for Shopify to answer again after a transient failure
     * (5xx, 429 or THROTTLED beyond the client's own retries, a timeout, a reset, DNS), counted
     * from the first failure of the wait; then the generation fails (and Try again saves it
     * without a new charge).
     */
    outageCeilingMs: number;
    /** First wait after a transient failure; doubled at each failure up to `outageMaxDelayMs`. */
    outageFirstDelayMs: number;
    /** Longest wait between a result's two tries. */
    outageMaxDelayMs: number;
    /**
     * While results wait on an outage, how often a worker asks Shopify whether it answers
     * again (publish/shopify-probe.ts): how late after Shopify's return they are saved.
     */
    probeEveryMs: number;
  };
  /** Reading results through a ProductAI outage (receive/productai-outage.ts). */
  awaiting: {
    /**
     * Longest a generation waits, in `processing`, for ProductAI to answer its job reads again
     * (5xx, 429, timeouts, resets, DNS beyond the client's own retries), from the first failure
     * of the wait; then it fails (and Try again saves its result without a new charge). The wait
     * does not count against `polling.deadlineMs`.
     */
    outageCeilingMs: number;
    /** First wait after a failed read; doubled at each failure up to `outageMaxDelayMs`. */
    outageFirstDelayMs: number;
    /**
     * Longest wait between two reads of a generation's own: how late after ProductAI's return
     * a result is read when no probe runs.
     */
    outageMaxDelayMs: number;
    /**
     * While generations wait on an outage, how often a worker reads one job to learn whether
     * ProductAI answers again (receive/productai-probe.ts): how late after ProductAI's return
     * the waiting generations are read.
     */
    probeEveryMs: number;
  };
  /**
   * What Redis must confirm before a request leaves for ProductAI (submit/steps/durable.ts):
   * `aof`, the primary's AOF fsynced (WAITAOF 1 0, Redis 7.2 or later with appendonly yes);
   * `replicas`, `replicas` replicas have the writes (WAIT); `none`, nothing (a crash of the Redis
   * host within a second of a send can lose its record, and recovery may send it again).
   */
  durability: {
    mode: 'aof' | 'replicas' | 'none';
    /** For `replicas`: how many must acknowledge. */
    replicas: number;
    /** How long the wait may take; past it the request is not sent (tried again later). */
    timeoutMs: number;
  };
  retention: {
    /**
     * How long a finished generation's record (and its index entries) is kept after it ended.
     * Counters (credits by day, generations by state, bulk-run totals) are not affected.
     */
    generationMs: number;
    /** How long a day's credit counters are kept (the Overview shows the last 30 days). */
    creditsByDayMs: number;
    /** How often a worker removes expired generations' index entries. */
    sweepEveryMs: number;
    /** Index entries removed per sweep and shop at most (bounds one Redis script's work). */
    sweepBatch: number;
  };
  dispatcher: {
    /** Generations of each priority chosen ahead of their slot (see limits/fair-scheduler.ts):
     * 2 lets the next bulk generation get ready while the one before waits for its slot. */
    lookahead: number;
    /** Idle dispatchers also look for work this often (wake-ups are normally pub/sub). */
    idleCheckMs: number;
    /** An armed generation whose submit job is gone after this long is put back in line. */
    recoverAfterMs: number;
  };
  /** Settling `uncertain` submissions without the merchant (receive/reconcile.ts). */
  reconcile: {
    /** The first look at ProductAI's job list after a submission went uncertain. */
    firstCheckMs: number;
    /** Between looks while the answer is not yet certain. */
    recheckMs: number;
    /**
     * How long after its creation a job is assumed to show in the earlier interface's job list
     * (the spec does not say whether the list lags). A submission is declared never accepted
     * only when its job is still missing this long after the request could last have arrived.
     */
    listingDelayMs: number;
    /** Largest difference assumed between our clock and ProductAI's `created_at` stamps. */
    clockSkewMs: number;
  };
  /** Same-fingerprint submissions (limits/submission-claims.ts). */
  claims: {
    /** How often a submission waiting for its fingerprint looks again. */
    pollMs: number;
    /**
     * Longest a chosen submission waits for its fingerprint before going back in line (keeps the
     * dispatcher moving for other shops while an uncertain submission holds it).
     */
    waitMs: number;
  };
  /** Shopify Flow triggers (flow/trigger-delivery.ts). */
  flowTriggers: {
    /** How often a worker moves recorded transitions into trigger jobs (the trigger's delay). */
    relayMs: number;
  };
  /**
   * Per-shop caps, so one shop cannot fill Redis or the shared line for the others
   * (docs/operations.md, Quotas per shop, says why each value). A request past one is answered 429 with the cap and what
   * frees it (limits/shop-quotas.ts).
   */
  quotas: {
    /** Generations of one shop not yet final (queued to in review) at once. */
    pendingPerShop: number;
    /** Bulk runs of one shop still reading their products at once. */
    bulkRunsPerShop: number;
    /** Values made in one set "one for each colour" (each its own request). */
    variantValuesPerSet: number;
  };
  /**
   * Work waiting on the merchant is not kept for ever (docs/operations.md, Quotas per shop, says why each
   * value): a result in review is discarded after `inReviewMs` (kept in Files), work paused
   * (the shop's pause, a paused bulk run, the rules' daily cap) is cancelled after `pausedMs`,
   * nothing charged; each says so in Activity, and frees its place under the pending cap.
   */
  expiry: {
    /** How long a result may wait in review (from its move to `in_review`). */
    inReviewMs: number;
    /** How long a generation or a bulk run may stay paused (from its move to `paused`). */
    pausedMs: number;
    /** How often a worker looks for work due to expire. */
    sweepEveryMs: number;
    /** Generations expired per sweep and shop at most (bounds one pass's work). */
    sweepBatch: number;
  };
  /** The fidelity check (src/fidelity), one pool per worker process. */
  fidelity: {
    /** Worker threads checking results at once (each one result, on one core). */
    threads: number;
    /** A check not answered by then is `check it` (fail open to a person, never stuck). */
    timeoutMs: number;
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

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
      // The spec: poll images every 2-5 s, video less often.
      eager: {
        intervalMs: { photo: 2_000, upscale: 2_000, video: 15_000 },
        forMs: { photo: 2 * MINUTE, upscale: 2 * MINUTE, video: 6 * MINUTE },
      },
    },
    submit: { timeoutMs: 30_000 },
    stages: {
      concurrency: { submit: 4, await: 20, attach: 4, verify: 8 },
      attempts: 5,
      backoffMs: 2_000,
      lockMs: 30_000,
      stalledCheckMs: 30_000,
      // 2: one of a shop's results downloads and is checked while another is sent to Shopify, so
      // a shop alone keeps both kinds of work going, far faster than the 15 results a minute
      // ProductAI makes for all shops; another shop's result waits for at most 2 of it at each
      // stage (test/pipeline/publish/fair-saving.test.ts).
      turnsPerShop: 2,
    },
    // 6 h: Shopify's incidents (its status page's history) end within hours, and a result paid
    // for is worth the wait; past that, something other than an outage is likely (the shop's
    // access, a change of API), so the merchant is told, and Try again saves it later for free.
    // A result's own try every minute at most: even hundreds of waiting results are a few Admin
    // calls a second (jittered, so they do not arrive at once). A probe every 5 s ends every
    // wait within 5 s of Shopify's return, for one cost point a probe.
    saving: {
      outageCeilingMs: 6 * 60 * MINUTE,
      outageFirstDelayMs: 5_000,
      outageMaxDelayMs: MINUTE,
      probeEveryMs: 5_000,
    },
    // 6 h, as for Shopify (saving, above): a job ProductAI accepted is charged, and its outages,
    // like any API's, end within hours; past that the merchant is told, and Try again reads the
    // result later for free. A read every minute at most: hundreds of waiting generations are
    // a few reads a second, jittered. A probe every 5 s (one job read) brings every waiting
    // generation's read to within 5 s of ProductAI's return, as saving's probe does for Shopify.
    awaiting: {
      outageCeilingMs: 6 * 60 * MINUTE,
      outageFirstDelayMs: 5_000,
      outageMaxDelayMs: MINUTE,
      probeEveryMs: 5_000,
    },
    // Off by default (tests and the demo run a private Redis); config-from-env.ts makes `aof`
    // the production default, the deployment compose.yaml runs. 1 s: `appendfsync everysec`
    // fsyncs within a second anyway, and WAITAOF asks for it sooner (bench/durable-send.ts).
    durability: { mode: 'none', replicas: 1, timeoutMs: 1_000 },
    retention: {
      generationMs: 90 * DAY,
      creditsByDayMs: 400 * DAY,
      sweepEveryMs: 10 * MINUTE,
      sweepBatch: 500,
    },
    // Lookahead 2: getting a bulk generation ready (pop, queue, its submit job's checks) can
    // take longer than a paced slot of a compressed window on a loaded machine: the
    // at-the-limit benchmark's utilisation was 0.79-0.93 with 1 (load 20), 0.96-0.97 with 2
    // (load 10-17).
    dispatcher: { lookahead: 2, idleCheckMs: 1_000, recoverAfterMs: 30_000 },
    // An uncertain submission is looked up after its request's timeout (30 s) and the first
    // poll (1 min), when a webhook would usually have settled it already; the job list is
    // trusted to show a job 2 minutes after its creation (the spec shows no listing delay).
    reconcile: {
      firstCheckMs: MINUTE,
      recheckMs: 30_000,
      listingDelayMs: 2 * MINUTE,
      clockSkewMs: MINUTE,
    },
    // A submission's request takes about a second (the service downloads the images first).
    claims: { pollMs: 250, waitMs: 5_000 },
    // A second is well within what a workflow reacting to "photo ready" can notice.
    flowTriggers: { relayMs: 1_000 },
    // docs/operations.md, Quotas per shop: 500 not-final generations is over half an hour of the whole
    // app's ProductAI budget (15 a minute); 3 runs keep 150 waiting (a window of 50 each),
    // leaving the shop's clicks room; 25 values (×4 results) keep one click at 100 generations.
    quotas: { pendingPerShop: 500, bulkRunsPerShop: 3, variantValuesPerSet: 25 },
    // docs/operations.md, Quotas per shop: 30 days each. A result in review is already in the shop's Files
    // (attach saves it there first), so its expiry loses nothing paid for; a month is longer
    // than any review a merchant means to do, and short enough that a shop which stopped
    // reviewing does not hold its places (and Redis) for good. Paused work was never charged:
    // a month covers a merchant away for weeks who comes back to add credits or a key.
    expiry: {
      inReviewMs: 30 * DAY,
      pausedMs: 30 * DAY,
      sweepEveryMs: 10 * MINUTE,
      sweepBatch: 200,
    },
    // One thread keeps up: a check is about 0.5 s of one core (the goal, bench/fidelity/), and
    // the app makes at most 15 results a minute for all shops (one every 4 s).
    // 30 s: sixty times the goal, room for a queue behind a busy thread on a loaded machine.
    fidelity: { threads: 1, timeoutMs: 30_000 },
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
    saving: { ...base.saving, ...overrides.saving },
    awaiting: { ...base.awaiting, ...overrides.awaiting },
    durability: { ...base.durability, ...overrides.durability },
    retention: { ...base.retention, ...overrides.retention },
    dispatcher: { ...base.dispatcher, ...overrides.dispatcher },
    reconcile: { ...base.reconcile, ...overrides.reconcile },
    claims: { ...base.claims, ...overrides.claims },
    flowTriggers: { ...base.flowTriggers, ...overrides.flowTriggers },
    quotas: { ...base.quotas, ...overrides.quotas },
    expiry: { ...base.expiry, ...overrides.expiry },
    fidelity: { ...base.fidelity, ...overrides.fidelity },
  };
}
