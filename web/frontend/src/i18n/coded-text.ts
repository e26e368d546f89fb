/**
 * The server's coded texts in the merchant's language: an error's code and params (api-error.ts),
 * a field's problem, an estimate's problem. `errors.<code>` in the locale files holds each code's
 * text with `{{param}}` placeholders; a param that is itself a coded text (the kind of a model)
 * is translated in turn, a list is joined, a number is written the locale's way, an instant is a
 * time of day on the shop's clock (lib/format.ts, as every date). The English the server sent is
 * only the fallback for a code the page does not know (an older or newer server).
 */
import { formatTime } from '../lib/format.ts';
import type { TextParam, TextParams, TimeParam } from '../shared/contract.ts';
import { modelNameText } from '../shared/models.ts';
import { isMessageKey, numberFormat, t, type MessageValues } from './index.ts';
import { serverText } from './server-text.ts';

interface Coded {
  code: string;
  params?: TextParams;
}

/** The text of `code` in the merchant's language, or null when the page has no text for it. */
export function codedText({ code, params = {} }: Coded): string | null {
  const key = `errors.${code}`;
  if (!isMessageKey(key)) return null;
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(params)) values[name] = paramText(value);
  return t(key, values);
}

function paramText(value: TextParam): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (Array.isArray(value))
    return value.map((item: TextParam) => written(paramText(item))).join(', ');
  const object = value as Coded | TimeParam;
  if ('at' in object) return formatTime(object.at);
  return codedText(object) ?? object.code;
}

const written = (value: string | number) =>
  typeof value === 'number' ? numberFormat.format(value) : value;

/** An estimate's problems in the merchant's language (each coded one translated). */
export function problemTexts(estimate: {
  problems: readonly string[];
  problemTexts?: readonly Coded[];
}): string[] {
  return estimate.problems.map((english, index) => {
    const coded = estimate.problemTexts?.[index];
    return (coded && codedText(coded)) ?? english;
  });
}

/** A model's plain name ("Balanced") in the merchant's language; the id of one no longer known. */
export function modelLabel(id: string | undefined): string {
  return labelOf(modelNameText(id));
}

/** A label the shared contract gives coded, or as it is (a value with no words: "16:9"). */
export function labelOf(label: Coded | string): string {
  return typeof label === 'string' ? label : (codedText(label) ?? label.code);
}

/**
 * A text the server stores with a record (a generation's reason, its action) in the merchant's
 * language: by its code; a record kept in English only (written before codes, or words another
 * system wrote) goes through server-text.ts.
 */
export function storedText(text: Coded | null | undefined, english: string): string {
  return (text && codedText(text)) ?? serverText(english);
}
