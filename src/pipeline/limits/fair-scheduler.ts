/**
 * Who gets the next rate-limit slot. Open-source BullMQ has no groups (per-tenant queues are
 * BullMQ Pro), and its priorities are global, so one shop's 5,000-item bulk run would sit in
 * front of every later click. The order is therefore decided here, and BullMQ only runs the
 * submit job of the generation chosen.
 *
 * Structure (Redis, keys.ts):
 *   - per shop, two FIFO queues (sorted sets of generation ids scored by a global sequence
 *     number): `interactive` (a merchant waiting on one product) and `bulk` (bulk-run items);
 *   - two rings (lists) of the shops that have waiting work of each priority, each shop at most
 *     once (a members set guards the ring);
 *   - the set of paused shops (out of credits, invalid key);
 *   - per priority, the lines' depths: how many shops (not paused) have at least 1, 2, 3 ...
 *     generations waiting, kept by the same scripts that change the lines (a write per item
 *     added or taken; a paused, resumed or removed shop's whole line at once). A forecast
 *     reads what waits beside a shop from them in one script, the same few Redis commands
 *     however many shops wait: reading each waiting shop's line took a command per shop (21 at
 *     100 shops, 1,011 at 10,000: bench/at-the-limit/scale.ts).
 *
 * `pop` (one Lua script, so every dispatcher process may call it concurrently):
 *   1. interactive before bulk, strictly: the interactive ring is served first;
 *   2. within a priority, shops take turns: the shop at the head of the ring gives its oldest
 *      waiting generation and goes to the back of the ring if it has more;
 *   3. a paused shop leaves the ring (its queue stays; `resumeShop` puts it back);
 *   4. an id whose generation is no longer `queued` (cancelled, paused by its bulk run) is
 *      dropped on the way: cancelling needs no queue surgery.
 * So shop B's single click waits for at most one slot, whatever the backlog of shop A, and two
 * bulk runs of two shops progress at the same pace.
 *
 * Armed submissions: a popped generation is recorded in `dispatching` (with the time) from the
 * pop until its submit job holds a rate-limit slot (`disarm`). Each arming has its own token
 * (taken from the push sequence), carried by the submit job it is handed to: only that job's
 * `disarm` or `push` ends it. A generation put back in line and chosen again is armed anew, so
 * the earlier job finishing later cannot end the newer arming, and the new arming's submit job
 * has an id of its own (dispatcher.ts) instead of waiting for the earlier one to be gone. `pop`
 * arms a generation only while fewer than `lookahead` of its priority are armed (2 by default:
 * config.ts), so the next bulk generations are chosen at most that many slots ahead of their
 * submission, and a click is armed at once beside them. The limiter then decides whose turn a
 * slot is (rate-limiter.ts): the click's first, then the bulk ones in the order they were
 * armed (their tokens), so the shops' turns stay as chosen here and a click waits for one
 * paced slot at most, not behind the armed bulk generations (one to two slots with a single
 * armed generation, up to 0.13 of a window at 15 a window). Armed submissions waiting for
 * their slot are also what keeps the budget busy: when a slot frees, a request is ready to
 * take it at once, instead of only then being chosen and routed through the queue (90 ms p50
 * and 1.9 s max on the loaded test machine, against a paced slot of 333 ms in the compressed
 * benchmark: with one armed bulk generation the at-the-limit benchmark lost slots,
 * utilisation 0.79-0.93 at load 20; with two, 0.96-0.97 at load 10-17).
 *
 * Crash safety: `recoverStale` puts back the armed generations whose submit job is gone (a
 * dispatcher that died between pop and enqueue). Putting one back twice is harmless: queues
 * are sets (ZADD NX), and only a `queued` generation can be submitted (one atomic transition).
 */
import type { Clock } from '../../platform/clock.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { generationKeys, queueKeys, type AppWideKeys } from '../generations/keys.ts';
import type { Priority } from '../generations/generation.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';

export interface ScheduledItem {
  shop: string;
  generationId: string;
  priority: Priority;
}

