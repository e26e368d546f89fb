/**
 * Bulk runs in Redis (their keys and fields: bulk-run-layout.ts): a hash per run, an index of
 * the shop's runs, and a hash of the products a run has claimed (product id -> generation id)
 * that makes expansion at-most-once per product even when a page is processed again after a
 * crash. State changes and credit reservations are Lua scripts: the budget check and the
 * increment are one atomic step, so concurrent expansions can never commit more than the budget.
 */
import type { Clock } from '../../platform/clock.ts';
import { appWideKey } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { newGenerationId } from '../../pipeline/index.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';
import { createStateRecords } from '../../platform/redis/state-records.ts';
import {
  BulkRunNotFoundError,
  BulkRunStateError,
  type BulkRunAction,
  type BulkRun,
  type StoredBulkRunState,
} from './bulk-run.ts';
import { claimsKey, FIELDS, indexKey, LATER_FIELDS, runKey, triesKey } from './bulk-run-layout.ts';

export type NewBulkRun = Omit<
  BulkRun,
  | 'id'
  | 'state'
  | 'expandedCount'
  | 'creditsCommitted'
  | 'skippedForBudget'
  | 'skippedUnprocessable'
  | 'skippedDone'
  | 'variantProducts'
  | 'variantResults'
  | 'variantSingle'
  | 'atCapSince'
  | 'pausedAt'
  | 'expiredAt'
  | 'cursor'
  | 'expansionDone'
  | 'createdAt'
  | 'updatedAt'
>;

/** What one expanded page changes. */
export interface PageProgress {
  cursor: string | null;
  expanded: number;
  done: boolean;
  /** Products of the page deleted since they were chosen: counted as unprocessable. */
  gone?: number;
}

export interface BulkRunStore {
  create(input: NewBulkRun): Promise<BulkRun>;
  /**
   * `create`, unless the shop already has `cap` runs still reading their products (running,
   * expansion not done): then null, and nothing is written (lua/create-within-cap.lua).
   */
  createWithin(input: NewBulkRun, cap: number): Promise<BulkRun | null>;
  /** How many of the shop's runs are still reading their products, as `createWithin` counts. */
  readingCount(shop: string): Promise<number>;
  get(shop: string, id: string): Promise<BulkRun | null>;
  /** Newest first. */
  list(shop: string, limit?: number): Promise<BulkRun[]>;
  /** Atomic: moves the run to `to` if it is in one of `from`; else BulkRunStateError. */
  setState(
    shop: string,
    id: string,
    from: readonly StoredBulkRunState[],
    to: StoredBulkRunState,
    action: BulkRunAction,
  ): Promise<BulkRun>;
  /**
   * Pauses a running run (atomic, else BulkRunStateError), stamping `pausedAt`, and schedules
   * its expiry at `expiresAt` (ms) in the app-wide set of paused runs, in the same step.
   */
  pause(shop: string, id: string, expiresAt: number): Promise<BulkRun>;
  /** Cancels a paused run for having stayed paused too long, stamping `expiredAt`. */
  expire(shop: string, id: string): Promise<BulkRun>;
  /** Paused runs whose expiry is due at `nowMs`, earliest first. */
  duePaused(nowMs: number, limit: number): Promise<{ shop: string; id: string }[]>;
  /** Looks at a paused run again at `atMs` (not due yet when looked at). */
  duePausedAt(shop: string, id: string, atMs: number): Promise<void>;
  /**
   * Schedules the expiry of a run paused before expiry existed (none scheduled) at `atMs`
   * (scripts/schedule-waiting-expiry.ts).
   */
  schedulePaused(shop: string, id: string, atMs: number): Promise<void>;
  /** Takes a run off the set of paused runs (no longer paused, or gone). */
  forgetPaused(shop: string, id: string): Promise<void>;
  /** Reserves credits for one generation if the run is running and the budget allows. */
  reserveCredits(shop: string, id: string, credits: number): Promise<boolean>;
  /**
   * Reserves the credits of a changed result's next try (publish/fidelity-retry.ts), once per
   * generation: `reserved` (now or by an earlier call), `stopped` (the run is not running) or
   * `over-budget`.
   */
  reserveTryCredits(
    shop: string,
    id: string,
    generationId: string,
    credits: number,
  ): Promise<'reserved' | 'stopped' | 'over-budget'>;
  /** Gives back credits of a generation that will never be submitted (cancelled by the run). */
  releaseCredits(shop: string, id: string, credits: number): Promise<void>;
  recordPage(shop: string, id: string, progress: PageProgress): Promise<void>;
  /**
   * Claims a product for this run: true the first time; false when an earlier attempt claimed
   * it (then `claimOf` says which generation, if it got that far).
   */
  claimProduct(shop: string, id: string, productId: string): Promise<boolean>;
  /**
   * `made`: with eachVariant, how the product was made (a set of `results`, or one result),
   * counted in the same step as the claim so a page processed again never counts it twice.
   */
  recordClaim(
    shop: string,
    id: string,
    productId: string,
    generationId: string,
    made?: { set: boolean; results: number },
  ): Promise<void>;
  claimOf(shop: string, id: string, productId: string): Promise<string | null>;
  /**
   * Records whether expansion is waiting for places under the shop's cap (`since`, ISO 8601) or
   * not (null): the run card's waiting line.
   */
  setAtCap(shop: string, id: string, since: string | null): Promise<void>;
  /**
   * Records a claimed product the run will not send, and counts it, in one step: `marker` is
   * what its claim holds (why it was skipped).
   */
  recordSkip(
    shop: string,
    id: string,
    productId: string,
    marker: string,
    counter: 'skippedUnprocessable' | 'skippedDone' | 'skippedForBudget',
  ): Promise<void>;
}

