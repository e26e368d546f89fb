/**
 * The fair scheduler with many shops: turns stay one each per round however many
 * shops wait, and a shop whose line has emptied keeps nothing in the scheduler, so thousands of
 * idle shops cost it no memory and no work. The costs themselves are measured by
 * bench/at-the-limit/scale.ts.
 */
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/platform/clock.ts';
import { appWideKeys, queueKeys } from '../../../src/pipeline/generations/keys.ts';
import {
  createFairScheduler,
  type ArmedItem,
  type FairScheduler,
} from '../../../src/pipeline/limits/fair-scheduler.ts';
import type { Priority } from '../../../src/pipeline/generations/generation.ts';
import { uniqueShop } from '../../support/redis.ts';
import { photoRequest, uniqueNamespace, useGenerationStore } from '../../support/generations.ts';

const db = useGenerationStore();

function scheduler(keys = appWideKeys(uniqueNamespace())): FairScheduler {
  return createFairScheduler({ redis: db.redis, clock: systemClock, keys });
}

async function queue(s: FairScheduler, shop: string, priority: Priority, count: number) {
  for (let i = 0; i < count; i += 1) {
    const { id } = await db.store.create(photoRequest(shop, { priority }));
    await s.push({ shop, generationId: id, priority });
  }
}

/** The next pick, disarmed at once as its submission would be once it holds a slot. */
async function submitNext(s: FairScheduler): Promise<ArmedItem | null> {
  const item = await s.pop(1);
  if (item === 'busy') throw new Error('unexpectedly busy');
  if (item) await s.disarm(item);
  return item;
}

describe('fair scheduler with many shops', () => {
  it('gives each of 200 shops with a backlog one request per round, and a click the next', async () => {
    const s = scheduler();
    const shops = Array.from({ length: 200 }, (_, i) => uniqueShop(`bulk${i}`));
    await Promise.all(shops.map((shop) => queue(s, shop, 'bulk', 2)));

    const firstRound: string[] = [];
    for (let i = 0; i < 100; i += 1) firstRound.push((await submitNext(s))!.shop);
    const clicker = uniqueShop('click');
    await queue(s, clicker, 'interactive', 1);
    expect(await submitNext(s)).toMatchObject({ shop: clicker, priority: 'interactive' });
    for (let i = 100; i < 200; i += 1) firstRound.push((await submitNext(s))!.shop);
    const secondRound: string[] = [];
    for (let i = 0; i < 200; i += 1) secondRound.push((await submitNext(s))!.shop);

    expect(new Set(firstRound).size).toBe(200);
    expect(secondRound).toEqual(firstRound);
    expect(await submitNext(s)).toBeNull();
  });

  it('keeps nothing of a shop whose line has emptied: no waiting set, not in a ring nor its depths', async () => {
    const keys = appWideKeys(uniqueNamespace());
    const s = scheduler(keys);
    const [idle, busy] = [uniqueShop('idle'), uniqueShop('busy')];
    await queue(s, idle, 'bulk', 2);
    await queue(s, idle, 'interactive', 1);
    await queue(s, busy, 'bulk', 5);

    for (let i = 0; i < 5; i += 1) await submitNext(s);

    for (const priority of ['interactive', 'bulk'] as const) {
      expect(await db.redis.exists(queueKeys.waiting(idle, priority))).toBe(0);
      expect(await db.redis.lrange(keys.ring(priority), 0, -1)).not.toContain(idle);
      expect(await db.redis.sismember(keys.ringMembers(priority), idle)).toBe(0);
    }
    expect(await db.redis.zcard(keys.dispatching)).toBe(0);
    expect(await db.redis.hgetall(keys.lineDepths('bulk'))).toEqual({ 1: '1', 2: '1', 3: '1' });
    expect(await db.redis.exists(keys.lineDepths('interactive'))).toBe(0);
  });
});
