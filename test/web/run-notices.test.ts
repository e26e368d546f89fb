/**
 * What a bulk run's card says besides its progress (web/frontend/src/lib/run-notices.ts, shown
 * by BulkRunCard on the Bulk runs page): why a running run waits at the shop's cap, or that it
 * expired after staying paused, translated from the line's code (in the page's language: files
 * share a process, so another file may have loaded the app home's words in French).
 */
import { describe, expect, it } from 'vitest';
import type { BulkRunView } from '../../src/app-api/contract.ts';
import { englishText, type CodedText } from '../../src/app-api/error-codes.ts';
import { runExpiredMessage } from '../../src/features/bulk-runs/runs/expire.ts';
import { expiryPeriod } from '../../src/pipeline/line/expire-waiting.ts';
import { bulkRunAtCapMessage } from '../../src/pipeline/limits/shop-quotas.ts';
import { codedText } from '../../web/frontend/src/i18n/coded-text.ts';
import { runNotices } from '../../web/frontend/src/lib/run-notices.ts';

const run = (more: Partial<BulkRunView>) =>
  ({ state: 'running', waiting: null, expired: null, ...more }) as BulkRunView;

const line = (text: CodedText) => ({ message: englishText(text), messageText: text });

describe('a bulk run’s card', () => {
  it('says why a run waits at the shop’s cap, as a caution', () => {
    const waiting = {
      cause: 'pending_cap' as const,
      since: '2026-11-29T10:00:00.000Z',
      ...line(bulkRunAtCapMessage(500)),
    };
    expect(runNotices(run({ waiting }))).toEqual([
      { tone: 'caution', text: codedText(bulkRunAtCapMessage(500)) },
    ]);
  });

  it('says that a run expired after staying paused', () => {
    const expired = runExpiredMessage(expiryPeriod(30 * 86_400_000));
    expect(
      runNotices(
        run({ state: 'cancelled', expired: { at: '2026-12-29T10:00:00.000Z', ...line(expired) } }),
      ),
    ).toEqual([{ tone: 'subdued', text: codedText(expired) }]);
  });

  it('says nothing more for a run that neither waits nor expired', () => {
    expect(runNotices(run({}))).toEqual([]);
  });
});
