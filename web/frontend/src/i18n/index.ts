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
/** A plural entry: English's `one`/`other`; a language has the CLDR categories it selects. */
type Plural = { other: string };
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string | Plural
    ? `${Prefix}${K}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the English file (a plural entry is one key). */
export type MessageKey = Leaves<Messages>;
export type MessageValues = Record<string, string | number>;

type Loaded = [own: { default: unknown }, polaris: { default: AppProviderProps['i18n'] }];

/**
 * Every language the app home is written in besides English (which is in the bundle): its
 * dictionary and Polaris's own strings in that language, each imported on demand, so each is a
 * chunk of its own that only an admin in that language loads. Adding a language is one line here
 * and its `locales/<language>.json` (web/frontend/README.md).
 */
const TRANSLATIONS = {
  fr: () =>
    Promise.all([
      import('./locales/fr.json', { with: { type: 'json' } }),
      import('@shopify/polaris/locales/fr.json', { with: { type: 'json' } }),
    ]),
  de: () =>
    Promise.all([
      import('./locales/de.json', { with: { type: 'json' } }),
      import('@shopify/polaris/locales/de.json', { with: { type: 'json' } }),
    ]),
  es: () =>
    Promise.all([
      import('./locales/es.json', { with: { type: 'json' } }),
      import('@shopify/polaris/locales/es.json', { with: { type: 'json' } }),
    ]),
  it: () =>
    Promise.all([
      import('./locales/it.json', { with: { type: 'json' } }),
      import('@shopify/polaris/locales/it.json', { with: { type: 'json' } }),
    ]),
  nl: () =>
    Promise.all([
      import('./locales/nl.json', { with: { type: 'json' } }),
      import('@shopify/polaris/locales/nl.json', { with: { type: 'json' } }),
    ]),
  'pt-BR': () =>
    Promise.all([
      import('./locales/pt-BR.json', { with: { type: 'json' } }),
      import('@shopify/polaris/locales/pt-BR.json', { with: { type: 'json' } }),
    ]),
  ja: () =>
    Promise.all([
      import('./locales/ja.json', { with: { type: 'json' } }),
      import('@shopify/polaris/locales/ja.json', { with: { type: 'json' } }),
    ]),
  'zh-CN': () =>
    Promise.all([
      import('./locales/zh-CN.json', { with: { type: 'json' } }),
      import('@shopify/polaris/locales/zh-CN.json', { with: { type: 'json' } }),
    ]),
} satisfies Record<string, () => Promise<Loaded>>;

export type Language = 'en' | keyof typeof TRANSLATIONS;
/** The languages the app home is written in; any other locale reads English. */
export const LANGUAGES = ['en', ...Object.keys(TRANSLATIONS)] as readonly Language[];

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

/**
 * The dictionary a BCP 47 tag reads, written yet or not: its base language (`de-AT` reads
 * `de`), except where a language is written for one region or script. Portuguese of any region
 * reads `pt-BR`: a merchant in Portugal reads Brazilian Portuguese with ease (the differences
 * are spelling and a few words), far better than English. Chinese in Simplified script (`zh`,
 * `zh-CN`, `zh-Hans`, `zh-SG`) reads `zh-CN`; in Traditional script (`zh-TW`, `zh-HK`,
 * `zh-Hant`) English: Shopify writes its admin for them separately, and Simplified characters
 * there read as another country's. Throws on a tag that is not BCP 47.
 */
export function dictionaryOf(tag: string): string {
  const { language: base, script } = new Intl.Locale(tag).maximize();
  if (base === 'pt') return 'pt-BR';
  if (base === 'zh') return script === 'Hans' ? 'zh-CN' : 'en';
  return base;
}

/** The language the app home speaks for a tag: its dictionary, or English while it has none. */
export function languageOf(tag: string): Language {
  try {
    const name = dictionaryOf(tag) as Language;
    return LANGUAGES.includes(name) ? name : 'en';
  } catch {
    return 'en';
  }
}

let messages: unknown = en;
/** Polaris's own strings (its pagination, its modal's close button) in the same language. */
export let polarisTranslations: AppProviderProps['i18n'] = polarisEn;

/** Loads the admin's language before the first render (English needs nothing). */
export async function loadLanguage(): Promise<void> {
  if (language === 'en') return;
  const [own, polaris] = await TRANSLATIONS[language]();
  messages = own.default;
  polarisTranslations = polaris.default;
}

// The dictionary's language picks the form, not the admin's locale: a `zh-TW` admin reads
// English, whose "1 credit" needs English's `one` (Chinese selects only `other`).
const pluralRules = new Intl.PluralRules(language);
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
