/**
 * The Redis keys of the generations and of the state shared around them, built with the
 * platform's key layout (src/platform/keys.ts): a shop's generations and its waiting queues live
 * under the shop's prefix (erased with the shop); the state shared by all shops (the rate
 * limiter, the fair scheduler's rings, the ProductAI job-id index) is app-wide, under a
 * namespace so that two pipelines on one Redis (parallel test files) never see each other's.
 * Other parts of the pipeline keep their own keys beside their code (the bulk run and campaign
 * stores, the submission claims, the rules' daily spend…), with the same two builders, so the
 * shop prefix still erases all of a shop's.
 */
import type { FidelityVerdict } from '../../app-api/contract.ts';
import { GENERATION_STATES, TERMINAL_STATES } from '../../app-api/generation-states.ts';
import { appWideKey, shopKeyspace } from '../../platform/keys.ts';
import type { GenerationState, StageName } from './generation.ts';
import type { Priority } from './generation.ts';

/**
 * The states a generation holds a place in the shop's quota (limits/shop-quotas.ts): every state
 * before a final one, review included.
 */
export const PENDING_STATES: readonly GenerationState[] = GENERATION_STATES.filter(
  (state) => !TERMINAL_STATES.includes(state),
);

const generations = shopKeyspace('generations');
const queues = shopKeyspace('queue');

/**
 * Scripts that visit many shops (the scheduler's pop) build a shop's keys from its name inside
 * Lua: `before .. shop .. after`. The halves come from the real key builder, applied to a
 * placeholder shop, so the layout is still defined only in platform/keys.ts.
 */
const PLACEHOLDER_SHOP = 'placeholder-shop.myshopify.com';
function splitAroundShop(key: string): [string, string] {
  const at = key.indexOf(PLACEHOLDER_SHOP);
  return [key.slice(0, at), key.slice(at + PLACEHOLDER_SHOP.length)];
}

export const generationKeys = {
  record: (shop: string, id: string) => generations.key(shop, id),
  transitions: (shop: string, id: string) => generations.key(shop, id, 'transitions'),
  /** Prefix of the shop's index sorted sets: `<prefix>all`, `<prefix>state:<s>`, ... */
  indexPrefix: (shop: string) => `${generations.key(shop, 'index')}:`,
  all: (shop: string) => generations.key(shop, 'index', 'all'),
  byState: (shop: string, state: GenerationState) => generations.key(shop, 'index', 'state', state),
  /** The state indexes of PENDING_STATES: the shop's pending count is the sum of their ZCARDs. */
  pendingIndexes: (shop: string): string[] =>
    PENDING_STATES.map((state) => generationKeys.byState(shop, state)),
  byBulkRun: (shop: string, runId: string) => generations.key(shop, 'index', 'bulk', runId),
  /**
   * A bulk run's generations in one state (`<bulkStatePrefix><runId>:<state>`): Activity's
   * "this run, in review" page and a run's approve-all / undo-all read only what they show.
   */
  bulkStatePrefix: (shop: string) => `${generations.key(shop, 'index', 'bulk-state')}:`,
  byBulkRunState: (shop: string, runId: string, state: GenerationState) =>
    generations.key(shop, 'index', 'bulk-state', runId, state),
  /**
   * A bulk run's generations in review whose product check said `verdict`
   * (`<bulkStatePrefix><runId>:in_review:<verdict>`, kept by lua/includes/generation-counters.lua):
   * the run's "changed" and "check it" results, a page and an exact count however many wait.
   */
  byBulkRunVerdict: (shop: string, runId: string, verdict: FidelityVerdict) =>
    generations.key(shop, 'index', 'bulk-state', runId, 'in_review', verdict),
  /** The options of one request (at most MAX_CANDIDATES members). */
  byCandidateGroup: (shop: string, group: string) =>
    generations.key(shop, 'index', 'options', group),
  byProduct: (shop: string, productId: string) =>
    generations.key(shop, 'index', 'product', productId),
  /** Prefix of the per-bulk-run state counters: `<prefix><runId>` is a hash state -> count. */
  bulkCountsPrefix: (shop: string) => `${generations.key(shop, 'counts', 'bulk')}:`,
  /** The shop's generations by state: a hash state -> count, kept by the transition script. */
  stateCounts: (shop: string) => generations.key(shop, 'counts', 'state'),
  /** Finished generations the retention sweep removed from the indexes: a hash state -> count. */
  sweptCounts: (shop: string) => generations.key(shop, 'counts', 'swept'),
  /** SCAN pattern matching every shop's `all` index (one key per shop with generations). */
  everyShopsAllIndex: (): string => splitAroundShop(generationKeys.all(PLACEHOLDER_SHOP)).join('*'),
  /**
   * Credits charged on one day (UTC): `<prefix><YYYY-MM-DD>` is a hash `HH:MM|model` -> credits,
   * by quarter hour (older counters: model -> credits).
   */
  creditsDayPrefix: (shop: string) => `${generations.key(shop, 'counts', 'credits')}:`,
  /**
   * Finished generations by the time their record expires (score, ms); each member names the
   * index entries to remove then: `id \n productId \n bulkRunId \n optionGroup`.
   */
  retention: (shop: string) => generations.key(shop, 'retention'),
  /**
   * Generations waiting on the merchant (in review) or paused, by when they expire (score, ms;
   * member: the id): written by the transition that moves one in or out of those states
   * (lua/includes/generation-counters.lua), read by the expiry sweep (line/expiry-sweeper.ts).
   */
  expiry: (shop: string) => generations.key(shop, 'expiry'),
  /** Job ids whose results reached this shop's webhook URL before any generation claimed them. */
  unclaimedJobs: (shop: string) => generations.key(shop, 'unclaimed-jobs'),
  /** [before, middle]: a record key is `before .. shop .. middle .. id` (for scripts, see above). */
  recordTemplate: (): [string, string] => {
    const [before, after] = splitAroundShop(generations.key(PLACEHOLDER_SHOP, 'ID'));
    return [before, after.slice(0, -'ID'.length)];
  },
};

