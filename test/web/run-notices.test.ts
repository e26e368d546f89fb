/**
 * What a bulk run's card says besides its progress (web/frontend/src/lib/run-notices.ts, shown
 * by BulkRunCard on the Bulk runs page): why a running run waits at the shop's cap, or that it
 * expired after staying paused, in the server's words (in the page's language: files share a
 * process, so another file may have loaded the app home's words in French).
 */
import { describe, expect, it } from 'vitest';
import type { BulkRunView } from '../../src/app-api/contract.ts';
import { bulkRunAtCapMessage } from '../../src/pipeline/limits/shop-quotas.ts';
import { serverText } from '../../web/frontend/src/i18n/server-text.ts';
import { runNotices } from '../../web/frontend/src/lib/run-notices.ts';

const run = (more: Partial<BulkRunView>) =>
  ({ state: 'running', waiting: null, expired: null, ...more }) as BulkRunView;

describe('a bulk run’s card', () => {
  it('says why a run waits at the shop’s cap, as a caution', () => {
    const waiting = {
      cause: 'pending_cap' as const,
      since: '2026-11-29T10:00:00.000Z',
    };
    expect(runNotices(run({ waiting: { ...waiting, message: bulkRunAtCapMessage(500) } }))).toEqual(
      [{ tone: 'caution', text: serverText(bulkRunAtCapMessage(500)) }],
    );
  });

  it('says that a run expired after staying paused', () => {
    const message = 'Cancelled after 30 days paused; nothing was charged for what it had not made.';
    expect(
      runNotices(
        run({
          state: 'cancelled',
          expired: { at: '2026-12-29T10:00:00.000Z', message },
        }),
      ),
    ).toEqual([{ tone: 'subdued', text: serverText(message) }]);
  });

  it('says nothing more for a run that neither waits nor expired', () => {
    expect(runNotices(run({}))).toEqual([]);
  });
});
