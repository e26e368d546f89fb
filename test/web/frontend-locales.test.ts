/**
 * The app home's dictionaries (web/frontend/src/i18n/locales): the app registers exactly the
 * languages it has a file for; every language has exactly the English file's keys, each plural
 * entry the forms its language's plural rules select, every text the same `{{placeholders}}` as
 * its English one, and no sentence left in English, so no page shows a key, a stray `{{count}}`
 * or English. The compiler checks the keys the code asks for against the English file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '../../web/frontend/src/i18n/index.ts';
import { keysLeftInEnglish } from '../support/untranslated.ts';

const LOCALES = new URL('../../web/frontend/src/i18n/locales/', import.meta.url);
const read = (language: string) =>
  JSON.parse(readFileSync(new URL(`${language}.json`, LOCALES), 'utf8')) as Entry;

/** Every language with a dictionary (the file's name is its BCP 47 tag). */
const FILES = readdirSync(LOCALES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

type Entry = string | { [key: string]: Entry };
type Text = string | Record<string, string>;

/** Dotted key -> its text, or its plural forms (an object whose keys are CLDR categories). */
function leaves(node: Entry, prefix = ''): Map<string, Text> {
  const found = new Map<string, Text>();
  if (typeof node === 'string') return found.set(prefix, node);
  if ('other' in node) return found.set(prefix, node as Record<string, string>);
  for (const [key, value] of Object.entries(node)) {
    for (const [leaf, text] of leaves(value, prefix ? `${prefix}.${key}` : key)) {
      found.set(leaf, text);
    }
  }
  return found;
}

/** Dotted key -> text, each plural form its own key (`key.one`). */
const texts = (entries: Map<string, Text>) =>
  new Map(
    [...entries].flatMap(([key, text]) =>
      typeof text === 'string'
        ? [[key, text] as const]
        : Object.entries(text).map(([form, words]) => [`${key}.${form}`, words] as const),
    ),
  );

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]))].sort();

const english = leaves(read('en'));

test('the app home registers exactly the languages it has a dictionary for', () => {
  expect([...LANGUAGES].sort()).toEqual([...FILES].sort());
});

test.each(FILES)(
  "%s: each plural entry has the forms its language's plural rules select, and no other",
  (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    // `many` only takes millions in these languages ("1 million de crédits"): `other` serves.
    const needed = categories.filter((category) => category !== 'many');
    const wrong = [...leaves(read(language))]
      .filter(([, text]) => typeof text !== 'string')
      .flatMap(([key, forms]) => [
        ...needed.filter((form) => !(form in (forms as object))).map((form) => `${key}.${form}`),
        ...Object.keys(forms)
          .filter((form) => !(categories as string[]).includes(form))
          .map((form) => `${key}.${form} (never selected)`),
      ]);
    expect(wrong).toEqual([]);
  },
);

describe.each(FILES.filter((language) => language !== 'en'))('%s', (language) => {
  const translated = leaves(read(language));

  test('has every English key and no other', () => {
    expect([...english.keys()].filter((key) => !translated.has(key))).toEqual([]);
    expect([...translated.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  test('every text has the placeholders of its English text', () => {
    const mismatches = [...english].flatMap(([key, text]) => {
      const theirs = translated.get(key);
      if (theirs === undefined) return [];
      const ours = typeof text === 'string' ? placeholders(text) : placeholders(text.other!);
      // A plural form may leave the count out ("sur le dernier jour"), never anything else.
      const expected = (form: string) =>
        typeof theirs === 'string' || placeholders(form).includes('count')
          ? ours
          : ours.filter((name) => name !== 'count');
      const forms = typeof theirs === 'string' ? [theirs] : Object.values(theirs);
      return forms
        .filter((form) => placeholders(form).join() !== expected(form).join())
        .map((form) => ({ key, english: ours, translated: form }));
    });
    expect(mismatches).toEqual([]);
  });

  test('no sentence is left in English', () => {
    expect(keysLeftInEnglish(texts(english), texts(translated), language)).toEqual([]);
  });
});
