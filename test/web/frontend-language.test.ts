/**
 * Which language the app home speaks for the admin's locale, and what it loads for it: a regional
 * tag reads its language's dictionary (Portuguese of any region Brazilian Portuguese, Chinese in
 * Simplified script `zh-CN`, in Traditional script English), a language without a dictionary
 * English; each registered language loads its own dictionary and Polaris's own translations.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { dictionaryOf, languageOf } from '../../web/frontend/src/i18n/index.ts';
import { leaveAppHome, openAppHomeIn } from './support/app-home-locale.ts';

const LOCALES = new URL('../../web/frontend/src/i18n/locales/', import.meta.url);
const TRANSLATED = readdirSync(LOCALES)
  .map((file) => file.slice(0, -'.json'.length))
  .filter((language) => language !== 'en');
const json = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;

afterEach(leaveAppHome);

test.each([
  ['de-AT', 'de'],
  ['nl-BE', 'nl'],
  ['es-419', 'es'],
  ['it-CH', 'it'],
  ['fr-CA', 'fr'],
  ['pt', 'pt-BR'],
  ['pt-BR', 'pt-BR'],
  ['pt-PT', 'pt-BR'],
  ['zh', 'zh-CN'],
  ['zh-CN', 'zh-CN'],
  ['zh-Hans', 'zh-CN'],
  ['zh-SG', 'zh-CN'],
  ['zh-TW', 'en'],
  ['zh-HK', 'en'],
  ['zh-Hant', 'en'],
])('%s reads the %s dictionary', (tag, dictionary) => {
  expect(dictionaryOf(tag)).toBe(dictionary);
});

test.each([
  ['de-DE', 'de'],
  ['es-MX', 'es'],
  ['it-IT', 'it'],
  ['nl-NL', 'nl'],
  ['zh-TW', 'en'],
  ['ru-RU', 'en'],
  ['not a language tag', 'en'],
])('an admin in %s reads %s', (tag, language) => {
  expect(languageOf(tag)).toBe(language);
});

test.each(TRANSLATED)(
  '%s loads its own dictionary and Polaris in that language',
  async (language) => {
    const i18n = await openAppHomeIn(language);
    expect(i18n.language).toBe(language);
    const own = json(new URL(`${language}.json`, LOCALES)) as { nav: { settings: string } };
    expect(i18n.t('nav.settings')).toBe(own.nav.settings);
    const polaris = json(
      new URL(`../../node_modules/@shopify/polaris/locales/${language}.json`, import.meta.url),
    );
    expect(i18n.polarisTranslations).toEqual(polaris);
  },
);

test('an admin in Traditional Chinese reads English, with English plural forms', async () => {
  const i18n = await openAppHomeIn('zh-TW');
  expect(i18n.language).toBe('en');
  expect(i18n.t('format.credits', { count: 1 })).toBe('1 credit');
});
