/**
 * Generations in Redis, with ONE way to change a generation's state: `transition`, a Lua script
 * that checks the current state against the caller's `from` list and, in the same atomic step,
 * writes the new state, the patch, the history entry and the indexes. Two workers, a webhook and
 * a poll racing for one generation therefore produce exactly one winner; the others get a
 * StaleTransitionError and do nothing. The state machine itself is described in generation.ts.
 *
 * Layout (keys.ts): a hash per generation (one field per record field, JSON-encoded, so a patch
 * never rewrites fields it does not name), a list of transitions, and sorted sets as indexes
 * (all, by state, by bulk run, by product) whose members are ids with score 0: ids are
 * time-sortable (ids.ts), so lexicographic order is creation order and paging needs no scores.
 * Per-bulk-run state counters are kept by the same script, so progress counts are O(1).
 */
import type { Redis } from '../../platform/redis.ts';
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
import { generationKeys } from './keys.ts';
import { redisScript } from './redis-script.ts';

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
  /** Atomic state change; throws StaleTransitionError or GenerationNotFoundError. */
  transition(shop: string, id: string, request: TransitionRequest): Promise<Generation>;
  /** Changes fields other than the state (no history entry); throws GenerationNotFoundError. */
  patch(shop: string, id: string, fields: GenerationPatch): Promise<Generation>;
  /**
   * Counts one start of a stage (atomic increment; the workers call it before every run);
   * returns the new count, 0 when the generation does not exist.
   */
  countAttempt(shop: string, id: string, stage: StageName): Promise<number>;
  countByState(shop: string, filter?: { bulkRunId?: string }): Promise<StateCounts>;
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
  'productAiJobId',
  'resultUrl',
  'fileId',
  'mediaId',
  'previousFeaturedMediaId',
  'submittedAt',
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

// KEYS: record, transitions, [job index key]
// ARGV: indexPrefix, bulkCountsPrefix, id, fromJSON, toJSON, updatedAtJSON, historyEntry,
//       jobIndexValue, field1, value1, ...
const TRANSITION = redisScript(`${READ_BACK}
local raw = redis.call('HGET', KEYS[1], 'state')
if not raw then return {'missing'} end
local current = cjson.decode(raw)
local allowed = false
for _, state in ipairs(cjson.decode(ARGV[4])) do
  if state == current then allowed = true end
end
if not allowed then return {'stale', current} end
local to = cjson.decode(ARGV[5])
if to ~= current then
  redis.call('ZREM', ARGV[1] .. 'state:' .. current, ARGV[3])
  redis.call('ZADD', ARGV[1] .. 'state:' .. to, 0, ARGV[3])
  local bulk = cjson.decode(redis.call('HGET', KEYS[1], 'bulkRunId') or 'null')
  if type(bulk) == 'string' then
    redis.call('HINCRBY', ARGV[2] .. bulk, current, -1)
    redis.call('HINCRBY', ARGV[2] .. bulk, to, 1)
  end
end
redis.call('HSET', KEYS[1], 'state', ARGV[5], 'updatedAt', ARGV[6])
for i = 9, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('RPUSH', KEYS[2], ARGV[7])
if KEYS[3] then redis.call('SET', KEYS[3], ARGV[8]) end
return readBack('ok')
`);

// KEYS: record, transitions. ARGV: field1, value1, ...
const PATCH = redisScript(`${READ_BACK}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
for i = 1, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return readBack('ok')
`);

// KEYS: record. ARGV: field. A generation that no longer exists (erased) gets no stray key.
const COUNT_ATTEMPT = redisScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
`);

export function createGenerationStore(deps: { redis: Redis; clock: Clock }): GenerationStore {
  const { redis, clock } = deps;
  const nowIso = () => new Date(clock.now()).toISOString();

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

  function indexFor(shop: string, filter: GenerationFilter): string {
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

  return {
    async create(input) {
      const now = clock.now();
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
        productAiJobId: null,
        resultUrl: null,
        fileId: null,
        mediaId: null,
        previousFeaturedMediaId: null,
        submittedAt: null,
        transitions: [{ state: 'queued', at }],
        attempts: {},
        createdAt: at,
        updatedAt: at,
      };
      const { shop, id } = generation;
      const hash: Record<string, string> = {};
      for (const field of FIELDS) hash[field] = JSON.stringify(generation[field]);
      // `attempts` starts empty: its counters are created by countAttempt.
      const tx = redis
        .multi()
        .hset(generationKeys.record(shop, id), hash)
        .rpush(generationKeys.transitions(shop, id), JSON.stringify(generation.transitions[0]))
        .zadd(generationKeys.all(shop), 0, id)
        .zadd(generationKeys.byState(shop, 'queued'), 0, id)
        .zadd(generationKeys.byProduct(shop, generation.productId), 0, id);
      if (generation.bulkRunId) {
        tx.zadd(generationKeys.byBulkRun(shop, generation.bulkRunId), 0, id).hincrby(
          generationKeys.bulkCountsPrefix(shop) + generation.bulkRunId,
          'queued',
          1,
        );
      }
      await tx.exec();
      return generation;
    },

    get,

    async list(shop, filter = {}, page = {}) {
      const limit = Math.min(Math.max(page.limit ?? 50, 1), 200);
      const index = indexFor(shop, filter);
      const found: Generation[] = [];
      let cursor = page.cursor ?? null;
      // One index serves the narrowest filter; the others are applied in memory, reading ahead
      // in batches so that a sparse match still fills the page.
      for (;;) {
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
      }
    },

    async idsInState(shop, state, limit, after) {
      return redis.zrangebylex(
        generationKeys.byState(shop, state),
        after ? `(${after}` : '-',
        '+',
        'LIMIT',
        0,
        limit,
      );
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
        [...encodePatch(fields), 'updatedAt', JSON.stringify(nowIso())],
      );
      return decodeReply(shop, id, reply);
    },

    async countAttempt(shop, id, stage) {
      return Number(
        await COUNT_ATTEMPT(redis, [generationKeys.record(shop, id)], [ATTEMPT_FIELD + stage]),
      );
    },

    async countByState(shop, filter = {}) {
      const counts = Object.fromEntries(
        GenerationStates.options.map((state) => [state, 0]),
      ) as StateCounts;
      if (filter.bulkRunId) {
        const stored = await redis.hgetall(
          generationKeys.bulkCountsPrefix(shop) + filter.bulkRunId,
        );
        for (const [state, count] of Object.entries(stored)) {
          if (state in counts) counts[state as GenerationState] = Number(count);
        }
        return counts;
      }
      const cards = await Promise.all(
        GenerationStates.options.map((state) => redis.zcard(generationKeys.byState(shop, state))),
      );
      GenerationStates.options.forEach((state, i) => (counts[state] = cards[i]!));
      return counts;
    },
  };
}
