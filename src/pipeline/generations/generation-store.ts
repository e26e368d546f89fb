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
 * Counters (counters.lua below), written in the same atomic step as the change that causes
 * them, so they are exact and reading them is O(1) in the shop's history (measured by
 * bench/overview-history.ts: a full re-read took 2.7 s at 50,000 generations):
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
import { redisScript } from '../../platform/redis/lua-script.ts';

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

// Both scripts answer {status, hash fields..., '\n', transitions...} so that the caller gets
// the updated record in the same round trip.
const READ_BACK = `
local function readBack(status)
  local out = {status}
  local fields = redis.call('HGETALL', KEYS[1])
  for i = 1, #fields do out[#out + 1] = fields[i] end
  out[#out + 1] = '\\n'
  local history = redis.call('LRANGE', KEYS[2], 0, -1)
  for i = 1, #history do out[#out + 1] = history[i] end
  return out
end
`;

// What a write does besides the record, in the same atomic step. KEYS[1] is the record; `ctx`
// (JSON) holds the key names and settings: state counters, credit counters, retention.
const COUNTERS = `
local function chargedOf(raw)
  local value = raw and cjson.decode(raw)
  if type(value) ~= 'number' then return 0 end
  return value
end
local function field(name)
  local raw = redis.call('HGET', KEYS[1], name)
  if not raw then return nil end
  local value = cjson.decode(raw)
  if value == cjson.null then return nil end
  return value
end
local function countCredits(ctx, before)
  local delta = chargedOf(redis.call('HGET', KEYS[1], 'chargedCredits')) - before
  if delta == 0 then return end
  local at = field('submittedAt') or field('createdAt')
  local model = 'upscale'
  if field('kind') ~= 'upscale' then
    local params = field('params') or {}
    model = type(params.model) == 'string' and params.model or 'unknown'
  end
  local day = ctx.creditsDay .. string.sub(at, 1, 10)
  redis.call('HINCRBY', day, model, delta)
  redis.call('PEXPIRE', day, ctx.creditsTtlMs)
end
-- A generation created before the counters existed was never counted in its state: taking it
-- out must not drive a count below zero (recountStates makes such counts exact again).
local function countState(ctx, from, to)
  -- The app-wide count moves with the shop's, so it stays the sum of the shops' counts.
  if tonumber(redis.call('HGET', ctx.stateCounts, from) or '0') > 0 then
    redis.call('HINCRBY', ctx.stateCounts, from, -1)
    redis.call('HINCRBY', ctx.appStateCounts, from, -1)
  end
  redis.call('HINCRBY', ctx.stateCounts, to, 1)
  redis.call('HINCRBY', ctx.appStateCounts, to, 1)
end
local function retain(ctx, id)
  if ctx.expireAt == cjson.null then return end
  local member = id .. '\\n' .. field('productId') .. '\\n' .. (field('bulkRunId') or '')
    .. '\\n' .. (field('optionGroup') or '')
  redis.call('PEXPIREAT', KEYS[1], ctx.expireAt)
  redis.call('PEXPIREAT', KEYS[2], ctx.expireAt)
  redis.call('ZADD', ctx.retention, ctx.expireAt, member)
  redis.call('ZADD', ctx.retentionShops, 'LT', ctx.expireAt, ctx.shop)
end
local function recordInOutbox(ctx, id, to)
  if ctx.outbox == cjson.null then return end
  redis.call('ZADD', ctx.outbox, 'NX', ctx.now, ctx.shop .. '\\n' .. id .. '\\n' .. to)
end
`;

