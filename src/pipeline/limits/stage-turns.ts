/**
 * Shops take turns at the stages after ProductAI (attach: download, check, save to Files;
 * verify: on the product), as the fair scheduler (fair-scheduler.ts) has them take turns at
 * ProductAI's rate limit. Each of those stages was one BullMQ queue for every shop, first come
 * first served: a shop's hundreds of results waiting to be saved (a bulk run after a Shopify
 * outage, a flood of clicks) held any other shop's result until they were all saved.
 * BullMQ's per-tenant groups are BullMQ Pro's, so the order is decided here, and the stage's
 * queue only runs the turns given.
 *
 * Structure (Redis, keys.ts), per stage:
 *   - per shop, a FIFO line (sorted set) of the generations waiting for a turn, and the turns
 *     it holds (hash id -> token: a turn is held from the moment it is given until its job ends
 *     it, waiting in the queue or running);
 *   - a ring (list) of the shops that may take a turn: work in line and fewer than `perShop`
 *     (config `stages.turnsPerShop`) turns held. A shop holding its turns is out of the ring and
 *     comes back when one ends, so giving a turn never looks at a shop that may not take one;
 *   - the waits (sorted sets by time): a generation whose stage runs again later (verify while
 *     Shopify processes the file; either stage through a Shopify outage) holds no turn while it
 *     waits, and joins its line when the time comes, ahead of the shop's generations that have
 *     not had a turn yet (it was being served: a result waiting for Shopify is not overtaken by
 *     the whole line once Shopify is back). Waits on an outage are kept apart: when
 *     Shopify answers again, all of them are due at once, every shop's (`outageEnded`), so the
 *     shops' results come back through their lines in turn instead of each at the end of a
 *     backoff of up to a minute, in whatever order the jitter drew;
 *   - the turns given (sorted set by time), to give back a turn whose job is gone.
 *
 * So a shop's result waits, at each stage, for the turns of the other shops with work at that
 * moment (at most `perShop` each), never for a shop's whole backlog. The turn feeder
 * (turn-feeder.ts) takes the turns and adds their jobs; the stage runtime ends them
 * (stages/workers.ts).
 *
 * Crash safety, the same as the stages' own (every handler is idempotent by the generation's
 * state): a job id carries its turn's token (`<stage>.<generation id>.<token>`), and a job
 * whose turn is no longer current does nothing. A turn whose job is gone (the feeder died
 * between giving it and adding the job, or the job was lost: BullMQ gave up a job stalled too
 * often) is given back by `recoverStale`, the generation at the front of its line: it runs
 * again, which a handler finds done or does. A job whose worker died keeps its turn and is run
 * again by BullMQ, as before; until then (the lock's time, then the next stalled check: up to
 * 30 + 30 s by default, `stages.lockMs`, `stages.stalledCheckMs`) the shop's other results at
 * that stage wait behind its turns, where before they went on in another worker: the price of
 * bounding a shop's turns, paid after a crash only. Every change of a line, a wait or a turn is
 * one script.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';
import type { StageName } from '../generations/generation.ts';
import { queueKeys, type AppWideKeys } from '../generations/keys.ts';
import type { GenerationRef, StageTurns as RuntimeTurns } from '../stages/stage.ts';

/** The stages taken in turns: the ones after ProductAI. */
export const TURN_STAGES = ['attach', 'verify'] as const satisfies readonly StageName[];
export type TurnStage = (typeof TURN_STAGES)[number];

/** A turn given: its generation and token. */
export interface Turn {
  shop: string;
  generationId: string;
  token: string;
}