export const queueKeys = {
  /** The shop's waiting generations of one priority: a sorted set, FIFO by sequence number. */
  waiting: (shop: string, priority: Priority) => queues.key(shop, 'waiting', priority),
  waitingTemplate: (priority: Priority) =>
    splitAroundShop(queues.key(PLACEHOLDER_SHOP, 'waiting', priority)),
  /** The shop's generations waiting for a turn at a stage (limits/stage-turns.ts): FIFO. */
  turnLine: (shop: string, stage: StageName) => queues.key(shop, 'turn-line', stage),
  turnLineTemplate: (stage: StageName) =>
    splitAroundShop(queues.key(PLACEHOLDER_SHOP, 'turn-line', stage)),
  /** The shop's generations holding a turn at a stage: a hash id -> the turn's token. */
  turnsHeld: (shop: string, stage: StageName) => queues.key(shop, 'turns-held', stage),
  turnsHeldTemplate: (stage: StageName) =>
    splitAroundShop(queues.key(PLACEHOLDER_SHOP, 'turns-held', stage)),
};

export interface AppWideKeys {
  /** ProductAI job id -> {shop, generationId, account} (a job id is global to the service). */
  job(jobId: number): string;
  /** `job(id)` is `jobPrefix + id` (for scripts: a terminal generation's entry expires with it). */
  jobPrefix: string;
  /** A delivery named the job before it had an owner: the shop whose URL it reached. */
  jobNotice(jobId: number): string;
  limiterSlots: string;
  limiterPausedUntil: string;
  /** The paced limiter's earliest time for the next slot. */
  limiterPace: string;
  /** When the limiter gave its last slot. */
  limiterLastSlot: string;
  /** Requests waiting for a slot, by turn (interactive first, then bulk in arming order). */
  limiterWaiting: string;
  /** The same requests, by the time until which each is expected back. */
  limiterWaitingUntil: string;
  /** Shops with waiting work of one priority, in turn order. */
  ring(priority: Priority): string;
  /** Members of `ring` (so a shop is in its ring at most once). */
  ringMembers(priority: Priority): string;
  /**
   * How deep the shops' lines of one priority are: a hash depth -> number of shops (not paused)
   * with at least that many generations waiting, for forecasts (fair-scheduler.ts).
   */
  lineDepths(priority: Priority): string;
  /** Shops whose work is paused (out of credits, invalid key): the dispatcher passes them over. */
  pausedShops: string;
  /** Armed generations: popped by a dispatcher, their submission not yet holding a slot. */
  dispatching: string;
  /** Monotonic counter giving waiting generations their FIFO position. */
  sequence: string;
  /** Pub/sub channel that wakes idle dispatchers when work arrives. */
  wakeChannel: string;
  /** BullMQ's key prefix for the stage queues. */
  bullPrefix: string;
  /** Generations of every shop by state: a hash state -> count (for metrics). */
  generationStates: string;
  /** The app-wide part of a stage's turns (limits/stage-turns.ts). */
  turns(stage: StageName): TurnKeys;
  /** Pub/sub channel that wakes idle turn feeders: a shop may take a turn, or a wait ends sooner. */
  turnWakeChannel: string;
  /** Shops with finished generations to expire, scored by the earliest expiry (ms). */
  retentionShops: string;
  /** Shops with work in review or paused, scored by the earliest time one is due to expire. */
  expiryShops: string;
  /**
   * Generations whose job reads wait out a ProductAI outage, their scopes, and the prefix of each
   * scope's next-probe key (receive/productai-waits.ts).
   */
  productAiWaits: { waits: string; scopes: string; scopeOf: string; probe: string };
}

