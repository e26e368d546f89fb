/**
 * What a bulk run's card says besides its progress (web/frontend/src/lib/run-notices.ts, shown
 * by BulkRunCard on the Bulk runs page): why a running run waits at the shop's cap, in the
 * server's words.
 */
import { describe, expect, it } from 'vitest';
import type { BulkRunView } from '../../src/app-api/contract.ts';
import { bulkRunAtCapMessage } from '../../src/pipeline/limits/shop-quotas.ts';
import { runNotices } from '../../web/frontend/src/lib/run-notices.ts';

const run = (more: Partial<BulkRunView>) =>
  ({ state: 'running', waiting: null, ...more }) as BulkRunView;

describe('a bulk run’s card', () => {
  it('says why a run waits at the shop’s cap, as a caution', () => {
    const waiting = { cause: 'pending_cap' as const, since: '2026-11-29T10:00:00.000Z' };
    expect(runNotices(run({ waiting: { ...waiting, message: bulkRunAtCapMessage(500) } }))).toEqual(
      [{ tone: 'caution', text: bulkRunAtCapMessage(500) }],
    );
  });

  it('says nothing more for a run that does not wait', () => {
    expect(runNotices(run({}))).toEqual([]);
  });
});