export interface StageTurns extends RuntimeTurns {
  readonly queues: readonly TurnStage[];
  /**
   * Puts the generation in its shop's line for `stage`, or after `delayMs` (ms); left as it is
   * when it is in line, waiting, or holds a turn there already (as a BullMQ job id would be).
   */
  put(stage: TurnStage, ref: GenerationRef, delayMs?: number): Promise<void>;
  /** The next turn in the shops' order, or when the next wait ends (ms; null: none waits). */
  take(stage: TurnStage): Promise<Turn | { nextDueAt: number | null }>;
  /**
   * The service these stages wait on (Shopify) answers again: the waits on its outage, of every
   * shop at every stage, are due now.
   */
  outageEnded(): Promise<void>;
  /** A shop with a generation waiting on the outage at any stage, the one due first (null: none). */
  outageWaitingShop(): Promise<string | null>;
  /**
   * Gives back turns given more than `olderThanMs` ago whose job is not pending: each
   * generation goes back to the front of its line.
   */
  recoverStale(
    stage: TurnStage,
    olderThanMs: number,
    isPending: (turn: Turn) => Promise<boolean>,
  ): Promise<number>;
  /** Forgets a shop's lines, waits and turns (shop/redact). */
  removeShop(shop: string): Promise<void>;
}

const TURN_KEYS = ['line', 'held', 'ring', 'ringMembers'] as const;
const PUT = luaScript(new URL('./lua/turn-put.lua', import.meta.url), {
  keys: [...TURN_KEYS, 'due', 'outageDue', 'sequence'],
  args: ['shop', 'generationId', 'dueAt', 'perShop'],
});
const TAKE = luaScript(new URL('./lua/turn-take.lua', import.meta.url), {
  keys: ['ring', 'ringMembers', 'due', 'outageDue', 'running', 'sequence'],
  args: ['now', 'lineBefore', 'lineAfter', 'heldBefore', 'heldAfter', 'perShop', 'promoteMax'],
});
const END = luaScript(new URL('./lua/turn-end.lua', import.meta.url), {
  keys: [...TURN_KEYS, 'running', 'waits'],
  args: ['shop', 'generationId', 'token', 'dueAt', 'perShop'],
});
const RESTORE = luaScript(new URL('./lua/turn-restore.lua', import.meta.url), {
  keys: [...TURN_KEYS, 'running', 'sequence'],
  args: ['shop', 'generationId', 'token', 'perShop'],
});
const OUTAGE_ENDED = luaScript(new URL('./lua/turn-outage-ended.lua', import.meta.url), {
  keys: ['outageDue', 'due'],
  args: ['now'],
});

/** Waits made due per call and kind: bounds one script's work after an outage of thousands. */
const PROMOTE_MAX = 200;

