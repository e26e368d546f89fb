/**
 * What a bulk run's card says besides its progress, in the server's words (in the merchant's
 * language): why a running run waits (the shop at its cap of generations not yet final: it goes
 * on by itself as places free), or that it was cancelled for staying paused too long.
 */
import { serverText } from '../i18n/server-text.ts';
import type { BulkRunView } from '../shared/contract.ts';

export interface RunNotice {
  /** `caution`: the run is held back now; `subdued`: what happened to it. */
  tone: 'caution' | 'subdued';
  text: string;
}

export function runNotices(run: BulkRunView): RunNotice[] {
  const notices: RunNotice[] = [];
  if (run.waiting) notices.push({ tone: 'caution', text: serverText(run.waiting.message) });
  if (run.expired) notices.push({ tone: 'subdued', text: serverText(run.expired.message) });
  return notices;
}
