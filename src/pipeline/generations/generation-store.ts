/**
 * Generations in Redis, with ONE way to change a generation's state: `transition`, a Lua script
 * that checks the current state against the caller's `from` list and, in the same atomic step,
 * writes the new state, the patch, the history entry and the indexes. Two workers, a webhook and
 * a poll racing for one generation therefore produce exactly one winner; the others get a
 * StaleTransitionError and do nothing. The state machine itself is described in generation.ts.
 *
 * Layout (keys.ts): a hash per generation (one field per record field, JSON-encoded, so a patch
 * never rewrites fields it does not name), a list of transitions, and sorted sets as indexes
 * (all, by state, by bulk run, by bulk run and state, by product, by option group) whose members are ids with score 0: ids are
 * time-sortable (ids.ts), so lexicographic order is creation order and paging needs no scores.
 * Per-bulk-run state counters are kept by the same script, so progress counts are O(1).
 *
 * Counters (lua/includes/generation-counters.lua), written in the same atomic step as the
 * change that causes them, so they are exact and reading them is O(1) in the shop's history
 * (measured by bench/overview-history.ts: a full re-read took 2.7 s at 50,000 generations):
 *  - generations by state, per shop and app-wide (create counts `queued`, each transition moves
 *    one from its state to the next);
 *  - credits charged, per shop, day (UTC, of `submittedAt`, else `createdAt`) and model (or
 *    `upscale`): whatever changes `chargedCredits` adds the difference, so a charge counts once
 *    and a refund (chargedCredits lowered) takes it back. Day hashes expire on their own (long)
 *    TTL.
 * Generations created before the counters existed are not counted: a transition never takes a
 * count below zero, and `recountStates` (run once per shop after the upgrade, recount-states.ts)
 * sets the counts from the state indexes. The app-wide counts are always the sum of the shops'
 * (both move in the same step), so an erased shop's counts leave with it (`forgetShop`).
 *
 * Retention: a generation that reaches a terminal state gets a TTL on its record and history
 * (`retentionMs` after it ended), and an entry in the shop's retention set scored by that time.
 * The index entries are not trimmed on write (an index of a product no one touches again would
 * keep them forever) but by a bounded periodic sweep (`sweepExpired`): it takes the shops whose
 * earliest expiry is due from an app-wide set, and removes at most `batch` entries per shop per
 * run, each retention member naming the indexes it sits in, so the sweep never needs the record.
 * Counters and bulk-run totals are separate keys: they survive it.
 */
import type { Redis } from '../../platform/redis/connection.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  ALLOWED_TRANSITIONS,
  GenerationNotFoundError,
  StaleTransitionError,
  type Generation,
  type GenerationPatch,
  type GenerationState,
  type NewGeneration,
  type StageName,
  type TransitionRecord,
} from './generation.ts';
import { GenerationState as GenerationStates } from '../../app-api/contract.ts';
import { newGenerationId } from './ids.ts';
import { generationKeys, type AppWideKeys } from './keys.ts';
import type { PipelineConfig } from '../config.ts';
import { TERMINAL_STATES } from '../../app-api/generation-states.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';

export interface TransitionRequest {
  /** The states the caller expects the generation to be in; any other is a stale transition. */
  from: readonly GenerationState[];
  to: GenerationState;
  patch?: GenerationPatch;
  /** Recorded in the history with the time (shown to the merchant as the transition's detail). */
  note?: string;
  /** Also write this app-wide key (the job-id index) in the same atomic step. */
  alsoSet?: { key: string; value: string };
}

export interface GenerationFilter {
  state?: GenerationState;
  bulkRunId?: string;
  productId?: string;
}

/**
 * A page with a filter no index serves exactly (product and state) reads at most this many
 * batches of `limit` ids, then answers with what it found and a cursor to go on: a read is
 * bounded by the page size, never by the shop's history.
 */
export const MAX_SCAN_BATCHES = 4;

export interface GenerationPageRequest {
  /** The last id of the previous page. */
  cursor?: string | null;
  limit?: number;
}

export interface StoredGenerationPage {
  generations: Generation[];
  nextCursor: string | null;
}

export type StateCounts = Record<GenerationState, number>;

