/**
 * What waits beside a shop's bulk work: the fair scheduler keeps its lines' depths
 * (how many shops have at least 1, 2, 3 ... waiting) in the scripts that change the lines, so a
 * bulk run's forecast reads them in one step, the same Redis commands whether 3 or 300 shops
 * wait. The forecast's rules themselves: queue-forecast.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded } from '../../../emulators/productai/seeded-random.ts';
import { commandStats, commandsBetween } from '../../../dev/redis-command-stats.ts';
import { startPrivateRedis, type PrivateRedis } from '../../../dev/redis-server.ts';
import { systemClock } from '../../../src/platform/clock.ts';
import { closeRedis, connectRedis, type Redis } from '../../../src/platform/redis/connection.ts';
import { pipelineConfig } from '../../../src/pipeline/config.ts';
import type { Priority } from '../../../src/pipeline/generations/generation.ts';
import {
  appWideKeys,
  queueKeys,
  type AppWideKeys,
} from '../../../src/pipeline/generations/keys.ts';
import { createBulkForecaster } from '../../../src/pipeline/limits/bulk-forecaster.ts';
import {
  createFairScheduler,
  type FairScheduler,
} from '../../../src/pipeline/limits/fair-scheduler.ts';
import { createPipelineStores } from '../../../src/pipeline/pipeline-stores.ts';
import { uniqueShop } from '../../support/redis.ts';
import { queueInLine, uniqueNamespace, useGenerationStore } from '../../support/generations.ts';

const db = useGenerationStore();

function scheduler(keys: AppWideKeys = appWideKeys(uniqueNamespace())): FairScheduler {
  return createFairScheduler({ redis: db.redis, clock: systemClock, keys });
}

/** `count` generations of `shop` put in `s`'s line at `priority`. */
const queue = (s: FairScheduler, shop: string, priority: Priority, count: number) =>
  queueInLine(db.store, s, { shop, priority, count });

/** Pops `count` generations, each disarmed as its submission would be once it holds a slot. */
async function submit(s: FairScheduler, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const item = await s.pop(1);
    if (item === null || item === 'busy') throw new Error(`nothing to submit: ${item}`);
    await s.disarm(item);
  }
}

