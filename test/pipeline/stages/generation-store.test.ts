import { describe, expect, it } from 'vitest';
import { StaleTransitionError } from '../../../src/pipeline/generations/generation.ts';
import { uniqueShop } from '../../support/redis.ts';
import { photoRequest, useGenerationStore } from '../../support/generations.ts';

const db = useGenerationStore();

describe('generation store', () => {
  it('creates a queued generation with its first transition recorded', async () => {
    const shop = uniqueShop();
    const created = await db.store.create(photoRequest(shop));
    expect(created.state).toBe('queued');
    const loaded = await db.store.get(shop, created.id);
    expect(loaded).toEqual(created);
    expect(loaded!.transitions).toEqual([{ state: 'queued', at: created.createdAt }]);
  });

  it('moves a generation only from an expected state, recording time and note', async () => {
    const shop = uniqueShop();
    const { id } = await db.store.create(photoRequest(shop));
    const moved = await db.store.transition(shop, id, {
      from: ['queued'],
      to: 'submitting',
      patch: { submittedAt: '2026-01-01T00:00:00.000Z' },
      note: 'sending',
    });
    expect(moved.state).toBe('submitting');
    expect(moved.submittedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(moved.transitions.map((t) => [t.state, t.note])).toEqual([
      ['queued', undefined],
      ['submitting', 'sending'],
    ]);
    await expect(
      db.store.transition(shop, id, { from: ['queued'], to: 'submitting' }),
    ).rejects.toThrow(StaleTransitionError);
  });

  it('writes a wait that starts with a move in the same step, as of the move', async () => {
    const shop = uniqueShop();
    const { id } = await db.store.create(photoRequest(shop));
    await db.store.transition(shop, id, { from: ['queued'], to: 'submitting' });
    const back = await db.store.transition(shop, id, {
      from: ['submitting'],
      to: 'queued',
      patch: (at) => ({ waitingFor: { since: at, failures: 1, on: 'productai', sending: true } }),
    });
    expect(back.waitingFor?.since).toBe(back.updatedAt);
    expect(back.waitingFor?.since).toBe(back.transitions.at(-1)!.at);
    expect(await db.store.get(shop, id)).toEqual(back);
  });

  it('lets exactly one of many concurrent identical transitions win', async () => {
    const shop = uniqueShop();
    const { id } = await db.store.create(photoRequest(shop));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        db.store.transition(shop, id, { from: ['queued'], to: 'submitting' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await db.store.get(shop, id))!.transitions).toHaveLength(2);
  });

  it('refuses a move the state machine does not have', async () => {
    const shop = uniqueShop();
    const { id } = await db.store.create(photoRequest(shop));
    await expect(
      db.store.transition(shop, id, { from: ['queued'], to: 'published' }),
    ).rejects.toThrow(/no transition queued -> published/);
  });

  it('never leaves a terminal state except published -> discarded', async () => {
    const shop = uniqueShop();
    const { id } = await db.store.create(photoRequest(shop));
    await db.store.transition(shop, id, { from: ['queued'], to: 'cancelled' });
    await expect(
      db.store.transition(shop, id, { from: ['cancelled'], to: 'queued' }),
    ).rejects.toThrow(/no transition/);
  });

  it('patches fields without a state change and refuses to patch identity fields', async () => {
    const shop = uniqueShop();
    const { id } = await db.store.create(photoRequest(shop));
    const patched = await db.store.patch(shop, id, { fileId: 'gid://shopify/MediaImage/9' });
    expect(patched.fileId).toBe('gid://shopify/MediaImage/9');
    expect(patched.state).toBe('queued');
    await expect(db.store.patch(shop, id, { productId: 'x' } as never)).rejects.toThrow(
      /cannot be patched/,
    );
  });

  it('counts stage attempts atomically', async () => {
    const shop = uniqueShop();
    const { id } = await db.store.create(photoRequest(shop));
    await Promise.all([1, 2, 3].map(() => db.store.countAttempt(shop, id, 'await')));
    expect((await db.store.get(shop, id))!.attempts).toEqual({ await: 3 });
  });

  it('lists newest first with a cursor, filtered by state, bulk run and product', async () => {
    const shop = uniqueShop();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(
        (await db.store.create(photoRequest(shop, { bulkRunId: i < 3 ? 'run1' : null }))).id,
      );
    }
    await db.store.transition(shop, ids[1]!, { from: ['queued'], to: 'cancelled' });
    const first = await db.store.list(shop, {}, { limit: 2 });
    expect(first.generations.map((g) => g.id)).toEqual([ids[4], ids[3]]);
    const second = await db.store.list(shop, {}, { limit: 2, cursor: first.nextCursor });
    expect(second.generations.map((g) => g.id)).toEqual([ids[2], ids[1]]);
    const cancelled = await db.store.list(shop, { state: 'cancelled' });
    expect(cancelled.generations.map((g) => g.id)).toEqual([ids[1]]);
    const queuedInRun = await db.store.list(shop, { bulkRunId: 'run1', state: 'queued' });
    expect(queuedInRun.generations.map((g) => g.id)).toEqual([ids[2], ids[0]]);
    const product = (await db.store.get(shop, ids[3]!))!.productId;
    expect(
      (await db.store.list(shop, { productId: product })).generations.map((g) => g.id),
    ).toEqual([ids[3]]);
  });

  it('keeps state counts per bulk run and per shop', async () => {
    const shop = uniqueShop();
    const a = await db.store.create(photoRequest(shop, { bulkRunId: 'runA', priority: 'bulk' }));
    await db.store.create(photoRequest(shop, { bulkRunId: 'runA', priority: 'bulk' }));
    await db.store.create(photoRequest(shop));
    await db.store.transition(shop, a.id, { from: ['queued'], to: 'cancelled' });
    const run = await db.store.countByState(shop, { bulkRunId: 'runA' });
    expect(run.queued).toBe(1);
    expect(run.cancelled).toBe(1);
    const all = await db.store.countByState(shop);
    expect(all.queued).toBe(2);
    expect(all.cancelled).toBe(1);
  });

  it('writes the job-id index in the same step as the transition', async () => {
    const shop = uniqueShop();
    const { id } = await db.store.create(photoRequest(shop));
    await db.store.transition(shop, id, { from: ['queued'], to: 'submitting' });
    const key = `test-index:${id}`;
    await db.store.transition(shop, id, {
      from: ['submitting'],
      to: 'processing',
      patch: { productAiJobId: 42 },
      alsoSet: { key, value: 'indexed' },
    });
    expect(await db.redis.get(key)).toBe('indexed');
    await db.redis.del(key);
  });
});