// KEYS: record, transitions, [job index key]
// ARGV: indexPrefix, bulkCountsPrefix, id, fromJSON, toJSON, updatedAtJSON, historyEntry,
//       jobIndexValue, ctxJSON, field1, value1, ...
const TRANSITION = redisScript(`${READ_BACK}${COUNTERS}
local raw = redis.call('HGET', KEYS[1], 'state')
if not raw then return {'missing'} end
local current = cjson.decode(raw)
local allowed = false
for _, state in ipairs(cjson.decode(ARGV[4])) do
  if state == current then allowed = true end
end
if not allowed then return {'stale', current} end
local ctx = cjson.decode(ARGV[9])
local to = cjson.decode(ARGV[5])
if to ~= current then
  redis.call('ZREM', ARGV[1] .. 'state:' .. current, ARGV[3])
  redis.call('ZADD', ARGV[1] .. 'state:' .. to, 0, ARGV[3])
  local bulk = cjson.decode(redis.call('HGET', KEYS[1], 'bulkRunId') or 'null')
  if type(bulk) == 'string' then
    redis.call('HINCRBY', ARGV[2] .. bulk, current, -1)
    redis.call('HINCRBY', ARGV[2] .. bulk, to, 1)
    redis.call('ZREM', ctx.bulkStatePrefix .. bulk .. ':' .. current, ARGV[3])
    redis.call('ZADD', ctx.bulkStatePrefix .. bulk .. ':' .. to, 0, ARGV[3])
  end
  countState(ctx, current, to)
  recordInOutbox(ctx, ARGV[3], to)
end
local charged = chargedOf(redis.call('HGET', KEYS[1], 'chargedCredits'))
redis.call('HSET', KEYS[1], 'state', ARGV[5], 'updatedAt', ARGV[6])
for i = 10, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('RPUSH', KEYS[2], ARGV[7])
if KEYS[3] then redis.call('SET', KEYS[3], ARGV[8]) end
countCredits(ctx, charged)
retain(ctx, ARGV[3])
return readBack('ok')
`);

// KEYS: record, transitions. ARGV: ctxJSON, field1, value1, ...
const PATCH = redisScript(`${READ_BACK}${COUNTERS}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local charged = chargedOf(redis.call('HGET', KEYS[1], 'chargedCredits'))
for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
countCredits(cjson.decode(ARGV[1]), charged)
return readBack('ok')
`);

// KEYS: retention set, retention shops, swept counts. ARGV: now, batch, shop, indexPrefix,
// terminal states JSON. Removes the due members' index entries (their records expired by TTL at
// the same time) and counts them by state (for RECOUNT), then re-scores the shop by its next
// expiry, or drops it.
const SWEEP = redisScript(`
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local terminal = cjson.decode(ARGV[5])
for _, member in ipairs(due) do
  local id, product, bulk, group =
    string.match(member, '^([^\\n]*)\\n([^\\n]*)\\n([^\\n]*)\\n?(.*)$')
  redis.call('ZREM', ARGV[4] .. 'all', id)
  redis.call('ZREM', ARGV[4] .. 'product:' .. product, id)
  if bulk ~= '' then redis.call('ZREM', ARGV[4] .. 'bulk:' .. bulk, id) end
  if group ~= '' then redis.call('ZREM', ARGV[4] .. 'options:' .. group, id) end
  for _, state in ipairs(terminal) do
    if redis.call('ZREM', ARGV[4] .. 'state:' .. state, id) == 1 then
      redis.call('HINCRBY', KEYS[3], state, 1)
    end
    if bulk ~= '' then redis.call('ZREM', ARGV[4] .. 'bulk-state:' .. bulk .. ':' .. state, id) end
  end
  redis.call('ZREM', KEYS[1], member)
end
local nextDue = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if nextDue[2] then redis.call('ZADD', KEYS[2], nextDue[2], ARGV[3])
else redis.call('ZREM', KEYS[2], ARGV[3]) end
return #due
`);

