/**
 * The app's coded texts in the merchant's language: an error's code and params (the body of
 * every refusal, src/app-api/api-error.ts), a field's problem, an estimate's problem. Each
 * extension's locale files hold every code as `errors.<code>` (test/web/error-codes.test.ts);
 * a param that is a coded text itself is translated in turn, a list is joined, an instant is a
 * time of day on the shop's clock the caller brings (shop-clock.ts; without one, the merchant's
 * own, labelled). The English the app sent is only the fallback for a code this bundle does not
 * know (a newer app).
 */
import type { TextParam, TextParams, TimeParam } from '../../src/app-api/contract.ts';
import type { ShopClock } from '../../src/app-api/shop-time.ts';
import { t } from './i18n.ts';
import { ownClock, shopTime } from './shop-time.ts';

interface Coded {
  code: string;
  params?: TextParams;
}

/** The text of `code` in the merchant's language, or null when the locale file has none. */
export function codedText({ code, params = {} }: Coded, clock?: ShopClock): string | null {
  const key = `errors.${code}`;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) values[name] = paramText(value, clock);
  try {
    const text = t(key, values);
    return text === key ? null : text;
  } catch {
    // The admin throws (or answers the key) for a key the locale file lacks.
    return null;
  }
}

function paramText(value: TextParam, clock: ShopClock | undefined): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (Array.isArray(value))
    return value.map((item: TextParam) => paramText(item, clock)).join(', ');
  const object = value as Coded | TimeParam;
  if ('at' in object) return shopTime(object.at, clock ?? ownClock(), 'time');
  return codedText(object, clock) ?? object.code;
}

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

/**
 * A text the app stores with a record (a generation's reason): by its code, else as written;
 * `clock` writes a time it names (the shop's, from shop-clock.ts).
 */
export function storedText(
  text: Coded | null | undefined,
  english: string,
  clock?: ShopClock,
): string {
  return (text && codedText(text, clock)) ?? english;
}