/** A generation chosen for the next slot, with the token of this arming. */
export interface ArmedItem extends ScheduledItem {
  arming: string;
}

/** Who an arming is: what a submit job carries (`arming` absent: not handed by the dispatcher). */
export interface Arming {
  shop: string;
  generationId: string;
  arming?: string;
}

export interface FairScheduler {
  /**
   * Puts a queued generation in line (at the back, or at the front when it lost its turn);
   * `arming` is the arming this ends (a submit job putting its generation back).
   */
  push(item: ScheduledItem, options?: { front?: boolean; arming?: string }): Promise<void>;
  /**
   * Runs `writes` (the commands that store new generations: GenerationStore.prepare) and puts the
   * generations, of one shop and priority (a click's results), at the back of its line in one
   * atomic step, within the shop's cap of generations not yet final: all stored and in line, or
   * none (`admitted: false`, with the shop's count). A cap of 0 admits all.
   */
  pushNewWithin(
    items: readonly ScheduledItem[],
    writes: readonly (readonly string[])[],
    cap: number,
  ): Promise<{ admitted: boolean; pending: number }>;
  /** The shop's generations not yet final, counted as `pushNewWithin` counts them (one trip). */
  pendingOf(shop: string): Promise<number>;
  /**
   * The next generation to submit, in fair order, now armed; null when nothing is waiting,
   * 'busy' when nothing waiting may be armed now: `lookahead` generations of its priority are
   * armed already.
   */
  pop(lookahead: number): Promise<ArmedItem | 'busy' | null>;
  /**
   * This arming's generation holds its slot (or will not be sent): the next may be armed. A
   * later arming of the same generation is left alone.
   */
  disarm(armed: Arming): Promise<void>;
  /**
   * Puts back generations armed more than `olderThanMs` ago whose submit job is not pending
   * (their dispatcher died before handing them on).
   */
  recoverStale(
    olderThanMs: number,
    isPending: (armed: ArmedItem) => Promise<boolean>,
  ): Promise<number>;
  /** Whether any shop that is not paused has waiting work (cheap; may be stale by a moment). */
  hasWork(): Promise<boolean>;
  pauseShop(shop: string): Promise<void>;
  resumeShop(shop: string): Promise<void>;
  isPaused(shop: string): Promise<boolean>;
  /** Forgets a shop's queues (uninstall / erase). */
  removeShop(shop: string): Promise<void>;
  /**
   * What waits beside a shop's bulk work, for its forecast: null while the shop is paused. Its
   * depths go `beyondOwn` past the shop's own line, or as far as another shop's line goes,
   * whichever is less. One round trip, flat in the number of shops and in the shop's own line;
   * an upper bound, since ids cancelled meanwhile are dropped only at pop.
   */
  waitingBeside(shop: string, beyondOwn: number): Promise<WaitingBeside | null>;
}

export interface WaitingBeside {
  /** Interactive generations waiting, of every shop that is not paused. */
  interactive: number;
  /** The shop's own bulk generations waiting. */
  ownBulk: number;
  /**
   * `othersAtDepth[d - 1]`: how many other shops (not paused) have at least `d` bulk
   * generations waiting, ending where no other shop waits any deeper. So `min(their line, n)`
   * summed over the other shops is the sum of the first `n` entries.
   */
  othersAtDepth: readonly number[];
}

const PRIORITIES: readonly Priority[] = ['interactive', 'bulk'];

