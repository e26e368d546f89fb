/**
 * `createOnce` within the shop's cap of generations not yet final (automatic work: rules, Flow,
 * a changed result's next try): the cap is checked in the same atomic step as the claim. Past
 * it, nothing is stored, not even the claim; or, given a refusal, the generations are stored
 * already failed with it, under the claim, so they never count against the cap and a repeat gets
 * them back. The suite's Redis.
 */
import { describe, expect, it } from 'vitest';
import { toldWhy } from '../../../src/pipeline/generations/reason.ts';
import { photoRequest, useGenerationStore } from '../../support/generations.ts';
import { uniqueShop } from '../../support/redis.ts';

const db = useGenerationStore();
const REFUSAL = {
  ...toldWhy({ code: 'rule_at_cap', params: { cap: 2 } }, { code: 'action_free_places' }),
  note: 'over the cap',
};
const claim = (name: string) => ({ key: `test:claim:${name}:${uniqueShop()}`, ttlMs: 60_000 });

/** A shop holding `count` generations not yet final. */
async function shopHolding(count: number): Promise<string> {
  const shop = uniqueShop();
  for (let i = 0; i < count; i += 1) await db.store.create(photoRequest(shop));
  return shop;
}

describe('createOnce within the cap', () => {
  it('makes the generations while they fit under the cap', async () => {
    const shop = await shopHolding(1);
    const made = await db.store.createOnce([photoRequest(shop)], claim('fits'), { cap: 2 });
    expect(made).toMatchObject({ created: true, overCap: null });
    expect((await db.store.get(shop, made.ids[0]!))?.state).toBe('queued');
  });

  it('stores nothing past the cap, not even the claim, without a refusal', async () => {
    const shop = await shopHolding(2);
    const once = claim('nothing');
    const made = await db.store.createOnce([photoRequest(shop)], once, { cap: 2 });
    expect(made).toEqual({ created: false, ids: [], overCap: { pending: 2, refused: false } });
    expect(await db.redis.exists(once.key)).toBe(0);
    expect((await db.store.countByState(shop)).queued).toBe(2);
  });

  it('stores the refusal past the cap: failed with its reason, never counted as pending', async () => {
    const shop = await shopHolding(2);
    const made = await db.store.createOnce([photoRequest(shop)], claim('refused'), {
      cap: 2,
      refused: REFUSAL,
    });
    expect(made.overCap).toEqual({ pending: 2, refused: true });
    const refused = await db.store.get(shop, made.ids[0]!);
    expect(refused).toMatchObject({
      state: 'failed',
      reason: REFUSAL.reason,
      action: REFUSAL.action,
      reasonText: REFUSAL.reasonText,
      actionText: REFUSAL.actionText,
    });
    expect(refused!.transitions.map((entry) => [entry.state, entry.note])).toEqual([
      ['queued', undefined],
      ['failed', 'over the cap'],
    ]);
    expect(await db.store.countByState(shop)).toMatchObject({ queued: 2, failed: 1 });
  });

  it('gives a repeat the refused generations back, even once places are free', async () => {
    const shop = await shopHolding(2);
    const once = claim('repeat');
    const first = await db.store.createOnce([photoRequest(shop)], once, {
      cap: 2,
      refused: REFUSAL,
    });
    const again = await db.store.createOnce([photoRequest(shop)], once, {
      cap: 10,
      refused: REFUSAL,
    });
    expect(again).toEqual({ created: false, ids: first.ids, overCap: null });
  });
});
