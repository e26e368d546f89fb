/**
 * A generation's reason and action as its record keeps them: in English (`reason`, `action`, the
 * words every record has, Activity's history and the logs) and coded (`reasonText`,
 * `actionText`: what clients translate). A patch that sets or clears a reason goes through
 * `toldWhy`, so the two never disagree (a reason given as a string, words another system wrote,
 * has no code); `currentText` gives a client the coded text only while it still says what the
 * English says (a writer that gives English only leaves an older code behind, never shown).
 */
import { englishText, onlyText, type CodedText } from '../../app-api/error-codes.ts';

/** The four fields of a record (generation.ts) that say why, as a patch sets them. */
export interface ToldWhy {
  reason: string | null;
  action: string | null;
  reasonText: CodedText | null;
  actionText: CodedText | null;
}

export function toldWhy(
  reason: CodedText | string | null,
  action: CodedText | null = null,
): ToldWhy {
  const coded = typeof reason === 'string' || reason === null ? null : onlyText(reason);
  return {
    reason: typeof reason === 'string' ? reason : reason && englishText(reason),
    action: action && englishText(action),
    reasonText: coded,
    actionText: action && onlyText(action),
  };
}

/** The coded text of `english`, or null when the record's code is absent or says otherwise. */
export function currentText(
  text: CodedText | null | undefined,
  english: string | null,
): CodedText | null {
  return text && english !== null && englishText(text) === english ? text : null;
}
