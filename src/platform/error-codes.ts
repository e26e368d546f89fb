/**
 * Every code the API answers an error with (and a field problem, an estimate's problem), with the
 * English it stands for (a plural's forms picked by its `count`, as the locale files do).
 * `{{name}}` stands for a parameter the answer carries in `params`: a number, the shop's own
 * words (a product's title), an instant (written on the shop's clock by each client), or a coded
 * text of its own (the kind of a model, translated in turn). The one error family (errors.ts) writes its English message from this table; the app
 * home and the extensions write the merchant's language from `errors.<code>` in their locale
 * files, so a reworded English message still translates (test/web/error-codes.test.ts holds
 * every locale file to this list and its placeholders). Clients read it through
 * src/app-api/error-codes.ts. The texts are in error-texts/, one file per kind; none imports
 * anything of ours: the platform and the browser bundles share them.
 */
import { ANSWER_TEXTS } from './error-texts/answers.ts';
import { FIELD_TEXTS } from './error-texts/fields.ts';
import { FINDING_TEXTS } from './error-texts/findings.ts';
import { REASON_TEXTS } from './error-texts/reasons.ts';
import { WORD_TEXTS } from './error-texts/words.ts';

export const ERROR_TEXT = {
  ...ANSWER_TEXTS,
  ...FIELD_TEXTS,
  ...FINDING_TEXTS,
  ...REASON_TEXTS,
  ...WORD_TEXTS,
} as const;

export type ErrorCode = keyof typeof ERROR_TEXT;

/**
 * A parameter: a number, the shop's own words, an instant, a text of the server's (translated in
 * turn), or a list of these (joined with commas).
 */
export type TextParam = string | number | TimeParam | CodedText | readonly TextParam[];
export type TextParams = Readonly<Record<string, TextParam>>;

/** A text the server writes for the merchant, as its code and parameters. */
export interface CodedText {
  code: ErrorCode;
  params?: TextParams;
}

/**
 * An instant a text names ("read again by 14:06"), as the instant itself (ISO 8601): the server
 * never writes it on a clock of its own. Each client writes it as a time of day on the shop's
 * clock, in the merchant's language (src/app-api/shop-time.ts), as every date a merchant reads;
 * the English the server keeps (a record's `reason`, the logs) says it in UTC, named.
 */
export interface TimeParam {
  at: string;
}

export function isTimeParam(value: TextParam): value is TimeParam {
  return typeof value === 'object' && !Array.isArray(value) && 'at' in value;
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_TEXT, code);
}

/** The English of a coded text, parameters in place (`count` picks a plural's form). */
export function englishText({ code, params = {} }: CodedText): string {
  const entry: string | { one: string; other: string } = ERROR_TEXT[code];
  const text = typeof entry === 'string' ? entry : params.count === 1 ? entry.one : entry.other;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : englishParam(value);
  });
}

function englishParam(value: TextParam): string {
  if (Array.isArray(value)) return value.map(englishParam).join(', ');
  if (isTimeParam(value)) return `${new Date(value.at).toISOString().slice(11, 16)} UTC`;
  return typeof value === 'object' ? englishText(value as CodedText) : String(value);
}
