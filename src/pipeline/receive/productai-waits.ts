/**
 * The generations whose job reads wait out a ProductAI outage (productai-outage.ts), every
 * shop's: one sorted set, member `<shop> <generation id>`, score when its own next read is due
 * (ms). The probe (productai-probe.ts) reads with one of them per scope, and an answer brings
 * forward the ones it covers (`release`, then their await jobs are promoted: context.ts
 * `productAiBack`). A generation leaves it when one of its reads is answered, when it fails past
 * the ceiling, or when an answer covering its scope brings its read forward; one that stopped
 * waiting otherwise (its shop removed, its record expired) is dropped when the probe meets it.
 *
 * Each wait has a scope, which says whose reads it speaks for (productai-outage.ts): UNREACHABLE
 * when its read found ProductAI itself unreachable, or the account whose rate limit refused it.
 * The scope is kept beside the set (a hash `<shop> <id>` -> scope) and indexed by name (a sorted
 * set of `<scope> <shop> <id>`, scores 0), so "does anything wait in this scope", "which scopes
 * wait" and "end this scope's waits" are range reads however many wait. The three are written
 * together by one script (lua/wait-set.lua, lua/wait-remove.lua, lua/wait-release.lua), so a
 * kill at any point leaves a wait in all three or in none; each holds one entry per waiting
 * generation, so they stay as small as the waits and empty with them.
 *
 * Beside them, when each scope may next be probed: a key per scope (`probe` + scope) that
 * expires then, set when a probe claims the scope (for one interval) or when ProductAI asks its
 * account to wait (Retry-After). It expires on its own, so nothing is left once nothing waits.
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
  /** A waiting generation's wait moves to `wait.scope`, its read due as before; none: nothing. */
  move(wait: ProductAiWait): Promise<void>;
  remove(ref: GenerationRef): Promise<void>;
  /** Up to `count` generations waiting in `scope`. */
  inScope(scope: string, count: number): Promise<GenerationRef[]>;
  /**
   * Up to `count` scopes something waits in: UNREACHABLE first when it is one, then the accounts
   * after `after` in name order, round to the first ones and `after` last (each scope once).
   */
  scopes(after: string | null, count: number): Promise<string[]>;
  /**
   * Ends up to `count` waits that an answer with `account`'s key covers: UNREACHABLE's, and that
   * account's (null: a key of no known account, UNREACHABLE's only).
   */
  release(account: string | null, count: number): Promise<ProductAiWait[]>;
  /**
   * The wait a generation of `account` would join rather than read its job: UNREACHABLE when a
   * generation waits on ProductAI itself, else `account` when one waits on that account's rate
   * limit, else null.
   */
  joinable(account: string | null): Promise<string | null>;
  /**
   * Claims the scope's next probe read: true when no probe read in it within the last `everyMs`
   * and no Retry-After holds it; then none does for `everyMs`.
   */
  claimProbe(scope: string, everyMs: number): Promise<boolean>;
  /**
   * ProductAI asked the scope's account to wait `ms` (Retry-After): no probe reads in it before
   * (a later end already set stays).
   */
  deferProbe(scope: string, ms: number): Promise<void>;
  /** How long until the scope's next probe may read (ms; 0: now). */
  probeIn(scope: string): Promise<number>;
  /** Forgets a shop's waits (shop/redact). */
  removeShop(shop: string): Promise<void>;
}

export interface ProductAiWaitKeys {
  waits: string;
  scopes: string;
  scopeOf: string;
  /** Prefix of each scope's probe key. */
  probe: string;
}

const SET = luaScript(new URL('./lua/wait-set.lua', import.meta.url), {
  keys: ['waits', 'scopes', 'scopeOf'],
  args: ['ref', 'scope', 'readAt'],
});

const REMOVE = luaScript(new URL('./lua/wait-remove.lua', import.meta.url), {
  keys: ['waits', 'scopes', 'scopeOf'],
  args: [],
  rest: 'refs',
});

