/**
 * The app home's dictionaries (web/frontend/src/i18n/locales): every language has exactly the
 * English file's keys, each plural entry the forms its language needs, and every text the same
 * `{{placeholders}}` as its English one, so no page shows a key, a stray `{{count}}` or falls back
 * to English. The compiler checks the keys the code asks for against the English file.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const LOCALES = new URL('../../web/frontend/src/i18n/locales/', import.meta.url);
const read = (language: string) =>
  JSON.parse(readFileSync(new URL(`${language}.json`, LOCALES), 'utf8')) as Entry;

type Entry = string | { [key: string]: Entry };

/** Dotted key -> its text, or its plural forms (an object whose keys are CLDR categories). */
function leaves(node: Entry, prefix = ''): Map<string, string | Record<string, string>> {
  const found = new Map<string, string | Record<string, string>>();
  if (typeof node === 'string') return found.set(prefix, node);
  if ('other' in node) return found.set(prefix, node as Record<string, string>);
  for (const [key, value] of Object.entries(node)) {
    for (const [leaf, text] of leaves(value, prefix ? `${prefix}.${key}` : key)) {
      found.set(leaf, text);
    }
  }
  return found;
}

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]))].sort();

const english = leaves(read('en'));

test('French has every English key and no other', () => {
  const french = leaves(read('fr'));
  expect([...english.keys()].filter((key) => !french.has(key))).toEqual([]);
  expect([...french.keys()].filter((key) => !english.has(key))).toEqual([]);
});

test('every French text has the placeholders of its English text', () => {
  const french = leaves(read('fr'));
  const mismatches = [...english].flatMap(([key, text]) => {
    const theirs = french.get(key);
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
      .map((form) => ({ key, english: ours, french: form }));
  });
  expect(mismatches).toEqual([]);
});

test("each plural entry has the forms its language's plural rules select", () => {
  for (const language of ['en', 'fr']) {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const missing = [...leaves(read(language))]
      .filter(([, text]) => typeof text !== 'string')
      .flatMap(([key, forms]) =>
        categories
          .filter((category) => category !== 'many' && !(category in (forms as object)))
          .map((category) => `${language}: ${key}.${category}`),
      );
    expect(missing).toEqual([]);
  }
});