// KEYS: shop's state counts, app-wide state counts, shop's swept counts. ARGV: indexPrefix,
// states JSON. Sets each of the shop's counts to what its records say: the state index's size
// plus the entries the retention sweep removed from it; the app-wide count moves by the same
// difference. One atomic step per shop against the transition script, so it is exact while
// the pipeline runs, and idempotent (a second run finds nothing to change).
const RECOUNT = redisScript(`
local changed = 0
for _, state in ipairs(cjson.decode(ARGV[2])) do
  local actual = redis.call('ZCARD', ARGV[1] .. 'state:' .. state)
    + tonumber(redis.call('HGET', KEYS[3], state) or '0')
  local counted = tonumber(redis.call('HGET', KEYS[1], state) or '0')
  if actual ~= counted then
    redis.call('HSET', KEYS[1], state, actual)
    redis.call('HINCRBY', KEYS[2], state, actual - counted)
    changed = changed + 1
  end
end
return changed
`);

// KEYS: shop's state counts, app-wide state counts, retention shops. ARGV: shop.
// Takes an erased shop out of the app-wide state: its counts are subtracted and deleted in one
// step, so an erase retried after a crash subtracts them once (the second run finds no counts).
const FORGET_SHOP = redisScript(`
local counts = redis.call('HGETALL', KEYS[1])
for i = 1, #counts, 2 do redis.call('HINCRBY', KEYS[2], counts[i], 0 - counts[i + 1]) end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[3], ARGV[1])
return #counts / 2
`);

// KEYS: claim. ARGV: claim value (JSON ids), claim TTL ms, JSON list of writes [command, ...args].
// The claim and the generations it names are written together or not at all: a repeat finds
// the claim and gets the ids it named, so one claim never makes generations twice.
const CREATE_ONCE = redisScript(`
local existing = redis.call('GET', KEYS[1])
if existing then return existing end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
for _, write in ipairs(cjson.decode(ARGV[3])) do redis.call(unpack(write)) end
return false
`);

// KEYS: record. ARGV: field. A generation that no longer exists (erased) gets no stray key.
const COUNT_ATTEMPT = redisScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
`);

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
    if (items[0] === 'missing') throw new GenerationNotFoundError(shop, id);
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
        [once.key],
        [JSON.stringify(ids), once.ttlMs, JSON.stringify(made.flatMap(({ writes }) => writes))],
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
      const keys = [generationKeys.record(shop, id), generationKeys.transitions(shop, id)];
      if (request.alsoSet) keys.push(request.alsoSet.key);
      const reply = (await TRANSITION(redis, keys, [
        generationKeys.indexPrefix(shop),
        generationKeys.bulkCountsPrefix(shop),
        id,
        JSON.stringify(from),
        JSON.stringify(to),
        JSON.stringify(at),
        JSON.stringify(entry),
        request.alsoSet?.value ?? '',
        countersContext(shop, to),
        ...encodePatch(request.patch ?? {}),
      ])) as string[];
      if (reply[0] === 'stale') {
        throw new StaleTransitionError(id, reply[1] as GenerationState, from, to);
      }
      return decodeReply(shop, id, reply);
    },

    async patch(shop, id, fields) {
      const reply = await PATCH(
        redis,
        [generationKeys.record(shop, id), generationKeys.transitions(shop, id)],
        [countersContext(shop), ...encodePatch(fields), 'updatedAt', JSON.stringify(nowIso())],
      );
      return decodeReply(shop, id, reply);
    },

    async countAttempt(shop, id, stage) {
      return Number(
        await COUNT_ATTEMPT(redis, [generationKeys.record(shop, id)], [ATTEMPT_FIELD + stage]),
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
          [
            generationKeys.stateCounts(shop),
            keys.generationStates,
            generationKeys.sweptCounts(shop),
          ],
          [generationKeys.indexPrefix(shop), JSON.stringify(GenerationStates.options)],
        ),
      );
    },

    async forgetShop(shop) {
      await FORGET_SHOP(
        redis,
        [generationKeys.stateCounts(shop), keys.generationStates, keys.retentionShops],
        [shop],
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
            [generationKeys.retention(shop), keys.retentionShops, generationKeys.sweptCounts(shop)],
            [now, batch, shop, generationKeys.indexPrefix(shop), JSON.stringify(TERMINAL_STATES)],
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