const PUSH = luaScript(new URL('./lua/push-waiting.lua', import.meta.url), {
  keys: ['waiting', 'ring', 'ringMembers', 'pausedShops', 'sequence', 'dispatching', 'lineDepths'],
  args: ['shop', 'generationId', 'front', 'armedMember'],
});
const POP = luaScript(new URL('./lua/pop-next.lua', import.meta.url), {
  keys: [
    'ringInteractive',
    'membersInteractive',
    'ringBulk',
    'membersBulk',
    'pausedShops',
    'dispatching',
    'sequence',
    'depthsInteractive',
    'depthsBulk',
  ],
  args: [
    'now',
    'interactiveBefore',
    'interactiveAfter',
    'bulkBefore',
    'bulkAfter',
    'recordBefore',
    'recordMiddle',
    'lookahead',
  ],
});
const PUSH_NEW = luaScript(new URL('./lua/create-in-line.lua', import.meta.url), {
  keys: ['waiting', 'ring', 'ringMembers', 'pausedShops', 'sequence', 'dispatching', 'lineDepths'],
  args: ['shop', 'generationIds', 'writes', 'cap'],
  rest: 'pendingIndexes',
});
const PAUSE = luaScript(new URL('./lua/pause-shop.lua', import.meta.url), {
  keys: ['pausedShops', 'waitingInteractive', 'depthsInteractive', 'waitingBulk', 'depthsBulk'],
  args: ['shop'],
});
const RESUME = luaScript(new URL('./lua/resume-shop.lua', import.meta.url), {
  keys: [
    'pausedShops',
    'waitingInteractive',
    'depthsInteractive',
    'ringInteractive',
    'membersInteractive',
    'waitingBulk',
    'depthsBulk',
    'ringBulk',
    'membersBulk',
  ],
  args: ['shop'],
});
const REMOVE = luaScript(new URL('./lua/remove-shop.lua', import.meta.url), {
  keys: ['pausedShops', 'waitingInteractive', 'depthsInteractive', 'waitingBulk', 'depthsBulk'],
  args: ['shop'],
});
const READ_DEPTHS = luaScript(new URL('./lua/read-line-depths.lua', import.meta.url), {
  keys: ['pausedShops', 'depthsInteractive', 'depthsBulk', 'waitingBulk'],
  args: ['shop', 'beyondOwn'],
});

