/**
 * The app home in each language it is written in besides English and French (French has its own,
 * fuller file, french.test.ts): with the admin in that language (the stand-in passes the
 * browser's language as `locale`), every page of the router reads in it. Each page is read in
 * English, then in each language, and no line of two words or more reads exactly as an English
 * line of the same page, unless it is the shop's own data (its products, its presets) or a name
 * (test/support/untranslated.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { DEFAULT_PRESETS } from '../../src/stores/shop-settings.ts';
import { readsAsEnglish } from '../support/untranslated.ts';
import { openAdminPage } from './support/browser.ts';
import { shownLines } from './support/english-left.ts';
import { eventually } from './support/eventually.ts';
import { demoProducts, makeAndTestPhoto } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

const LOCALES = new URL('../../web/frontend/src/i18n/locales/', import.meta.url);
type Navigation = Record<(typeof PAGES)[number]['nav'], string>;
const navigation = (language: string) =>
  (JSON.parse(readFileSync(new URL(`${language}.json`, LOCALES), 'utf8')) as { nav: Navigation })
    .nav;

const LANGUAGES = readdirSync(LOCALES)
  .map((file) => file.slice(0, -'.json'.length))
  .filter((language) => language !== 'en' && language !== 'fr');

/** Each page, and the `nav` key of its heading (a page's heading is its menu entry). */
const PAGES = [
  { path: '/', nav: 'overview' },
  { path: '/generate', nav: 'generate' },
  { path: '/activity', nav: 'activity' },
  { path: '/bulk-runs', nav: 'bulkRuns' },
  { path: '/campaigns', nav: 'campaigns' },
  { path: '/experiments', nav: 'experiments' },
  { path: '/settings', nav: 'settings' },
] as const;

const suite = browserSuite('languages', { connectedMerchant: true, adminEachTest: false });

/** The lines `path` shows with the browser in `language`, once its data is in. */
async function linesOf(language: string, path: string, heading: string): Promise<string[]> {
  const admin = await openAdminPage(
    suite.browser,
    suite.stack.frameUrl,
    { width: 1280, height: 900 },
    language,
  );
  try {
    await admin.open(path);
    await eventually(() =>
      admin.app.getByRole('heading', { name: heading, level: 1 }).isVisible(),
    ).toBe(true);
    // The page's data is in: no skeleton left (the loading page and its cards are Polaris's).
    await eventually(() => admin.app.locator('[class*="Polaris-Skeleton"]').count()).toBe(0);
    expect(await admin.app.locator('html').getAttribute('lang')).toBe(language);
    expect(admin.unexpectedConsoleErrors()).toEqual([]);
    // The page as a merchant in that language sees it (test-artifacts/screenshots/).
    if (path === '/generate') await admin.screenshot(`generate-${language}-1280`);
    return await shownLines(admin.app);
  } finally {
    await admin.close();
  }
}

test('every language besides English and French is read here', () => {
  expect(LANGUAGES.length).toBeGreaterThanOrEqual(4);
});

// First, a shop with a photo made and tested against the original.
test('the merchant makes a photo and tests it (in English)', () =>
  makeAndTestPhoto(suite.stack, suite.browser));

for (const page of PAGES) {
  test(`${page.path}: no sentence left in English in ${LANGUAGES.join(', ')}`, async () => {
    // The shop's own words: its products, and its preset library (starter presets included),
    // names and prompts. Settings shows a prompt in its text field and in Polaris's hidden copy
    // that sizes the field, where Polaris writes each comma as "undefined" (its Resizer's
    // character class is built with `join()`): a prompt is known by its words before a comma.
    const shopData = [
      ...(await demoProducts(suite.stack)).map((product) => product.title),
      ...DEFAULT_PRESETS.flatMap((preset) => [preset.name, preset.prompt.split(',')[0]!]),
    ];
    const english = new Set(await linesOf('en-US', page.path, navigation('en')[page.nav]));
    const left: Record<string, string[]> = {};
    for (const language of LANGUAGES) {
      const lines = await linesOf(language, page.path, navigation(language)[page.nav]);
      expect(lines.length, language).toBeGreaterThan(5);
      left[language] = lines.filter(
        (line) =>
          english.has(line) &&
          readsAsEnglish(line, language) &&
          !shopData.some((data) => line.includes(data)),
      );
    }
    expect(left).toEqual(Object.fromEntries(LANGUAGES.map((language) => [language, []])));
  });
}
