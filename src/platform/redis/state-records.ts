/**
 * A shop's records that move through states (bulk runs, campaigns), stored the same way: a hash
 * per record with one JSON-encoded field per record field, and a lexically ordered index of the
 * shop's ids (ids are time-ordered, so reversed lex order is newest first). State changes are one
 * Lua script, so two workers (or a worker and a merchant's click) can never both move a record
 * out of the same state.
 */
import type { ChainableCommander, Redis } from './connection.ts';
import { luaScript } from './lua-script.ts';

export interface StateRecord<S extends string> {
  id: string;
  shop: string;
  state: S;
}

export interface StateChange<S extends string> {
  from: readonly S[];
  to: S;
  /** What the caller was doing, for the error when the record is in none of `from`. */
  action: string;
  /** A field to stamp with the change's time as well as `updatedAt` (startedAt, endedAt). */
  stamp?: string;
  /** Also (re)schedules `member` in the sorted set `key` at `score`, in the same step. */
  due?: { key: string; member: string; score: number };
}

export interface StateRecords<T extends StateRecord<S>, S extends string> {
  /** A MULTI that stores the new record and indexes it; the caller may add to it, then execs. */
  create(record: T): ChainableCommander;
  get(shop: string, id: string): Promise<T | null>;
  /** Newest first. */
  list(shop: string, limit: number): Promise<T[]>;
  /** Atomic: moves to `to` from one of `from`; else throws the store's not-found / state error. */
  setState(shop: string, id: string, change: StateChange<S>): Promise<T>;
}

const SET_STATE = luaScript(new URL('./lua/set-state.lua', import.meta.url), {
  keys: ['record'],
  optionalKeys: ['due'],
  args: ['from', 'to', 'now', 'stamp', 'dueMember', 'dueScore'],
});

export function createStateRecords<T extends StateRecord<S>, S extends string>(deps: {
  redis: Redis;
  now: () => number;
  recordKey: (shop: string, id: string) => string;
  indexKey: (shop: string) => string;
  /** Every field a new record stores. */
  fields: readonly (keyof T & string)[];
  /** What a record stored before a field existed reads for it. */
  defaults?: Partial<T>;
  notFound: (shop: string, id: string) => Error;
  stale: (id: string, current: S, action: string) => Error;
}): StateRecords<T, S> {
  const { redis, recordKey, indexKey } = deps;

  async function get(shop: string, id: string): Promise<T | null> {
    const fields = await redis.hgetall(recordKey(shop, id));
    if (!fields.state) return null;
    const record: Record<string, unknown> = { ...deps.defaults };
    // Counters written by HINCRBY are plain integers, which JSON.parse reads as well.
    for (const [name, value] of Object.entries(fields)) record[name] = JSON.parse(value);
    return record as T;
  }

  return {
    create(record) {
      const hash: Record<string, string> = {};
      for (const field of deps.fields) hash[field] = JSON.stringify(record[field]);
      return redis
        .multi()
        .hset(recordKey(record.shop, record.id), hash)
        .zadd(indexKey(record.shop), 0, record.id);
    },

    get,

    async list(shop, limit) {
      const ids = await redis.zrevrangebylex(indexKey(shop), '+', '-', 'LIMIT', 0, limit);
      const records: (T | null)[] = await Promise.all(ids.map((id) => get(shop, id)));
      return records.filter((record): record is T => record !== null);
    },

    async setState(shop, id, change) {
      const { due } = change;
      const reply = (await SET_STATE(
        redis,
        { record: recordKey(shop, id), due: due?.key },
        {
          from: JSON.stringify(change.from),
          to: JSON.stringify(change.to),
          now: JSON.stringify(new Date(deps.now()).toISOString()),
          stamp: change.stamp ?? '',
          dueMember: due?.member ?? '',
          dueScore: due?.score ?? 0,
        },
      )) as string[];
      if (reply[0] === 'missing') throw deps.notFound(shop, id);
      if (reply[0] === 'stale') throw deps.stale(id, reply[1] as S, change.action);
      return (await get(shop, id))!;
    },
  };
}