describe('what waits beside a shop’s bulk work', () => {
  it('is every click, the shop’s own line, and the other shops’ lines by depth', async () => {
    const s = scheduler();
    const [a, b, c] = [uniqueShop('a'), uniqueShop('b'), uniqueShop('c')];
    await queue(s, a, 'bulk', 2);
    await queue(s, b, 'bulk', 3);
    await queue(s, c, 'bulk', 1);
    await queue(s, c, 'interactive', 2);

    // b and c have at least 1 waiting, b alone at least 2 and 3.
    expect(await s.waitingBeside(a, 5)).toEqual({
      interactive: 2,
      ownBulk: 2,
      othersAtDepth: [2, 1, 1],
    });
  });

  it('looks no deeper than asked past the shop’s own line', async () => {
    const s = scheduler();
    const [a, deep] = [uniqueShop('a'), uniqueShop('deep')];
    await queue(s, a, 'bulk', 1);
    await queue(s, deep, 'bulk', 6);

    expect((await s.waitingBeside(a, 2))?.othersAtDepth).toEqual([1, 1, 1]);
  });

  // Reading every depth of its own line cost a run of 5,000 queued products 5,000 reads per
  // forecast (25 ms), all 0.
  it('ends where no other shop waits deeper, however long the shop’s own line', async () => {
    const s = scheduler();
    const [long, other] = [uniqueShop('long'), uniqueShop('other')];
    for (let n = 0; n < 1_000; n += 1) {
      await s.push({ shop: long, generationId: `g${n}`, priority: 'bulk' });
    }
    await s.push({ shop: other, generationId: 'g', priority: 'bulk' });

    expect(await s.waitingBeside(long, 10_000)).toEqual({
      interactive: 0,
      ownBulk: 1_000,
      othersAtDepth: [1],
    });
  });

  it('leaves a paused shop’s lines out until it resumes, and has nothing for the paused shop', async () => {
    const s = scheduler();
    const [a, paused] = [uniqueShop('a'), uniqueShop('paused')];
    await queue(s, a, 'bulk', 1);
    await queue(s, paused, 'bulk', 2);
    await queue(s, paused, 'interactive', 1);

    await s.pauseShop(paused);
    await s.pauseShop(paused);
    await queue(s, paused, 'bulk', 1);
    // The deepest line is a's own: no other shop at depth 1.
    expect(await s.waitingBeside(a, 5)).toEqual({ interactive: 0, ownBulk: 1, othersAtDepth: [] });
    expect(await s.waitingBeside(paused, 5)).toBeNull();

    await s.resumeShop(paused);
    expect(await s.waitingBeside(a, 5)).toEqual({
      interactive: 1,
      ownBulk: 1,
      othersAtDepth: [1, 1, 1],
    });
  });

  it('counts off every generation taken from a line, the cancelled ones dropped on the way too', async () => {
    const keys = appWideKeys(uniqueNamespace());
    const s = scheduler(keys);
    const shop = uniqueShop();
    const [first, second] = await queue(s, shop, 'bulk', 3);
    for (const id of [first!, second!]) {
      await db.store.transition(shop, id, { from: ['queued'], to: 'cancelled' });
    }

    await submit(s, 1);

    expect(await db.redis.hgetall(keys.lineDepths('bulk'))).toEqual({});
  });

  it('forgets a removed shop’s lines, paused or not', async () => {
    const keys = appWideKeys(uniqueNamespace());
    const s = scheduler(keys);
    const [removed, pausedAndRemoved] = [uniqueShop('removed'), uniqueShop('paused')];
    await queue(s, removed, 'bulk', 2);
    await queue(s, removed, 'interactive', 1);
    await queue(s, pausedAndRemoved, 'bulk', 3);
    await s.pauseShop(pausedAndRemoved);

    await s.removeShop(removed);
    await s.removeShop(pausedAndRemoved);

    for (const priority of ['interactive', 'bulk'] as const) {
      expect(await db.redis.exists(keys.lineDepths(priority))).toBe(0);
    }
  });

  it('stays true to the lines through pushes, pops, pauses, resumes and removals in any order', async () => {
    const keys = appWideKeys(uniqueNamespace());
    const s = scheduler(keys);
    const shops = Array.from({ length: 12 }, (_, i) => uniqueShop(`mix${i}`));
    const random = seeded(16);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const paused = new Set<string>();

    for (let step = 0; step < 300; step += 1) {
      const shop = pick(shops);
      const roll = random();
      if (roll < 0.45) await queue(s, shop, pick(['interactive', 'bulk'] as const), 1);
      else if (roll < 0.75) {
        const item = await s.pop(2);
        if (item && item !== 'busy') await s.disarm(item);
      } else if (roll < 0.85) {
        await s.pauseShop(shop);
        paused.add(shop);
      } else if (roll < 0.95) {
        await s.resumeShop(shop);
        paused.delete(shop);
      } else {
        await s.removeShop(shop);
        paused.delete(shop);
      }
    }

    for (const priority of ['interactive', 'bulk'] as const) {
      const lines: number[] = [];
      for (const shop of shops) {
        if (!paused.has(shop)) lines.push(await db.redis.zcard(queueKeys.waiting(shop, priority)));
      }
      const expected: Record<string, string> = {};
      for (let depth = 1; lines.some((line) => line >= depth); depth += 1) {
        expected[depth] = String(lines.filter((line) => line >= depth).length);
      }
      expect(await db.redis.hgetall(keys.lineDepths(priority))).toEqual(expected);
    }
  });
});

describe('a bulk run’s forecast read', () => {
  let privateRedis: PrivateRedis;
  let redis: Redis;
  beforeAll(async () => {
    // A Redis of its own: its command counts are this test's alone.
    privateRedis = await startPrivateRedis();
    redis = await connectRedis(privateRedis.url);
  });
  afterAll(async () => {
    await closeRedis(redis);
    await privateRedis.stop();
  });

  /** Redis commands one forecast of `shop`'s run costs, after `waitingShops` shops queued work. */
  async function forecastCommands(waitingShops: number): Promise<number> {
    const config = pipelineConfig({ namespace: uniqueNamespace() });
    const keys = appWideKeys(config.namespace);
    const stores = createPipelineStores({ redis, clock: systemClock, keys, config });
    const forecaster = createBulkForecaster({ ...stores, config });
    const shops = Array.from({ length: waitingShops }, (_, i) => uniqueShop(`waiting${i}`));
    for (const [i, shop] of shops.entries()) {
      for (let n = 0; n < 1 + (i % 4); n += 1) {
        await stores.scheduler.push({ shop, generationId: `g${n}`, priority: 'bulk' });
      }
      if (i % 10 === 0) {
        await stores.scheduler.push({ shop, generationId: 'click', priority: 'interactive' });
      }
    }
    await forecaster.forecast(shops[0]!, 'photo', 10, 1); // Redis learns the scripts once
    const before = await commandStats(redis);
    // The first shop's run: 1 of its 10 requests already in its line.
    const schedule = await forecaster.forecast(shops[0]!, 'photo', 10, 1);
    const after = await commandStats(redis);
    expect(schedule?.requestsAhead).toBeGreaterThan(0);
    return commandsBetween(before, after);
  }

  // Lines of 1 to 4 from the fourth shop on: the read goes as deep as the deepest other line.
  it('costs the same Redis commands whether 4 or 300 shops wait', async () => {
    expect(await forecastCommands(300)).toBe(await forecastCommands(4));
  });
});
