import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/platform/clock.ts';
import { appWideKeys } from '../../../src/pipeline/generations/keys.ts';
import {
  createFairScheduler,
  type FairScheduler,
  type ArmedItem,
  type ScheduledItem,
} from '../../../src/pipeline/limits/fair-scheduler.ts';
import type { Priority } from '../../../src/pipeline/generations/generation.ts';
import { uniqueShop } from '../../support/redis.ts';
import { queueInLine, uniqueNamespace, useGenerationStore } from '../../support/generations.ts';

const db = useGenerationStore();

function scheduler(): FairScheduler {
  return createFairScheduler({
    redis: db.redis,
    clock: systemClock,
    keys: appWideKeys(uniqueNamespace()),
  });
}

/** `count` generations of `shop` put in `s`'s line at `priority`. */
const queue = (s: FairScheduler, shop: string, priority: Priority, count: number) =>
  queueInLine(db.store, s, { shop, priority, count });

/** Pops everything, disarming each as its submission would once it holds a slot. */
async function drain(s: FairScheduler): Promise<string[]> {
  const order: string[] = [];
  for (let item = await pop(s); item; item = await pop(s)) {
    order.push(item.generationId);
    await s.disarm(item);
  }
  return order;
}

async function pop(s: FairScheduler): Promise<ArmedItem | null> {
  const item = await s.pop(1);
  if (item === 'busy') throw new Error('unexpectedly busy');
  return item;
}

describe('fair scheduler', () => {
  it('serves interactive work before bulk work', async () => {
    const s = scheduler();
    const shop = uniqueShop();
    const bulk = await queue(s, shop, 'bulk', 3);
    const interactive = await queue(s, shop, 'interactive', 1);
    expect(await drain(s)).toEqual([...interactive, ...bulk]);
  });

  it('lets shops take turns within a priority', async () => {
    const s = scheduler();
    const a = uniqueShop('a');
    const b = uniqueShop('b');
    const fromA = await queue(s, a, 'bulk', 4);
    const fromB = await queue(s, b, 'bulk', 2);
    expect(await drain(s)).toEqual([fromA[0], fromB[0], fromA[1], fromB[1], fromA[2], fromA[3]]);
  });

  it("puts one shop's single click next, whatever the other shop's backlog", async () => {
    const s = scheduler();
    const a = uniqueShop('a');
    const b = uniqueShop('b');
    const backlog = await queue(s, a, 'bulk', 100);
    const first = (await pop(s))!;
    expect(first.generationId).toBe(backlog[0]);
    await s.disarm(first);
    const [click] = await queue(s, b, 'interactive', 1);
    expect((await pop(s))!.generationId).toBe(click);
  });

  it('passes over a paused shop and gives its work back, in order, once resumed', async () => {
    const s = scheduler();
    const a = uniqueShop('a');
    const b = uniqueShop('b');
    const fromA = await queue(s, a, 'bulk', 2);
    const fromB = await queue(s, b, 'bulk', 1);
    await s.pauseShop(a);
    expect(await drain(s)).toEqual(fromB);
    await s.resumeShop(a);
    expect(await drain(s)).toEqual(fromA);
  });

  it('drops generations that are no longer queued (cancelled while waiting)', async () => {
    const s = scheduler();
    const shop = uniqueShop();
    const [first, second] = await queue(s, shop, 'interactive', 2);
    await db.store.transition(shop, first!, { from: ['queued'], to: 'cancelled' });
    expect(await drain(s)).toEqual([second]);
  });

  it('keeps each generation in line once, however often it is pushed', async () => {
    const s = scheduler();
    const shop = uniqueShop();
    const [id] = await queue(s, shop, 'interactive', 1);
    await s.push({ shop, generationId: id!, priority: 'interactive' });
    expect(await drain(s)).toEqual([id]);
  });

  it('arms at most `lookahead` generations until their submissions take a slot', async () => {
    const s = scheduler();
    const shop = uniqueShop();
    const [first, second] = await queue(s, shop, 'interactive', 2);
    const armed = (await pop(s))!;
    expect(armed).toMatchObject({ generationId: first });
    expect(await s.pop(1)).toBe('busy');
    await s.disarm(armed);
    expect((await s.pop(1)) as ScheduledItem).toMatchObject({ generationId: second });
  });

  it('arms a click beside the bulk generation waiting for its slot, but no second bulk one', async () => {
    const s = scheduler();
    const shop = uniqueShop();
    const [bulk] = await queue(s, shop, 'bulk', 2);
    expect(await pop(s)).toMatchObject({ generationId: bulk });
    expect(await s.pop(1)).toBe('busy');
    const [click] = await queue(s, uniqueShop(), 'interactive', 2);
    expect(await pop(s)).toMatchObject({ generationId: click });
    expect(await s.pop(1)).toBe('busy');
  });

  it('arms the next bulk generation while a click waits for its slot', async () => {
    const s = scheduler();
    const [click] = await queue(s, uniqueShop(), 'interactive', 1);
    const [bulk] = await queue(s, uniqueShop(), 'bulk', 1);
    expect(await pop(s)).toMatchObject({ generationId: click });
    expect(await pop(s)).toMatchObject({ generationId: bulk });
  });

  it('leaves a newer arming alone when the submit job of an earlier one disarms late', async () => {
    const s = scheduler();
    const shop = uniqueShop();
    const [id] = await queue(s, shop, 'interactive', 1);
    const earlier = (await pop(s))!;
    // Its submit job puts it back (the fingerprint was busy), and it is chosen again.
    await s.push({ shop, generationId: id!, priority: 'interactive' }, { arming: earlier.arming });
    const newer = (await pop(s))!;
    expect(newer).toMatchObject({ generationId: id });
    expect(newer.arming).not.toBe(earlier.arming);
    await s.disarm(earlier); // the earlier job's `finally`
    expect(await s.pop(1)).toBe('busy');
    await s.disarm(newer);
    expect(await s.pop(1)).toBeNull();
  });

  it('puts back what a crashed dispatcher armed but never handed to the submit queue', async () => {
    const s = scheduler();
    const shop = uniqueShop();
    const [id] = await queue(s, shop, 'interactive', 1);
    expect((await pop(s))!.generationId).toBe(id);
    expect(await s.pop(2)).toBeNull();
    expect(await s.recoverStale(0, async () => true)).toBe(0); // its submit job is pending
    expect(await s.recoverStale(0, async () => false)).toBe(1);
    const again = (await pop(s))!;
    expect(again.generationId).toBe(id);
    await s.disarm(again);
    expect(await s.recoverStale(0, async () => false)).toBe(0);
  });
});