const RESERVE = luaScript(new URL('./lua/reserve-credits.lua', import.meta.url), {
  keys: ['run'],
  args: ['credits', 'updatedAt'],
});
const RESERVE_TRY = luaScript(new URL('./lua/reserve-try-credits.lua', import.meta.url), {
  keys: ['run', 'tries'],
  args: ['id', 'credits', 'updatedAt'],
});
const RELEASE = luaScript(new URL('./lua/release-credits.lua', import.meta.url), {
  keys: ['run'],
  args: ['credits', 'updatedAt'],
});
const CREATE_WITHIN = luaScript(new URL('./lua/create-within-cap.lua', import.meta.url), {
  keys: ['index', 'run'],
  args: ['id', 'cap', 'runPrefix', 'lookback'],
  rest: 'fields',
});
/**
 * Runs looked at by the cap: a run older than the shop's 100 newest is not counted, which would
 * take 100 runs started and finished while it still reads its products.
 */
const CAP_LOOKBACK = 100;
const COUNT_READING = luaScript(new URL('./lua/count-reading.lua', import.meta.url), {
  keys: ['index'],
  args: ['runPrefix', 'lookback'],
});
const RECORD_PAGE = luaScript(new URL('./lua/record-page.lua', import.meta.url), {
  keys: ['run'],
  args: ['cursor', 'expanded', 'done', 'gone', 'updatedAt'],
});