export interface TurnKeys {
  /** Shops that may take a turn (work waiting, fewer turns held than allowed), in turn order. */
  ring: string;
  /** Members of `ring` (so a shop is in it at most once). */
  ringMembers: string;
  /** Generations to put in line later: member `<shop> <id>`, score when (ms). */
  due: string;
  /** The same for waits on a service's outage, all made due at once when it answers again. */
  outageDue: string;
  /** Turns given: member `<shop> <id> <token>`, score when (ms), for the recovery of lost ones. */
  running: string;
  /** Monotonic counter: places in line (FIFO) and turn tokens. */
  sequence: string;
}

export function appWideKeys(namespace: string): AppWideKeys {
  return {
    job: (jobId) => appWideKey('productai-job', namespace, jobId),
    jobPrefix: `${appWideKey('productai-job', namespace)}:`,
    jobNotice: (jobId) => appWideKey('productai-notice', namespace, jobId),
    limiterSlots: appWideKey('limiter', namespace, 'slots'),
    limiterPausedUntil: appWideKey('limiter', namespace, 'paused-until'),
    limiterPace: appWideKey('limiter', namespace, 'pace'),
    limiterLastSlot: appWideKey('limiter', namespace, 'last-slot'),
    limiterWaiting: appWideKey('limiter', namespace, 'waiting'),
    limiterWaitingUntil: appWideKey('limiter', namespace, 'waiting-until'),
    ring: (priority) => appWideKey('scheduler', namespace, 'ring', priority),
    ringMembers: (priority) => appWideKey('scheduler', namespace, 'ring-members', priority),
    lineDepths: (priority) => appWideKey('scheduler', namespace, 'line-depths', priority),
    pausedShops: appWideKey('scheduler', namespace, 'paused-shops'),
    dispatching: appWideKey('scheduler', namespace, 'dispatching'),
    sequence: appWideKey('scheduler', namespace, 'sequence'),
    wakeChannel: appWideKey('scheduler', namespace, 'wake'),
    bullPrefix: appWideKey('queue', namespace),
    generationStates: appWideKey('generations', namespace, 'states'),
    retentionShops: appWideKey('generations', namespace, 'retention-shops'),
    expiryShops: appWideKey('generations', namespace, 'expiry-shops'),
    productAiWaits: {
      waits: appWideKey('productai-waits', namespace),
      scopes: appWideKey('productai-waits', namespace, 'scopes'),
      scopeOf: appWideKey('productai-waits', namespace, 'scope-of'),
      probe: `${appWideKey('productai-waits', namespace, 'probe')}:`,
    },
    turns: (stage) => ({
      ring: appWideKey('turns', namespace, stage, 'ring'),
      ringMembers: appWideKey('turns', namespace, stage, 'ring-members'),
      due: appWideKey('turns', namespace, stage, 'due'),
      outageDue: appWideKey('turns', namespace, stage, 'outage-due'),
      running: appWideKey('turns', namespace, stage, 'running'),
      sequence: appWideKey('turns', namespace, stage, 'sequence'),
    }),
    turnWakeChannel: appWideKey('turns', namespace, 'wake'),
  };
}
