/**
 * What a bulk run's card says besides its progress, in the server's words (in the merchant's
 * language): why a running run waits (the shop at its cap of generations not yet final: it goes
 * on by itself as places free), or that it was cancelled for staying paused too long.
 */
import { storedText } from '../i18n/coded-text.ts';
import type { BulkRunView } from '../shared/contract.ts';

export interface RunNotice {
  /** `caution`: the run is held back now; `subdued`: what happened to it. */
  tone: 'caution' | 'subdued';
  text: string;
}

export function runNotices(run: BulkRunView): RunNotice[] {
  const notices: RunNotice[] = [];
  const { waiting, expired } = run;
  if (waiting) {
    notices.push({ tone: 'caution', text: storedText(waiting.messageText, waiting.message) });
  }
  if (expired) {
    notices.push({ tone: 'subdued', text: storedText(expired.messageText, expired.message) });
  }
  return notices;
}
