/**
 * The shop's daily credit cap for automatic work, counted exactly. Each day (on the shop's
 * clock) is a hash generation id -> credits reserved when the generation was admitted (its
 * estimate). What a generation really costs is read from its record at every look, in the same
 * atomic script: charged credits once ProductAI charged them, 0 when it ended unpaid (failed
 * before a charge, cancelled), the estimate while it may still be charged. So a settlement or a
 * refund needs no hook in the pipeline, and a reservation never races another: the sum and the
 * add are one step.
 */
import type { Redis } from '../../platform/redis/connection.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import { generationKeys } from '../generations/keys.ts';
import { redisScript } from '../../platform/redis/lua-script.ts';

const spendKeys = shopKeyspace('rules-spend');

// KEYS: the day's hash. ARGV: cap (or -1: only read), record key prefix, ttl ms,
// JSON [[id, credits], ...] (all admitted together, or none). Answers {admitted 0/1, spent}.
// An id already in the day is admitted already (a repeat after a crash): it is not added again.
const RESERVE = redisScript(`
local entries = redis.call('HGETALL', KEYS[1])
local spent = 0
for i = 1, #entries, 2 do
  local state, charged = unpack(redis.call('HMGET', ARGV[2] .. entries[i], 'state', 'chargedCredits'))
  local paid = charged and cjson.decode(charged)
  if type(paid) == 'number' then spent = spent + paid
  elseif state == '"failed"' or state == '"cancelled"' or not state then spent = spent + 0
  else spent = spent + tonumber(entries[i + 1]) end
end
local cap = tonumber(ARGV[1])
if cap < 0 then return {0, spent} end
local adding = 0
local wanted = cjson.decode(ARGV[4])
for _, entry in ipairs(wanted) do
  if redis.call('HEXISTS', KEYS[1], entry[1]) == 0 then adding = adding + entry[2] end
end
if adding > 0 and spent + adding > cap then return {0, spent} end
for _, entry in ipairs(wanted) do redis.call('HSETNX', KEYS[1], entry[1], entry[2]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, spent + adding}
`);

/** Days are kept past their end so the day just ended can still be read (3 days). */
const DAY_TTL_MS = 3 * 86_400_000;

export interface DailySpend {
  /** Admits generations on the day if the cap covers them all; idempotent per generation. */
  reserve(
    shop: string,
    day: string,
    cap: number,
    generations: readonly { id: string; credits: number }[],
  ): Promise<{ admitted: boolean; spent: number }>;
  spent(shop: string, day: string): Promise<number>;
}

export function createDailySpend(deps: { redis: Redis }): DailySpend {
  // The record key of generation `x`, minus its `x`: the script appends each id.
  const recordPrefix = (shop: string) => generationKeys.record(shop, 'x').slice(0, -1);
  async function run(shop: string, day: string, cap: number, wanted: [string, number][]) {
    const [admitted, spent] = (await RESERVE(
      deps.redis,
      [spendKeys.key(shop, day)],
      [cap, recordPrefix(shop), DAY_TTL_MS, JSON.stringify(wanted)],
    )) as [number, number];
    return { admitted: admitted === 1, spent };
  }
  return {
    reserve: (shop, day, cap, generations) =>
      run(
        shop,
        day,
        cap,
        generations.map(({ id, credits }) => [id, credits]),
      ),
    spent: async (shop, day) => (await run(shop, day, -1, [])).spent,
  };
}
