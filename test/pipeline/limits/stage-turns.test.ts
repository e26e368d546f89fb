/**
 * The shops' turns at the stages after ProductAI (src/pipeline/limits/stage-turns.ts), on the
 * suite's Redis, a clock that stands still: who gets the next turn, how a put is deduplicated
 * as a job id would be, waits and the end of an outage, and a turn whose job was lost.
 * Saving shared fairly end to end: test/pipeline/publish/fair-saving.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, type OffsetClock } from '../../../src/platform/clock.ts';
import { closeRedis, connectRedis, type Redis } from '../../../src/platform/redis/connection.ts';
import { appWideKeys } from '../../../src/pipeline/generations/keys.ts';
import {
  createStageTurns,
  type StageTurns,
  type Turn,
} from '../../../src/pipeline/limits/stage-turns.ts';
import { uniqueNamespace } from '../../support/generations.ts';
import { testRedisUrl, uniqueShop } from '../../support/redis.ts';

let redis: Redis;
beforeAll(async () => {
  redis = await connectRedis(testRedisUrl());
});
afterAll(() => closeRedis(redis));

function turns(clock: OffsetClock = createManualClock()): StageTurns {
  return createStageTurns({
    redis,
    clock,
    keys: appWideKeys(uniqueNamespace('turns')),
    perShop: 2,
  });
}

/** Every turn `t` gives at attach now, in order, as `<shop label>:<generation id>`. */
async function takeAll(t: StageTurns): Promise<string[]> {
  const taken: string[] = [];
  for (;;) {
    const turn = await t.take('attach');
    if (!('token' in turn)) return taken;
    taken.push(`${turn.shop.split('-')[0]}:${turn.generationId}`);
  }
}

async function take(t: StageTurns): Promise<Turn> {
  const turn = await t.take('attach');
  if (!('token' in turn)) throw new Error('no turn to take');
  return turn;
}

/** Puts `ids` of `shop` at attach, one after the other. */
async function put(t: StageTurns, shop: string, ids: readonly string[], delayMs = 0) {
  for (const generationId of ids) await t.put('attach', { shop, generationId }, delayMs);
}

describe('turns at a stage', () => {
  it('are taken by shops in turn, each holding at most its 2 at once', async () => {
    const t = turns();
    const [a, b] = [uniqueShop('a'), uniqueShop('b')];
    await put(t, a, ['A1', 'A2', 'A3', 'A4']);
    await put(t, b, ['B1']);

    expect(await takeAll(t)).toEqual(['a:A1', 'b:B1', 'a:A2']);
  });

  it('go to the shop’s next generation as soon as one of its turns ends', async () => {
    const t = turns();
    const a = uniqueShop('a');
    await put(t, a, ['A1', 'A2', 'A3']);
    const first = await take(t);
    await take(t);

    await t.end('attach', { shop: a, generationId: first.generationId, turn: first.token });

    expect(await takeAll(t)).toEqual(['a:A3']);
  });

  it('leave a generation as it is when it is in line, holds a turn or waits', async () => {
    const clock = createManualClock();
    const t = turns(clock);
    const a = uniqueShop('a');
    await put(t, a, ['A1', 'A1', 'A2']);
    const held = await take(t);
    await put(t, a, [held.generationId, 'A2']);
    await put(t, a, ['A3'], 1_000);
    await put(t, a, ['A3']);

    expect(await takeAll(t)).toEqual(['a:A2']);
    clock.advance(1_000);
    await t.end('attach', { shop: a, generationId: 'A1', turn: held.token });
    expect(await takeAll(t)).toEqual(['a:A3']);
  });

  it('give a generation that runs again later its next turn once its wait is over', async () => {
    const clock = createManualClock();
    const t = turns(clock);
    const a = uniqueShop('a');
    await put(t, a, ['A1']);
    const turn = await take(t);

    await t.end('attach', { shop: a, generationId: 'A1', turn: turn.token }, { delayMs: 500 });

    expect(await t.take('attach')).toEqual({ nextDueAt: clock.now() + 500 });
    clock.advance(500);
    expect(await takeAll(t)).toEqual(['a:A1']);
  });

  it('give a generation back from its wait its turn before the shop’s generations that have had none', async () => {
    const clock = createManualClock();
    const t = turns(clock);
    const a = uniqueShop('a');
    await put(t, a, ['A1', 'A2']);
    const waiting = await take(t);
    await t.end(
      'attach',
      { shop: a, generationId: waiting.generationId, turn: waiting.token },
      { delayMs: 500 },
    );
    await take(t);
    await put(t, a, ['A3', 'A4']);
    clock.advance(500);

    expect(await takeAll(t)).toEqual(['a:A1']);
  });

  it('give every shop’s generations waiting on an outage their turns at once when it ends', async () => {
    const t = turns();
    const [a, b] = [uniqueShop('a'), uniqueShop('b')];
    await put(t, a, ['A1']);
    await put(t, b, ['B1']);
    for (const shop of [a, b]) {
      const turn = await take(t);
      await t.end(
        'attach',
        { shop: turn.shop, generationId: turn.generationId, turn: turn.token },
        { delayMs: 60_000, outage: 'shopify' },
      );
      expect(turn.shop).toBe(shop);
    }

    await t.outageEnded();

    expect((await takeAll(t)).sort()).toEqual(['a:A1', 'b:B1']);
  });

  it('end only the current turn: a job of an earlier turn changes nothing', async () => {
    const t = turns();
    const a = uniqueShop('a');
    await put(t, a, ['A1']);
    const turn = await take(t);
    const stale = { shop: a, generationId: 'A1', turn: 'an earlier token' };

    await t.end('attach', stale);

    expect(await t.isCurrent('attach', stale)).toBe(false);
    expect(await t.isCurrent('attach', { ...stale, turn: turn.token })).toBe(true);
  });
});

describe('a turn whose job was lost', () => {
  it('is given back, its generation first in its shop’s line, once it is old enough', async () => {
    const clock = createManualClock();
    const t = turns(clock);
    const a = uniqueShop('a');
    await put(t, a, ['A1', 'A2', 'A3']);
    const lost = await take(t);
    await take(t);
    const noJob = async (turn: Turn) => turn.generationId !== lost.generationId;

    expect(await t.recoverStale('attach', 1_000, noJob)).toBe(0);
    clock.advance(1_000);
    expect(await t.recoverStale('attach', 1_000, noJob)).toBe(1);

    expect(await t.isCurrent('attach', { ...lost, turn: lost.token })).toBe(false);
    expect(await takeAll(t)).toEqual([`a:${lost.generationId}`]);
  });
});
