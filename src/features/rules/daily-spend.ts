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
import { generationKeys } from '../../pipeline/index.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';

const spendKeys = shopKeyspace('rules-spend');

const RESERVE = luaScript(new URL('./lua/reserve-daily-spend.lua', import.meta.url), {
  keys: ['day'],
  args: ['cap', 'recordPrefix', 'ttlMs', 'wanted'],
});

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
      { day: spendKeys.key(shop, day) },
      { cap, recordPrefix: recordPrefix(shop), ttlMs: DAY_TTL_MS, wanted: JSON.stringify(wanted) },
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
