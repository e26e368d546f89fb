/**
 * The app home's words, in the admin's language. The admin passes the merchant's locale to the
 * app home (`locale` in the app's URL; App Bridge exposes it as `shopify.config.locale`); the
 * page reads it once at start-up, loads that language's dictionary (English is in the bundle, any
 * other is its own chunk) and Polaris's translations for its own components, then renders.
 *
 * Every string comes from `locales/<language>.json` through `t`, whose keys are checked against
 * the English file at compile time. `{{name}}` is replaced by a value; an entry with `one` /
 * `other` (and any other CLDR category the language has) picks its form by `count` through
 * Intl.PluralRules. test/web/frontend-locales.test.ts holds every language to English's keys and
 * placeholders. Why a dictionary of our own: see web/frontend/README.md.
 */
import type { AppProviderProps } from '@shopify/polaris';
import polarisEn from '@shopify/polaris/locales/en.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

type Messages = typeof en;
type Plural = { one: string; other: string };
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string | Plural
    ? `${Prefix}${K}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the English file (a plural entry is one key). */
export type MessageKey = Leaves<Messages>;
export type MessageValues = Record<string, string | number>;

/** The languages the app home is written in; any other locale reads English. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The admin's locale as BCP 47 (`fr`, `fr-CA`, `en-US`): dates and numbers follow it. */
export const locale: string = adminLocale();
export const language: Language = languageOf(locale);

function adminLocale(): string {
  const fromBridge = typeof shopify === 'undefined' ? undefined : shopify.config?.locale;
  const fromUrl =
    typeof window === 'undefined'
      ? null
      : new URLSearchParams(window.location.search).get('locale');
  const candidate = fromBridge || fromUrl || 'en';
  try {
    return Intl.getCanonicalLocales(candidate)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

function languageOf(tag: string): Language {
  const base = tag.split('-')[0]!.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}

let messages: unknown = en;
/** Polaris's own strings (its pagination, its modal's close button) in the same language. */
export let polarisTranslations: AppProviderProps['i18n'] = polarisEn;

/** Loads the admin's language before the first render (English needs nothing). */
export async function loadLanguage(): Promise<void> {
  if (language === 'fr') {
    const [own, polaris] = await Promise.all([
      import('./locales/fr.json', { with: { type: 'json' } }),
      import('@shopify/polaris/locales/fr.json', { with: { type: 'json' } }),
    ]);
    messages = own.default;
    polarisTranslations = polaris.default;
  }
}

const pluralRules = new Intl.PluralRules(locale);
/** The one number format: lib/format.ts writes numbers with it, and `t` the numbers it is given. */
export const numberFormat = new Intl.NumberFormat(locale);

function lookup(source: unknown, key: string): unknown {
  let node = source;
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/** Whether the English file has `key`: a code the server answers names one (errors.<code>). */
export function isMessageKey(key: string): key is MessageKey {
  return lookup(en, key) !== undefined;
}

/** The text of `key` in the merchant's language, with `{{name}}` replaced from `values`. */
export function t(key: MessageKey, values: MessageValues = {}): string {
  // A key the language's file lacks reads English (the test keeps this from happening).
  let entry = lookup(messages, key) ?? lookup(en, key);
  if (entry && typeof entry === 'object') {
    const forms = entry as Record<string, string>;
    const count = Number(values.count ?? 0);
    entry = forms[pluralRules.select(count)] ?? forms.other;
  }
  if (typeof entry !== 'string') throw new Error(`No text for ${key}`);
  return entry.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numberFormat.format(value) : value;
  });
}
