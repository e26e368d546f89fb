/**
 * The generations whose job reads wait out a ProductAI outage (productai-outage.ts), every
 * shop's: one sorted set, member `<shop> <generation id>`, score when its own next read is due
 * (ms). It is what the probe (productai-probe.ts) reads with (the first one's job) and what an
 * answer brings forward (`take`, then their await jobs are promoted: context.ts
 * `productAiBack`). A generation leaves it when one of its reads is answered, when it fails past
 * the ceiling, or when its next read is brought forward; one that stopped waiting otherwise (its
 * shop removed, its record expired) is dropped when the probe meets it.
 *
 * Each wait has a scope, which says whose reads it speaks for (productai-outage.ts): UNREACHABLE
 * when its read found ProductAI itself unreachable, or the account whose rate limit refused it.
 * The scope is kept beside the set (a hash `<shop> <id>` -> scope) and indexed by name (a sorted
 * set of `<scope> <shop> <id>`, scores 0), so "does anything wait in this scope" is one range
 * read however many wait. The three are written together by one script (lua/wait-set.lua,
 * lua/wait-remove.lua), so a kill at any point leaves a wait in all three or in none; each holds
 * one entry per waiting generation, so they stay as small as the waits and empty with them.
 */
import type { Redis } from '../../platform/redis/connection.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';
import type { GenerationRef } from '../stages/stage.ts';

/** The scope of a wait on ProductAI itself: every account's first read joins it. */
export const UNREACHABLE = '*';

/** A waiting generation and the scope of its wait: UNREACHABLE, or an account (accountOf). */
export interface ProductAiWait extends GenerationRef {
  scope: string;
}

export interface ProductAiWaits {
  /** The generation waits in its scope (any wait of its is replaced); its read is due at `readAt` (ms). */
  add(wait: ProductAiWait, readAt: number): Promise<void>;
  remove(ref: GenerationRef): Promise<void>;
  /** Up to `count` waiting generations, the one whose read is due first first. */
  first(count: number): Promise<GenerationRef[]>;
  /** Takes up to `count` waiting generations out of the set (their reads come now). */
  take(count: number): Promise<ProductAiWait[]>;
  /**
   * The wait a generation of `account` would join rather than read its job: UNREACHABLE when a
   * generation waits on ProductAI itself, else `account` when one waits on that account's rate
   * limit, else null.
   */
  joinable(account: string | null): Promise<string | null>;
  /** Forgets a shop's waits (shop/redact). */
  removeShop(shop: string): Promise<void>;
}

export interface ProductAiWaitKeys {
  waits: string;
  scopes: string;
  scopeOf: string;
}

const SET = luaScript(new URL('./lua/wait-set.lua', import.meta.url), {
  keys: ['waits', 'scopes', 'scopeOf'],
  args: ['ref', 'scope', 'readAt'],
});

const REMOVE = luaScript(new URL('./lua/wait-remove.lua', import.meta.url), {
  keys: ['waits', 'scopes', 'scopeOf'],
  args: ['count'],
  rest: 'refs',
});

const member = (ref: GenerationRef) => `${ref.shop} ${ref.generationId}`;

function refOf(entry: string): GenerationRef {
  const [shop, generationId] = entry.split(' ') as [string, string];
  return { shop, generationId };
}

export function createProductAiWaits(redis: Redis, keys: ProductAiWaitKeys): ProductAiWaits {
  /** Whether anything waits in `scope`: an entry of the index that starts with it. */
  async function waitsIn(scope: string): Promise<boolean> {
    const prefix = `${scope} `;
    const found = await redis.zrangebylex(keys.scopes, `[${prefix}`, `(${scope}!`, 'LIMIT', 0, 1);
    return found.length > 0;
  }

  return {
    async add(wait, readAt) {
      await SET(redis, keys, { ref: member(wait), scope: wait.scope, readAt: Math.round(readAt) });
    },
    async remove(ref) {
      await REMOVE(redis, keys, { count: 0, refs: [member(ref)] });
    },
    async first(count) {
      return (await redis.zrange(keys.waits, '0', String(count - 1))).map(refOf);
    },
    async take(count) {
      const taken = (await REMOVE(redis, keys, { count, refs: [] })) as string[];
      const waits: ProductAiWait[] = [];
      for (let i = 0; i < taken.length; i += 2)
        waits.push({ ...refOf(taken[i]!), scope: taken[i + 1]! });
      return waits;
    },
    async joinable(account) {
      if (await waitsIn(UNREACHABLE)) return UNREACHABLE;
      return account !== null && (await waitsIn(account)) ? account : null;
    },
    async removeShop(shop) {
      let cursor = '0';
      do {
        const [next, found] = await redis.zscan(keys.waits, cursor, 'MATCH', `${shop} *`);
        const refs = found.filter((_, i) => i % 2 === 0);
        if (refs.length > 0) await REMOVE(redis, keys, { count: 0, refs });
        cursor = next;
      } while (cursor !== '0');
    },
  };
}