export function createStageTurns(deps: {
  redis: Redis;
  clock: Clock;
  keys: AppWideKeys;
  /** Turns one shop may hold at once at each stage (config `stages.turnsPerShop`). */
  perShop: number;
}): StageTurns {
  const { redis, clock, keys, perShop } = deps;
  const isTurnStage = (queue: string): queue is TurnStage =>
    (TURN_STAGES as readonly string[]).includes(queue);
  const shopKeys = (stage: TurnStage, shop: string) => ({
    line: queueKeys.turnLine(shop, stage),
    held: queueKeys.turnsHeld(shop, stage),
    ring: keys.turns(stage).ring,
    ringMembers: keys.turns(stage).ringMembers,
  });
  const wake = async (reply: unknown) => {
    if (reply === 1) await redis.publish(keys.turnWakeChannel, '1');
  };

  return {
    queues: TURN_STAGES,

    async put(stage, ref, delayMs = 0) {
      const app = keys.turns(stage);
      const reply = await PUT(
        redis,
        {
          ...shopKeys(stage, ref.shop),
          due: app.due,
          outageDue: app.outageDue,
          sequence: app.sequence,
        },
        {
          shop: ref.shop,
          generationId: ref.generationId,
          dueAt: delayMs > 0 ? clock.now() + Math.round(delayMs) : 0,
          perShop,
        },
      );
      await wake(reply);
    },

    async take(stage) {
      const app = keys.turns(stage);
      const [lineBefore, lineAfter] = queueKeys.turnLineTemplate(stage);
      const [heldBefore, heldAfter] = queueKeys.turnsHeldTemplate(stage);
      const [shop, second, token] = (await TAKE(
        redis,
        {
          ring: app.ring,
          ringMembers: app.ringMembers,
          due: app.due,
          outageDue: app.outageDue,
          running: app.running,
          sequence: app.sequence,
        },
        {
          now: clock.now(),
          lineBefore,
          lineAfter,
          heldBefore,
          heldAfter,
          perShop,
          promoteMax: PROMOTE_MAX,
        },
      )) as [string, string | number, string?];
      if (shop === '') return { nextDueAt: Number(second) < 0 ? null : Number(second) };
      return { shop, generationId: String(second), token: token! };
    },

    async isCurrent(queue, ref) {
      if (!isTurnStage(queue) || ref.turn === undefined) return false;
      const held = await redis.hget(queueKeys.turnsHeld(ref.shop, queue), ref.generationId);
      return held === ref.turn;
    },

    async end(queue, ref, later) {
      if (!isTurnStage(queue) || ref.turn === undefined) return;
      const app = keys.turns(queue);
      const reply = await END(
        redis,
        {
          ...shopKeys(queue, ref.shop),
          running: app.running,
          waits: later?.outage === undefined ? app.due : app.outageDue,
        },
        {
          shop: ref.shop,
          generationId: ref.generationId,
          token: ref.turn,
          // At least 1: 0 says the stage is done with the generation.
          dueAt: later ? Math.max(1, clock.now() + Math.round(later.delayMs)) : 0,
          perShop,
        },
      );
      await wake(reply);
    },

    async outageEnded() {
      let moved = 0;
      for (const stage of TURN_STAGES) {
        const app = keys.turns(stage);
        moved += (await OUTAGE_ENDED(
          redis,
          { outageDue: app.outageDue, due: app.due },
          { now: clock.now() },
        )) as number;
      }
      if (moved > 0) await wake(1);
    },

    async outageWaitingShop() {
      let first: { shop: string; dueAt: number } | null = null;
      for (const stage of TURN_STAGES) {
        const [member, dueAt] = await redis.zrange(
          keys.turns(stage).outageDue,
          '0',
          '0',
          'WITHSCORES',
        );
        if (member === undefined || (first && first.dueAt <= Number(dueAt))) continue;
        first = { shop: member.split(' ')[0]!, dueAt: Number(dueAt) };
      }
      return first?.shop ?? null;
    },

    async recoverStale(stage, olderThanMs, isPending) {
      const app = keys.turns(stage);
      const stale = await redis.zrangebyscore(app.running, '-inf', clock.now() - olderThanMs);
      let recovered = 0;
      for (const member of stale) {
        const [shop, generationId, token] = member.split(' ') as [string, string, string];
        if (await isPending({ shop, generationId, token })) continue;
        const reply = await RESTORE(
          redis,
          { ...shopKeys(stage, shop), running: app.running, sequence: app.sequence },
          { shop, generationId, token, perShop },
        );
        if (reply === 1) recovered += 1;
      }
      if (recovered > 0) await wake(1);
      return recovered;
    },

    async removeShop(shop) {
      for (const stage of TURN_STAGES) {
        const app = keys.turns(stage);
        for (const sorted of [app.due, app.outageDue, app.running]) {
          let cursor = '0';
          do {
            const [next, found] = await redis.zscan(sorted, cursor, 'MATCH', `${shop} *`);
            const members = found.filter((_, i) => i % 2 === 0);
            if (members.length > 0) await redis.zrem(sorted, ...members);
            cursor = next;
          } while (cursor !== '0');
        }
        await redis.lrem(app.ring, 0, shop);
        await redis.srem(app.ringMembers, shop);
        await redis.del(queueKeys.turnLine(shop, stage), queueKeys.turnsHeld(shop, stage));
      }
    },
  };
}
