/**
 * A bulk run's results in review by the product check's verdict: the run's "changed"
 * and "check it" lists are one index each, kept in the scripts that write the verdict and the
 * state, so a poll reads a page of them and counts them exactly however many results wait.
 */
import { describe, expect, it } from 'vitest';
import type { FidelityVerdict } from '../../../src/app-api/contract.ts';
import type { FidelityRecord } from '../../../src/pipeline/generations/generation.ts';
import { generationKeys } from '../../../src/pipeline/generations/keys.ts';
import { uniqueShop } from '../../support/redis.ts';
import { photoRequest, useGenerationStore } from '../../support/generations.ts';

const db = useGenerationStore();

const report = (verdict: FidelityVerdict): FidelityRecord => ({
  verdict,
  findings: [],
  checks: {},
  region: null,
  version: 'test',
});

/** A run's generation moved to saving: its result made, not yet checked. */
async function saving(shop: string, bulkRunId: string): Promise<string> {
  const { id } = await db.store.create(photoRequest(shop, { bulkRunId, priority: 'bulk' }));
  for (const [from, to] of [
    ['queued', 'submitting'],
    ['submitting', 'processing'],
    ['processing', 'saving'],
  ] as const) {
    await db.store.transition(shop, id, { from: [from], to });
  }
  return id;
}

async function inReview(shop: string, bulkRunId: string, verdict: FidelityVerdict) {
  const id = await saving(shop, bulkRunId);
  await db.store.patch(shop, id, { fidelity: report(verdict) });
  await db.store.transition(shop, id, { from: ['saving'], to: 'in_review' });
  return id;
}

async function waiting(shop: string, bulkRunId: string, fidelity: FidelityVerdict) {
  const filter = { bulkRunId, state: 'in_review', fidelity } as const;
  const page = await db.store.list(shop, filter, { limit: 100 });
  return {
    ids: page.generations.map((generation) => generation.id),
    total: await db.store.count(shop, filter),
  };
}

describe('a run’s results in review by verdict', () => {
  it('lists and counts exactly the run’s results in review with that verdict', async () => {
    const shop = uniqueShop();
    const changed = [
      await inReview(shop, 'run1', 'changed'),
      await inReview(shop, 'run1', 'changed'),
    ];
    const checkIt = await inReview(shop, 'run1', 'check_it');
    await inReview(shop, 'run2', 'changed');
    await saving(shop, 'run1'); // checked later, not in review yet

    expect(await waiting(shop, 'run1', 'changed')).toEqual({
      ids: [...changed].reverse(),
      total: 2,
    });
    expect(await waiting(shop, 'run1', 'check_it')).toEqual({ ids: [checkIt], total: 1 });
  });

  it('counts a verdict written with the move into review', async () => {
    const shop = uniqueShop();
    const id = await saving(shop, 'run1');
    await db.store.transition(shop, id, {
      from: ['saving'],
      to: 'in_review',
      patch: { fidelity: report('changed') },
    });

    expect(await waiting(shop, 'run1', 'changed')).toEqual({ ids: [id], total: 1 });
  });

  it('stays right as results leave review and verdicts change', async () => {
    const shop = uniqueShop();
    const [approved, rejected, rechecked, staying] = [
      await inReview(shop, 'run1', 'changed'),
      await inReview(shop, 'run1', 'changed'),
      await inReview(shop, 'run1', 'changed'),
      await inReview(shop, 'run1', 'changed'),
    ];

    await db.store.transition(shop, approved!, { from: ['in_review'], to: 'saving' });
    await db.store.transition(shop, rejected!, { from: ['in_review'], to: 'discarded' });
    await db.store.patch(shop, rechecked!, { fidelity: report('check_it') });

    expect(await waiting(shop, 'run1', 'changed')).toEqual({ ids: [staying], total: 1 });
    expect(await waiting(shop, 'run1', 'check_it')).toEqual({ ids: [rechecked], total: 1 });
    // Back in review after approval was given up: counted again under its verdict.
    await db.store.transition(shop, approved!, { from: ['saving'], to: 'in_review' });
    expect((await waiting(shop, 'run1', 'changed')).total).toBe(2);
  });

  // scripts/index-run-verdicts.ts: results in review from before the index.
  it('indexes a result in review from before the index when its verdict is written again', async () => {
    const shop = uniqueShop();
    const id = await inReview(shop, 'run1', 'changed');
    await db.redis.del(generationKeys.byBulkRunVerdict(shop, 'run1', 'changed'));

    await db.store.patch(shop, id, { fidelity: report('changed') });

    expect(await waiting(shop, 'run1', 'changed')).toEqual({ ids: [id], total: 1 });
  });
});
