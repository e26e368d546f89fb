/**
 * The expiry of work waiting on the merchant (in review) or paused, the store's half: each
 * transition into or out of those states keeps the shop's expiry set (lua/includes/
 * generation-counters.lua), so these only read what is due, move one entry later, forget one
 * that no longer applies, and rescore a shop once swept. What expiring means for a generation is
 * the line's (line/expire-waiting.ts), done with `transition` like any other move, which also
 * takes it off the set in the same step.
 */
import { luaScript } from '../../../platform/redis/lua-script.ts';
import { generationKeys } from '../keys.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

const SETTLE_SHOP = luaScript(new URL('../lua/settle-expiry-shop.lua', import.meta.url), {
  keys: ['expiry', 'expiryShops'],
  args: ['shop'],
});

type ExpiryDeps = Pick<GenerationStoreDeps, 'redis' | 'keys'>;

export function dueToExpire({ redis, keys }: ExpiryDeps): GenerationStore['dueToExpire'] {
  return async ({ now, shops, batch }) => {
    const due = await redis.zrangebyscore(keys.expiryShops, '-inf', now, 'LIMIT', 0, shops);
    return Promise.all(
      due.map(async (shop) => ({
        shop,
        ids: await redis.zrangebyscore(generationKeys.expiry(shop), '-inf', now, 'LIMIT', 0, batch),
      })),
    );
  };
}

export function postponeExpiry({ redis, keys }: ExpiryDeps): GenerationStore['postponeExpiry'] {
  return async (shop, id, atMs) => {
    // XX: one that left its waiting state meanwhile stays off the set. The shop may then be
    // scored earlier than its work: one more visit, which settles it.
    await redis
      .multi()
      .zadd(generationKeys.expiry(shop), 'XX', atMs, id)
      .zadd(keys.expiryShops, 'LT', atMs, shop)
      .exec();
  };
}

export function forgetExpiry({ redis }: ExpiryDeps): GenerationStore['forgetExpiry'] {
  return async (shop, id) => {
    await redis.zrem(generationKeys.expiry(shop), id);
  };
}

export function settleExpiryShop({ redis, keys }: ExpiryDeps): GenerationStore['settleExpiryShop'] {
  return async (shop) => {
    const next = await SETTLE_SHOP(
      redis,
      { expiry: generationKeys.expiry(shop), expiryShops: keys.expiryShops },
      { shop },
    );
    return next === null ? null : Number(next);
  };
}

/** Moves into review or a pause made before expiry existed left no entry: give each one. */
export function scheduleWaitingExpiry(
  deps: Pick<GenerationStoreDeps, 'redis' | 'keys' | 'expiry'>,
): GenerationStore['scheduleWaitingExpiry'] {
  const { redis, keys, expiry } = deps;
  return async (shop) => {
    if (!expiry) return 0;
    const after = { in_review: expiry.inReviewMs, paused: expiry.pausedMs } as const;
    let scheduled = 0;
    for (const state of ['in_review', 'paused'] as const) {
      const ids = await redis.zrangebylex(generationKeys.byState(shop, state), '-', '+');
      for (const id of ids) {
        const last = await redis.lrange(generationKeys.transitions(shop, id), -50, -1);
        const entered = last
          .map((entry) => JSON.parse(entry) as { state: string; at: string })
          .findLast((entry) => entry.state === state);
        if (!entered) continue;
        const due = Date.parse(entered.at) + after[state];
        // NX: an entry a move has written since is the true one. One left behind by a move out
        // of the state meanwhile is forgotten by the sweep that finds it.
        const [[, added]] = (await redis
          .multi()
          .zadd(generationKeys.expiry(shop), 'NX', due, id)
          .zadd(keys.expiryShops, 'LT', due, shop)
          .exec()) as [[unknown, number], unknown];
        scheduled += added;
      }
    }
    return scheduled;
  };
}