export function createFairScheduler(deps: {
  redis: Redis;
  clock: Clock;
  keys: AppWideKeys;
}): FairScheduler {
  const { redis, clock, keys } = deps;
  const armedMember = ({ shop, generationId, arming }: Arming) =>
    arming === undefined ? '' : `${shop} ${generationId} ${arming}`;
  const lineKeys = (item: ScheduledItem) => ({
    waiting: queueKeys.waiting(item.shop, item.priority),
    ring: keys.ring(item.priority),
    ringMembers: keys.ringMembers(item.priority),
    pausedShops: keys.pausedShops,
    sequence: keys.sequence,
    dispatching: keys.dispatching,
    lineDepths: keys.lineDepths(item.priority),
  });
  /** A shop's lines and the depths they count in (pause, removal). */
  const shopLines = (shop: string) => ({
    pausedShops: keys.pausedShops,
    waitingInteractive: queueKeys.waiting(shop, 'interactive'),
    depthsInteractive: keys.lineDepths('interactive'),
    waitingBulk: queueKeys.waiting(shop, 'bulk'),
    depthsBulk: keys.lineDepths('bulk'),
  });

  async function push(
    item: ScheduledItem,
    options: { front?: boolean; arming?: string } = {},
  ): Promise<void> {
    await PUSH(redis, lineKeys(item), {
      shop: item.shop,
      generationId: item.generationId,
      front: options.front ? 1 : 0,
      armedMember: armedMember({ ...item, arming: options.arming }),
    });
    await redis.publish(keys.wakeChannel, item.priority);
  }

  const pushNewWithin: FairScheduler['pushNewWithin'] = async (items, writes, cap) => {
    const first = items[0];
    if (!first) return { admitted: true, pending: 0 };
    if (items.some(({ shop, priority }) => shop !== first.shop || priority !== first.priority))
      throw new Error('pushNewWithin: one shop and one priority at a time');
    const [stored, pending] = (await PUSH_NEW(redis, lineKeys(first), {
      shop: first.shop,
      generationIds: JSON.stringify(items.map((item) => item.generationId)),
      writes: JSON.stringify(writes),
      cap,
      pendingIndexes: cap > 0 ? generationKeys.pendingIndexes(first.shop) : [],
    })) as [number, number];
    if (stored === 1) await redis.publish(keys.wakeChannel, first.priority);
    return { admitted: stored === 1, pending };
  };

  return {
    push,

    async pendingOf(shop) {
      const keys = generationKeys.pendingIndexes(shop);
      const counts = await keys
        .reduce((pipeline, key) => pipeline.zcard(key), redis.pipeline())
        .exec();
      return (counts ?? []).reduce((sum, [, count]) => sum + Number(count ?? 0), 0);
    },

    pushNewWithin,

    async pop(lookahead) {
      const [interactiveBefore, interactiveAfter] = queueKeys.waitingTemplate('interactive');
      const [bulkBefore, bulkAfter] = queueKeys.waitingTemplate('bulk');
      const [recordBefore, recordMiddle] = generationKeys.recordTemplate();
      const reply = (await POP(
        redis,
        {
          ringInteractive: keys.ring('interactive'),
          membersInteractive: keys.ringMembers('interactive'),
          ringBulk: keys.ring('bulk'),
          membersBulk: keys.ringMembers('bulk'),
          pausedShops: keys.pausedShops,
          dispatching: keys.dispatching,
          sequence: keys.sequence,
          depthsInteractive: keys.lineDepths('interactive'),
          depthsBulk: keys.lineDepths('bulk'),
        },
        {
          now: clock.now(),
          interactiveBefore,
          interactiveAfter,
          bulkBefore,
          bulkAfter,
          recordBefore,
          recordMiddle,
          lookahead,
        },
      )) as [string, string?, Priority?, string?] | null;
      if (!reply) return null;
      if (reply[0] === 'busy') return 'busy';
      return { shop: reply[0], generationId: reply[1]!, priority: reply[2]!, arming: reply[3]! };
    },

    async disarm(armed) {
      if (armed.arming === undefined) return;
      if ((await redis.zrem(keys.dispatching, armedMember(armed))) > 0) {
        await redis.publish(keys.wakeChannel, 'disarmed');
      }
    },

    async recoverStale(olderThanMs, isPending) {
      const stale = await redis.zrangebyscore(keys.dispatching, '-inf', clock.now() - olderThanMs);
      let recovered = 0;
      for (const member of stale) {
        const [shop, generationId, arming] = member.split(' ') as [string, string, string];
        const priority = await redis.hget(generationKeys.record(shop, generationId), 'priority');
        if (priority) {
          const item = { shop, generationId, priority: JSON.parse(priority) as Priority };
          if (await isPending({ ...item, arming })) continue;
          // push() also removes the armed record, in the same script.
          await push(item, { front: true, arming });
          recovered += 1;
        } else {
          await redis.zrem(keys.dispatching, member);
        }
      }
      return recovered;
    },

    async hasWork() {
      const lengths = await Promise.all(
        PRIORITIES.map((priority) => redis.llen(keys.ring(priority))),
      );
      return lengths.some((length) => length > 0);
    },

    async pauseShop(shop) {
      await PAUSE(redis, shopLines(shop), { shop });
    },

    async resumeShop(shop) {
      await RESUME(
        redis,
        {
          ...shopLines(shop),
          ringInteractive: keys.ring('interactive'),
          membersInteractive: keys.ringMembers('interactive'),
          ringBulk: keys.ring('bulk'),
          membersBulk: keys.ringMembers('bulk'),
        },
        { shop },
      );
      await redis.publish(keys.wakeChannel, 'resume');
    },

    async isPaused(shop) {
      return (await redis.sismember(keys.pausedShops, shop)) === 1;
    },

    async waitingBeside(shop, beyondOwn) {
      const reply = (await READ_DEPTHS(
        redis,
        {
          pausedShops: keys.pausedShops,
          depthsInteractive: keys.lineDepths('interactive'),
          depthsBulk: keys.lineDepths('bulk'),
          waitingBulk: queueKeys.waiting(shop, 'bulk'),
        },
        { shop, beyondOwn },
      )) as number[] | null;
      if (!reply) return null;
      const [interactive, ownBulk, ...othersAtDepth] = reply;
      return { interactive: interactive!, ownBulk: ownBulk!, othersAtDepth };
    },

    async removeShop(shop) {
      await REMOVE(redis, shopLines(shop), { shop });
    },
  };
}