export interface GenerationStore {
  create(input: NewGeneration): Promise<Generation>;
  /**
   * Creates the generations unless `once.key` is already claimed, claim and records in one
   * atomic step (automatic work: one rule makes one product's generations at most once, however
   * often its webhook runs). Answers the ids the claim names, made now or by an earlier call.
   */
  createOnce(
    inputs: readonly NewGeneration[],
    once: { key: string; ttlMs: number },
  ): Promise<{ created: boolean; ids: string[] }>;
  get(shop: string, id: string): Promise<Generation | null>;
  /** Newest first. */
  list(
    shop: string,
    filter?: GenerationFilter,
    page?: GenerationPageRequest,
  ): Promise<StoredGenerationPage>;
  /** Ids in one state, oldest first (for batch moves such as pausing a shop's queue). */
  idsInState(
    shop: string,
    state: GenerationState,
    limit: number,
    after?: string,
  ): Promise<string[]>;
  /** Ids of one bulk run in one state, oldest first (a run's approve-all / undo-all). */
  idsInRunState(
    shop: string,
    runId: string,
    state: GenerationState,
    limit: number,
    after?: string,
  ): Promise<string[]>;
  /** Atomic state change; throws StaleTransitionError or GenerationNotFoundError. */
  transition(shop: string, id: string, request: TransitionRequest): Promise<Generation>;
  /** Changes fields other than the state (no history entry); throws GenerationNotFoundError. */
  patch(shop: string, id: string, fields: GenerationPatch): Promise<Generation>;
  /**
   * Counts one start of a stage (atomic increment; the workers call it before every run);
   * returns the new count, 0 when the generation does not exist.
   */
  countAttempt(shop: string, id: string, stage: StageName): Promise<number>;
  /** The shop's generations by state (counters: finished ones stay counted after they expire). */
  countByState(shop: string, filter?: { bulkRunId?: string }): Promise<StateCounts>;
  /** Every shop's generations by state (for metrics). */
  countByStateAppWide(): Promise<StateCounts>;
  /** Credits charged per day (UTC, `YYYY-MM-DD`) and model, for the days given. */
  creditsByDay(shop: string, days: readonly string[]): Promise<Map<string, Map<string, number>>>;
  /**
   * Sets the shop's state counts (and the app-wide ones by the difference) to what its records
   * say: for generations created before the counters existed. Returns how many states changed.
   */
  recountStates(shop: string): Promise<number>;
  /**
   * Takes an erased shop out of the app-wide state (its state counts, its retention entry);
   * idempotent. The shop's own keys are left to the eraser.
   */
  forgetShop(shop: string): Promise<void>;
  /**
   * Removes expired generations' index entries, at most `batch` per shop, for up to `shops`
   * shops whose expiry is due; returns how many entries were removed.
   */
  sweepExpired(options?: { batch?: number; shops?: number }): Promise<number>;
  /** How many generations match, when an index or counter knows it in O(1); null otherwise. */
  count(shop: string, filter?: GenerationFilter): Promise<number | null>;
  /** The options of one request, oldest first (at most MAX_OPTIONS). */
  optionGroup(shop: string, group: string): Promise<Generation[]>;
}

export interface GenerationStoreDeps {
  redis: Redis;
  clock: Clock;
  /** App-wide keys: the per-state counters and the shops with generations to expire. */
  keys: Pick<AppWideKeys, 'generationStates' | 'retentionShops'>;
  retention: Pick<PipelineConfig['retention'], 'generationMs' | 'creditsByDayMs' | 'sweepBatch'>;
  /**
   * The transition outbox: a move INTO one of `states` also adds `shop \n id \n state` to this
   * sorted set (scored by time) in the same atomic step, so whoever reacts to those moves (Flow
   * triggers, flow/trigger-delivery.ts) can never miss one, whatever crashes after it.
   */
  outbox?: { key: string; states: readonly GenerationState[] };
}

/** Stage attempt counters are hash fields of their own (`attempt:<stage>`), incremented atomically. */
const ATTEMPT_FIELD = 'attempt:';