export function createBulkRunStore(deps: {
  redis: Redis;
  clock: Clock;
  /** Separates the app-wide set of paused runs of pipelines sharing one Redis. */
  namespace: string;
}): BulkRunStore {
  const { redis, clock } = deps;
  // App-wide: paused runs by when they expire, member `<shop> <id>` (the expiry's sweep reads
  // it, bulk/paused-expiry.ts); a run gone or resumed is dropped as it is read.
  const pausedKey = appWideKey('bulk-runs-paused', deps.namespace);
  const pausedMember = (shop: string, id: string) => `${shop} ${id}`;
  const nowIso = () => JSON.stringify(new Date(clock.now()).toISOString());

  const records = createStateRecords<BulkRun, StoredBulkRunState>({
    redis,
    now: () => clock.now(),
    recordKey: runKey,
    indexKey,
    fields: FIELDS,
    defaults: LATER_FIELDS,
    notFound: () => new BulkRunNotFoundError(),
    stale: (_id, current, action) => new BulkRunStateError(current, action as BulkRunAction),
  });

  function newRun(input: NewBulkRun): BulkRun {
    const now = clock.now();
    const at = new Date(now).toISOString();
    return {
      ...input,
      id: newGenerationId(now),
      state: 'running',
      expandedCount: 0,
      creditsCommitted: 0,
      skippedForBudget: 0,
      skippedUnprocessable: 0,
      skippedDone: 0,
      variantProducts: 0,
      variantResults: 0,
      variantSingle: 0,
      atCapSince: null,
      pausedAt: null,
      expiredAt: null,
      cursor: null,
      expansionDone: false,
      createdAt: at,
      updatedAt: at,
    };
  }

  return {
    async create(input) {
      const run = newRun(input);
      await records.create(run).exec();
      return run;
    },

    async createWithin(input, cap) {
      const run = newRun(input);
      const [created] = (await CREATE_WITHIN(
        redis,
        { index: indexKey(run.shop), run: runKey(run.shop, run.id) },
        {
          id: run.id,
          cap,
          runPrefix: runKey(run.shop, '_').slice(0, -1),
          lookback: CAP_LOOKBACK,
          fields: FIELDS.flatMap((field) => [field, JSON.stringify(run[field])]),
        },
      )) as [number, number];
      return created === 1 ? run : null;
    },

    async readingCount(shop) {
      return (await COUNT_READING(
        redis,
        { index: indexKey(shop) },
        { runPrefix: runKey(shop, '_').slice(0, -1), lookback: CAP_LOOKBACK },
      )) as number;
    },

    get: records.get,

    list: (shop, limit = 50) => records.list(shop, limit),

    setState: (shop, id, from, to, action) => records.setState(shop, id, { from, to, action }),

    pause: (shop, id, expiresAt) =>
      records.setState(shop, id, {
        from: ['running'],
        to: 'paused',
        action: 'pause',
        stamp: 'pausedAt',
        due: { key: pausedKey, member: pausedMember(shop, id), score: expiresAt },
      }),

    expire: (shop, id) =>
      records.setState(shop, id, {
        from: ['paused'],
        to: 'cancelled',
        action: 'cancel',
        stamp: 'expiredAt',
      }),

    async duePaused(nowMs, limit) {
      const members = await redis.zrangebyscore(pausedKey, '-inf', nowMs, 'LIMIT', 0, limit);
      return members.map((member) => {
        const [shop, id] = member.split(' ') as [string, string];
        return { shop, id };
      });
    },

    async duePausedAt(shop, id, atMs) {
      await redis.zadd(pausedKey, 'XX', atMs, pausedMember(shop, id));
    },

    async schedulePaused(shop, id, atMs) {
      await redis.zadd(pausedKey, 'NX', atMs, pausedMember(shop, id));
    },

    async forgetPaused(shop, id) {
      await redis.zrem(pausedKey, pausedMember(shop, id));
    },

    async reserveCredits(shop, id, credits) {
      return (
        (await RESERVE(redis, { run: runKey(shop, id) }, { credits, updatedAt: nowIso() })) === 1
      );
    },

    async reserveTryCredits(shop, id, generationId, credits) {
      const answer = await RESERVE_TRY(
        redis,
        { run: runKey(shop, id), tries: triesKey(shop, id) },
        { id: generationId, credits, updatedAt: nowIso() },
      );
      return answer === 1 ? 'reserved' : answer === 0 ? 'stopped' : 'over-budget';
    },

    async releaseCredits(shop, id, credits) {
      await RELEASE(redis, { run: runKey(shop, id) }, { credits, updatedAt: nowIso() });
    },

    async recordPage(shop, id, progress) {
      await RECORD_PAGE(
        redis,
        { run: runKey(shop, id) },
        {
          cursor: JSON.stringify(progress.cursor),
          expanded: progress.expanded,
          done: JSON.stringify(progress.done),
          gone: progress.gone ?? 0,
          updatedAt: nowIso(),
        },
      );
    },

    async claimProduct(shop, id, productId) {
      return (await redis.hsetnx(claimsKey(shop, id), productId, '')) === 1;
    },

    async recordClaim(shop, id, productId, generationId, made) {
      const step = redis.multi().hset(claimsKey(shop, id), productId, generationId);
      if (made?.set) {
        step
          .hincrby(runKey(shop, id), 'variantProducts', 1)
          .hincrby(runKey(shop, id), 'variantResults', made.results);
      } else if (made) {
        step.hincrby(runKey(shop, id), 'variantSingle', 1);
      }
      await step.exec();
    },

    async claimOf(shop, id, productId) {
      const value = await redis.hget(claimsKey(shop, id), productId);
      return value ? value : null;
    },

    async setAtCap(shop, id, since) {
      await redis.hset(runKey(shop, id), 'atCapSince', JSON.stringify(since));
    },

    async recordSkip(shop, id, productId, marker, counter) {
      await redis
        .multi()
        .hset(claimsKey(shop, id), productId, marker)
        .hincrby(runKey(shop, id), counter, 1)
        .exec();
    },
  };
}
