/**
 * The extensions' strings. Each extension ships its own locale file (the Shopify CLI reads
 * `<extension>/locales`), so the shared code's strings are in more than one: each file must hold
 * every key its bundle's code asks for (the render tests only reach the keys of the paths they
 * walk), and a string in several files must read the same in each. Each extension speaks the app
 * home's languages, each translation with English's keys, placeholders, the plural forms of its
 * language, and no sentence left in English.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildExtensions, type BuiltExtension } from '../../extensions/build.ts';
import { englishText } from '../../src/app-api/error-codes.ts';
import { modelChoices } from '../../src/app-api/models.ts';
import { keysLeftInEnglish } from '../support/untranslated.ts';

/** Each extension's own name and description, which differ on purpose. */
const OWN_KEYS = new Set(['name', 'description']);

/** `t('key'` and `t(condition ? 'key' : 'other key'`: every way our code names a string. */
const TRANSLATE_CALL = /\bt\(\s*(?:[^'()]*\?\s*)?'([\w.]+)'(?:\s*:\s*'([\w.]+)')?/g;

let outRoot: string;
let extensions: BuiltExtension[];

beforeAll(async () => {
  outRoot = await mkdtemp(join(tmpdir(), 'extensions-'));
  extensions = await buildExtensions({ outRoot });
});
afterAll(() => rm(outRoot, { recursive: true, force: true }));

async function localeKeys(
  extension: BuiltExtension,
  name = 'en.default.json',
): Promise<Map<string, string>> {
  const file = join(extension.dir, 'locales', name);
  return new Map(flatten(JSON.parse(await readFile(file, 'utf8'))));
}

/** The `{{name}}` placeholders of a string, sorted. */
function placeholders(text: string | undefined): string[] {
  return [...(text ?? '').matchAll(/{{(\w+)}}/g)].map((match) => match[1]!).sort();
}

/** The CLDR plural categories: an entry whose keys are all among them is a plural entry. */
const PLURAL_FORMS = /^(zero|one|two|few|many|other)$/;

/**
 * Dotted key -> text; a plural entry (`one`/`other`) counts as its parent key too, with an empty
 * text (a section may hold a key named `other`: `fidelity.other`).
 */
function flatten(node: unknown, prefix = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[prefix, node]];
  const keys = Object.keys(node as object);
  const entries = Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    flatten(value, prefix ? `${prefix}.${key}` : key),
  );
  return keys.every((key) => PLURAL_FORMS.test(key)) ? [[prefix, ''], ...entries] : entries;
}

async function keysUsedBy(extension: BuiltExtension): Promise<Set<string>> {
  const used = new Set<string>();
  for (const source of extension.sources) {
    for (const match of (await readFile(source, 'utf8')).matchAll(TRANSLATE_CALL)) {
      for (const key of match.slice(1)) if (key) used.add(key);
    }
  }
  return used;
}

test('every string an extension asks for is in its locale file', async () => {
  for (const extension of extensions) {
    const used = await keysUsedBy(extension);
    expect(used.size, extension.folder).toBeGreaterThan(20);
    const available = await localeKeys(extension);
    expect(
      [...used].filter((key) => !available.has(key)),
      extension.folder,
    ).toEqual([]);
  }
});

test('a string shared by several extensions has the same wording in each locale file', async () => {
  const wordings = new Map<string, Map<string, string[]>>();
  for (const extension of extensions) {
    for (const [key, text] of await localeKeys(extension)) {
      if (OWN_KEYS.has(key)) continue;
      const byText = wordings.get(key) ?? new Map<string, string[]>();
      byText.set(text, [...(byText.get(text) ?? []), extension.folder]);
      wordings.set(key, byText);
    }
  }
  const conflicts = [...wordings].filter(([, byText]) => byText.size > 1);
  expect(
    Object.fromEntries(conflicts.map(([key, byText]) => [key, Object.fromEntries(byText)])),
  ).toEqual({});
});

/** The translations of an extension: its locale files other than English, by language. */
async function translations(extension: BuiltExtension): Promise<string[]> {
  const files = await readdir(join(extension.dir, 'locales'));
  return files
    .filter((file) => file !== 'en.default.json')
    .map((file) => file.slice(0, -'.json'.length));
}

/**
 * A translation's keys, each plural entry's forms replaced by the forms its language's plural
 * rules select (`many` aside: it only takes millions, and `other` serves), so that a language
 * with only `other` (Japanese) matches English's `one`/`other`.
 */
function keysInLanguage(keys: Map<string, string>, language: string): string[] {
  const plurals = [...keys].filter(([, text]) => text === '').map(([key]) => key);
  const categories = new Intl.PluralRules(language)
    .resolvedOptions()
    .pluralCategories.filter((category) => category !== 'many');
  const isForm = (key: string) => plurals.some((plural) => key.startsWith(`${plural}.`));
  return [
    ...[...keys.keys()].filter((key) => !isForm(key)),
    ...plurals.flatMap((plural) => categories.map((category) => `${plural}.${category}`)),
  ].sort();
}

test("every extension speaks the app home's languages", async () => {
  const appHome = (await readdir(new URL('../../web/frontend/src/i18n/locales/', import.meta.url)))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((language) => language !== 'en');
  for (const extension of extensions) {
    expect((await translations(extension)).sort(), extension.folder).toEqual(appHome.sort());
  }
});

test("a translation has English's keys, its language's plural forms, the same placeholders", async () => {
  for (const extension of extensions) {
    const english = await localeKeys(extension);
    for (const language of await translations(extension)) {
      const translated = await localeKeys(extension, `${language}.json`);
      const where = `${extension.folder}/locales/${language}.json`;
      // A `many` form is welcome where the language has one (pt-BR), never required.
      const forms = [...translated.keys()].filter(
        (key) => !(key.endsWith('.many') && translated.get(key.slice(0, -'.many'.length)) === ''),
      );
      expect(forms.sort(), where).toEqual(keysInLanguage(english, language));
      for (const [key, text] of translated) {
        // A form English lacks (Japanese has only `other`) holds English `other`'s placeholders;
        // a form may also name the count where English's says "one" ("1 Produkt").
        const plural = key.slice(0, key.lastIndexOf('.'));
        const other = placeholders(english.get(`${plural}.other`));
        const own = english.has(key) ? placeholders(english.get(key)) : other;
        expect([own, other], `${where}: ${key}`).toContainEqual(placeholders(text));
      }
    }
  }
});

test('no sentence of an extension is left in English', async () => {
  for (const extension of extensions) {
    const english = await localeKeys(extension);
    for (const language of await translations(extension)) {
      const translated = await localeKeys(extension, `${language}.json`);
      expect(
        keysLeftInEnglish(english, translated, language),
        `${extension.folder}/locales/${language}.json`,
      ).toEqual([]);
    }
  }
});

test('every extension has a French file, with apostrophes written ’ as the app home writes them', async () => {
  for (const extension of extensions) {
    const french = await localeKeys(extension, 'fr.json');
    const straight = [...french].filter(([, text]) => text.includes("'")).map(([key]) => key);
    expect(straight, `${extension.folder}/locales/fr.json`).toEqual([]);
  }
});

test("an extension's English model names and descriptions are the app's", async () => {
  const app = modelChoices('photo');
  const words = (keys: Map<string, string>, group: string) =>
    new Set(
      [...keys].filter(([key]) => key.startsWith(`models.${group}.`)).map(([, text]) => text),
    );
  for (const extension of extensions) {
    const english = await localeKeys(extension);
    if (![...english.keys()].some((key) => key.startsWith('models.'))) continue;
    expect(words(english, 'names'), extension.folder).toEqual(
      new Set(app.map(({ nameText }) => englishText(nameText))),
    );
    expect(words(english, 'descriptions'), extension.folder).toEqual(
      new Set(app.map(({ descriptionText }) => englishText(descriptionText))),
    );
  }
});