const RELEASE = luaScript(new URL('./lua/wait-release.lua', import.meta.url), {
  keys: ['waits', 'scopes', 'scopeOf'],
  args: ['count'],
  rest: 'covered',
});

const DEFER = luaScript(new URL('./lua/probe-defer.lua', import.meta.url), {
  keys: ['probe'],
  args: ['ms'],
});

const member = (ref: GenerationRef) => `${ref.shop} ${ref.generationId}`;

function refOf(entry: string): GenerationRef {
  const [shop, generationId] = entry.split(' ') as [string, string];
  return { shop, generationId };
}

export function createProductAiWaits(redis: Redis, keys: ProductAiWaitKeys): ProductAiWaits {
  // Every index entry of a scope starts with `<scope> `: from there to `<scope>!` ('!' is the
  // character after the space), and the next scope starts at `<scope>!` or after.
  const inIndex = (scope: string, count: number) =>
    redis.zrangebylex(keys.scopes, `[${scope} `, `(${scope}!`, 'LIMIT', 0, count);

  /** The first scope after `after` that something waits in, or null. */
  async function scopeAfter(after: string): Promise<string | null> {
    const [entry] = await redis.zrangebylex(keys.scopes, `[${after}!`, '+', 'LIMIT', 0, 1);
    return entry === undefined ? null : entry.slice(0, entry.indexOf(' '));
  }

  const probeKey = (scope: string) => `${keys.probe}${scope}`;

  return {
    async add(wait, readAt) {
      await SET(redis, keys, { ref: member(wait), scope: wait.scope, readAt: Math.round(readAt) });
    },
    async move(wait) {
      await SET(redis, keys, { ref: member(wait), scope: wait.scope, readAt: '' });
    },
    async remove(ref) {
      await REMOVE(redis, keys, { refs: [member(ref)] });
    },
    async inScope(scope, count) {
      return (await inIndex(scope, count)).map((entry) => refOf(entry.slice(scope.length + 1)));
    },
    async scopes(after, count) {
      const found: string[] = [];
      if ((await inIndex(UNREACHABLE, 1)).length > 0) found.push(UNREACHABLE);
      // UNREACHABLE sorts before every account (base64url): the accounts start after it.
      let cursor = after ?? UNREACHABLE;
      let wrapped = after === null;
      while (found.length < count) {
        const scope = await scopeAfter(cursor);
        if (scope === null || (wrapped && after !== null && scope > after)) {
          if (wrapped) break;
          [cursor, wrapped] = [UNREACHABLE, true];
          continue;
        }
        if (scope !== UNREACHABLE && !found.includes(scope)) found.push(scope);
        cursor = scope;
      }
      return found;
    },
    async release(account, count) {
      const covered = account === null ? [UNREACHABLE] : [UNREACHABLE, account];
      const ended = (await RELEASE(redis, keys, { count, covered })) as string[];
      const waits: ProductAiWait[] = [];
      for (let i = 0; i < ended.length; i += 2)
        waits.push({ ...refOf(ended[i]!), scope: ended[i + 1]! });
      return waits;
    },
    async joinable(account) {
      if ((await inIndex(UNREACHABLE, 1)).length > 0) return UNREACHABLE;
      return account !== null && (await inIndex(account, 1)).length > 0 ? account : null;
    },
    async claimProbe(scope, everyMs) {
      return (await redis.set(probeKey(scope), '1', 'PX', everyMs, 'NX')) === 'OK';
    },
    async deferProbe(scope, ms) {
      if (ms > 0) await DEFER(redis, { probe: probeKey(scope) }, { ms: Math.ceil(ms) });
    },
    async probeIn(scope) {
      return Math.max(0, await redis.pttl(probeKey(scope)));
    },
    async removeShop(shop) {
      let cursor = '0';
      do {
        const [next, found] = await redis.zscan(keys.waits, cursor, 'MATCH', `${shop} *`);
        const refs = found.filter((_, i) => i % 2 === 0);
        if (refs.length > 0) await REMOVE(redis, keys, { refs });
        cursor = next;
      } while (cursor !== '0');
    },
  };
}