/** Record fields stored in the hash (besides the attempt counters; transitions are a list). */
const FIELDS = [
  'id',
  'shop',
  'kind',
  'state',
  'reason',
  'action',
  'pausedBy',
  'productId',
  'productTitle',
  'productImageUrl',
  'sourceMediaIds',
  'sourceImageUrls',
  'params',
  'estimatedCredits',
  'chargedCredits',
  'bulkRunId',
  'priority',
  'retryOf',
  'optionGroup',
  'origin',
  'productAiJobId',
  'resultUrl',
  'fileId',
  'mediaId',
  'previousFeaturedMediaId',
  'submittedAt',
  'productAiAccount',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Generation)[];

/** Fields fixed at creation: the indexes are built from them, so a patch may not change them. */
const IMMUTABLE = new Set<string>([
  'id',
  'shop',
  'kind',
  'productId',
  'bulkRunId',
  'optionGroup',
  'origin',
  'priority',
  'createdAt',
]);

// The scripts (lua/), each with a header naming its KEYS and ARGV. transition and patch answer
// {status, hash fields..., '\n', transitions...}, so that the caller gets the updated record in
// the same round trip, and keep the counters: lua/includes/generation-*.lua.
const TRANSITION = luaScript(new URL('./lua/transition.lua', import.meta.url), {
  keys: ['record', 'transitions'],
  optionalKeys: ['alsoSet'],
  args: [
    'indexPrefix',
    'bulkCountsPrefix',
    'id',
    'from',
    'to',
    'updatedAt',
    'historyEntry',
    'alsoSetValue',
    'ctx',
  ],
  rest: 'patch',
});
const PATCH = luaScript(new URL('./lua/patch.lua', import.meta.url), {
  keys: ['record', 'transitions'],
  args: ['ctx'],
  rest: 'patch',
});
const SWEEP = luaScript(new URL('./lua/sweep-expired.lua', import.meta.url), {
  keys: ['retention', 'retentionShops', 'sweptCounts'],
  args: ['now', 'batch', 'shop', 'indexPrefix', 'terminalStates'],
});
const RECOUNT = luaScript(new URL('./lua/recount-states.lua', import.meta.url), {
  keys: ['stateCounts', 'appStateCounts', 'sweptCounts'],
  args: ['indexPrefix', 'states'],
});
const FORGET_SHOP = luaScript(new URL('./lua/forget-shop.lua', import.meta.url), {
  keys: ['stateCounts', 'appStateCounts', 'retentionShops'],
  args: ['shop'],
});
const CREATE_ONCE = luaScript(new URL('./lua/create-once.lua', import.meta.url), {
  keys: ['claim'],
  args: ['ids', 'ttlMs', 'writes'],
});
const COUNT_ATTEMPT = luaScript(new URL('./lua/count-attempt.lua', import.meta.url), {
  keys: ['record'],
  args: ['field'],
});

export function createGenerationStore(deps: GenerationStoreDeps): GenerationStore {
  const { redis, clock, keys, retention, outbox } = deps;
  const nowIso = () => new Date(clock.now()).toISOString();

  /** The counters' key names and settings, for the scripts (`expireAt` when `to` is terminal). */
  function countersContext(shop: string, to?: GenerationState): string {
    return JSON.stringify({
      shop,
      stateCounts: generationKeys.stateCounts(shop),
      bulkStatePrefix: generationKeys.bulkStatePrefix(shop),
      appStateCounts: keys.generationStates,
      creditsDay: generationKeys.creditsDayPrefix(shop),
      creditsTtlMs: String(retention.creditsByDayMs),
      retention: generationKeys.retention(shop),
      retentionShops: keys.retentionShops,
      // Strings: Lua numbers lose integer precision past 2^53 and Redis refuses fractions.
      expireAt:
        to && TERMINAL_STATES.includes(to) ? String(clock.now() + retention.generationMs) : null,
      outbox: to && outbox?.states.includes(to) ? outbox.key : null,
      now: String(clock.now()),
    });
  }

  function stateCountsFrom(stored: Record<string, string>): StateCounts {
    const counts = Object.fromEntries(
      GenerationStates.options.map((state) => [state, 0]),
    ) as StateCounts;
    for (const [state, count] of Object.entries(stored)) {
      if (state in counts) counts[state as GenerationState] = Number(count);
    }
    return counts;
  }

  function encodePatch(patch: GenerationPatch): string[] {
    const args: string[] = [];
    for (const [field, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      if (IMMUTABLE.has(field) || !(FIELDS as readonly string[]).includes(field)) {
        throw new Error(`Generation field ${field} cannot be patched`);
      }
      args.push(field, JSON.stringify(value));
    }
    return args;
  }

  function decodeReply(shop: string, id: string, reply: unknown): Generation {
    const items = reply as string[];
    if (items[0] === 'missing') throw new GenerationNotFoundError();
    const split = items.indexOf('\n');
    const fields = items.slice(1, split);
    return decode(fields, items.slice(split + 1));
  }

  function decode(flatFields: string[], history: string[]): Generation {
    const attempts: Record<string, number> = {};
    const record: Record<string, unknown> = { attempts };
    for (let i = 0; i < flatFields.length; i += 2) {
      const field = flatFields[i]!;
      if (field.startsWith(ATTEMPT_FIELD)) {
        attempts[field.slice(ATTEMPT_FIELD.length)] = Number(flatFields[i + 1]);
      } else record[field] = JSON.parse(flatFields[i + 1]!);
    }
    record.transitions = history.map((entry) => JSON.parse(entry) as TransitionRecord);
    record.origin ??= null; // records made before origins existed
    return record as unknown as Generation;
  }

  async function get(shop: string, id: string): Promise<Generation | null> {
    const [fields, history] = await Promise.all([
      redis.hgetall(generationKeys.record(shop, id)),
      redis.lrange(generationKeys.transitions(shop, id), 0, -1),
    ]);
    if (!fields.state) return null;
    return decode(Object.entries(fields).flat(), history);
  }

  async function getMany(shop: string, ids: string[]): Promise<Generation[]> {
    const found = await Promise.all(ids.map((id) => get(shop, id)));
    return found.filter((generation): generation is Generation => generation !== null);
  }

  function idsAfter(index: string, limit: number, after?: string): Promise<string[]> {
    return redis.zrangebylex(index, after ? `(${after}` : '-', '+', 'LIMIT', 0, limit);
  }

  function indexFor(shop: string, filter: GenerationFilter): string {
    if (filter.bulkRunId && filter.state) {
      return generationKeys.byBulkRunState(shop, filter.bulkRunId, filter.state);
    }
    if (filter.bulkRunId) return generationKeys.byBulkRun(shop, filter.bulkRunId);
    if (filter.productId) return generationKeys.byProduct(shop, filter.productId);
    if (filter.state) return generationKeys.byState(shop, filter.state);
    return generationKeys.all(shop);
  }

  function matches(generation: Generation, filter: GenerationFilter): boolean {
    return (
      (!filter.state || generation.state === filter.state) &&
      (!filter.bulkRunId || generation.bulkRunId === filter.bulkRunId) &&
      (!filter.productId || generation.productId === filter.productId)
    );
  }

  /** The record of a new generation and the writes that store and index it. */
  function newRecord(
    input: NewGeneration,
    now: number,
  ): { generation: Generation; writes: string[][] } {
    const at = new Date(now).toISOString();
    const generation: Generation = {
      id: newGenerationId(now),
      shop: input.shop,
      kind: input.kind,
      state: 'queued',
      reason: null,
      action: null,
      pausedBy: null,
      productId: input.productId,
      productTitle: input.productTitle,
      productImageUrl: input.productImageUrl,
      sourceMediaIds: input.sourceMediaIds,
      sourceImageUrls: input.sourceImageUrls,
      params: input.params,
      estimatedCredits: input.estimatedCredits,
      chargedCredits: null,
      bulkRunId: input.bulkRunId ?? null,
      priority: input.priority,
      retryOf: input.retryOf ?? null,
      optionGroup: input.optionGroup ?? null,
      origin: input.origin ?? null,
      productAiJobId: null,
      resultUrl: null,
      fileId: null,
      mediaId: null,
      previousFeaturedMediaId: null,
      submittedAt: null,
      productAiAccount: null,
      transitions: [{ state: 'queued', at }],
      attempts: {},
      createdAt: at,
      updatedAt: at,
    };
    const { shop, id } = generation;
    // `attempts` starts empty: its counters are created by countAttempt.
    const writes = [
      [
        'hset',
        generationKeys.record(shop, id),
        ...FIELDS.flatMap((field) => [field, JSON.stringify(generation[field])]),
      ],
      ['rpush', generationKeys.transitions(shop, id), JSON.stringify(generation.transitions[0])],
      ['zadd', generationKeys.all(shop), '0', id],
      ['zadd', generationKeys.byState(shop, 'queued'), '0', id],
      ['zadd', generationKeys.byProduct(shop, generation.productId), '0', id],
      ['hincrby', generationKeys.stateCounts(shop), 'queued', '1'],
      ['hincrby', keys.generationStates, 'queued', '1'],
    ];
    if (generation.bulkRunId) {
      const runId = generation.bulkRunId;
      writes.push(
        ['zadd', generationKeys.byBulkRun(shop, runId), '0', id],
        ['zadd', generationKeys.byBulkRunState(shop, runId, 'queued'), '0', id],
        ['hincrby', generationKeys.bulkCountsPrefix(shop) + runId, 'queued', '1'],
      );
    }
    if (generation.optionGroup) {
      writes.push(['zadd', generationKeys.byOptionGroup(shop, generation.optionGroup), '0', id]);
    }
    return { generation, writes };
  }

  return {
    async create(input) {
      const { generation, writes } = newRecord(input, clock.now());
      await redis.multi(writes).exec();
      return generation;
    },

    async createOnce(inputs, once) {
      const now = clock.now();
      const made = inputs.map((input) => newRecord(input, now));
      const ids = made.map(({ generation }) => generation.id);
      const existing = (await CREATE_ONCE(
        redis,
        { claim: once.key },
        {
          ids: JSON.stringify(ids),
          ttlMs: once.ttlMs,
          writes: JSON.stringify(made.flatMap(({ writes }) => writes)),
        },
      )) as string | null;
      if (existing !== null) return { created: false, ids: JSON.parse(existing) as string[] };
      return { created: true, ids };
    },

    get,

    async list(shop, filter = {}, page = {}) {
      const limit = Math.min(Math.max(page.limit ?? 50, 1), 200);
      const index = indexFor(shop, filter);
      const found: Generation[] = [];
      let cursor = page.cursor ?? null;
      // One index serves the narrowest filter; the others are applied in memory, reading ahead
      // a few batches so that a sparse match still fills the page (see MAX_SCAN_BATCHES).
      for (let batch = 1; ; batch += 1) {
        const ids = await redis.zrevrangebylex(
          index,
          cursor ? `(${cursor}` : '+',
          '-',
          'LIMIT',
          0,
          limit,
        );
        for (const generation of await getMany(shop, ids)) {
          if (matches(generation, filter)) found.push(generation);
          if (found.length === limit) return { generations: found, nextCursor: generation.id };
        }
        if (ids.length < limit) return { generations: found, nextCursor: null };
        cursor = ids[ids.length - 1]!;
        if (batch === MAX_SCAN_BATCHES) return { generations: found, nextCursor: cursor };
      }
    },

    async idsInState(shop, state, limit, after) {
      return idsAfter(generationKeys.byState(shop, state), limit, after);
    },

    async idsInRunState(shop, runId, state, limit, after) {
      return idsAfter(generationKeys.byBulkRunState(shop, runId, state), limit, after);
    },

    async transition(shop, id, request) {
      const { from, to } = request;
      for (const state of from) {
        if (!ALLOWED_TRANSITIONS[state].includes(to)) {
          throw new Error(`The state machine has no transition ${state} -> ${to}`);
        }
      }
      const at = nowIso();
      const entry: TransitionRecord = request.note
        ? { state: to, at, note: request.note }
        : { state: to, at };
      const reply = (await TRANSITION(
        redis,
        {
          record: generationKeys.record(shop, id),
          transitions: generationKeys.transitions(shop, id),
          alsoSet: request.alsoSet?.key,
        },
        {
          indexPrefix: generationKeys.indexPrefix(shop),
          bulkCountsPrefix: generationKeys.bulkCountsPrefix(shop),
          id,
          from: JSON.stringify(from),
          to: JSON.stringify(to),
          updatedAt: JSON.stringify(at),
          historyEntry: JSON.stringify(entry),
          alsoSetValue: request.alsoSet?.value ?? '',
          ctx: countersContext(shop, to),
          patch: encodePatch(request.patch ?? {}),
        },
      )) as string[];
      if (reply[0] === 'stale') {
        throw new StaleTransitionError(id, reply[1] as GenerationState, from, to);
      }
      return decodeReply(shop, id, reply);
    },

    async patch(shop, id, fields) {
      const reply = await PATCH(
        redis,
        {
          record: generationKeys.record(shop, id),
          transitions: generationKeys.transitions(shop, id),
        },
        {
          ctx: countersContext(shop),
          patch: [...encodePatch(fields), 'updatedAt', JSON.stringify(nowIso())],
        },
      );
      return decodeReply(shop, id, reply);
    },

    async countAttempt(shop, id, stage) {
      return Number(
        await COUNT_ATTEMPT(
          redis,
          { record: generationKeys.record(shop, id) },
          { field: ATTEMPT_FIELD + stage },
        ),
      );
    },

    async countByState(shop, filter = {}) {
      const key = filter.bulkRunId
        ? generationKeys.bulkCountsPrefix(shop) + filter.bulkRunId
        : generationKeys.stateCounts(shop);
      return stateCountsFrom(await redis.hgetall(key));
    },

    async countByStateAppWide() {
      return stateCountsFrom(await redis.hgetall(keys.generationStates));
    },

    async creditsByDay(shop, days) {
      const prefix = generationKeys.creditsDayPrefix(shop);
      const pipeline = redis.pipeline();
      for (const day of days) pipeline.hgetall(prefix + day);
      const replies = (await pipeline.exec()) ?? [];
      const byDay = new Map<string, Map<string, number>>();
      days.forEach((day, i) => {
        const [error, stored] = replies[i] ?? [];
        if (error) throw error;
        const models = Object.entries((stored ?? {}) as Record<string, string>)
          .map(([model, credits]) => [model, Number(credits)] as const)
          .filter(([, credits]) => credits !== 0);
        if (models.length > 0) byDay.set(day, new Map(models));
      });
      return byDay;
    },

    async recountStates(shop) {
      return Number(
        await RECOUNT(
          redis,
          {
            stateCounts: generationKeys.stateCounts(shop),
            appStateCounts: keys.generationStates,
            sweptCounts: generationKeys.sweptCounts(shop),
          },
          {
            indexPrefix: generationKeys.indexPrefix(shop),
            states: JSON.stringify(GenerationStates.options),
          },
        ),
      );
    },

    async forgetShop(shop) {
      await FORGET_SHOP(
        redis,
        {
          stateCounts: generationKeys.stateCounts(shop),
          appStateCounts: keys.generationStates,
          retentionShops: keys.retentionShops,
        },
        { shop },
      );
    },

    async sweepExpired(options = {}) {
      const batch = options.batch ?? retention.sweepBatch;
      const now = clock.now();
      const shops = await redis.zrangebyscore(
        keys.retentionShops,
        '-inf',
        now,
        'LIMIT',
        0,
        options.shops ?? 100,
      );
      let removed = 0;
      for (const shop of shops) {
        removed += Number(
          await SWEEP(
            redis,
            {
              retention: generationKeys.retention(shop),
              retentionShops: keys.retentionShops,
              sweptCounts: generationKeys.sweptCounts(shop),
            },
            {
              now,
              batch,
              shop,
              indexPrefix: generationKeys.indexPrefix(shop),
              terminalStates: JSON.stringify(TERMINAL_STATES),
            },
          ),
        );
      }
      return removed;
    },

    async count(shop, filter = {}) {
      // Exact when one index serves the whole filter: a product with another filter is not.
      const exact = !(filter.productId && (filter.state || filter.bulkRunId));
      return exact ? redis.zcard(indexFor(shop, filter)) : null;
    },

    async optionGroup(shop, group) {
      const ids = await redis.zrangebylex(generationKeys.byOptionGroup(shop, group), '-', '+');
      return getMany(shop, ids);
    },
  };
}
