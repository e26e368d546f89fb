/**
 * The colour families' words have one source, src/platform/colour-words.ts: the locale files'
 * `errors.colour_*` (the app home's and every admin extension's, in each of the app's
 * languages, the words a finding names a changed part by) hold its words in the part's form,
 * and the alt text (src/pipeline/publish/alt-phrases.ts) names a plain background with its
 * words in the background's form. A word changed in one place only fails here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLOUR_FAMILIES } from '../../src/platform/colour-name.ts';
import { APP_LANGUAGES, PART_GENDER, colourWordIn } from '../../src/platform/colour-words.ts';
import { scenePhrase } from '../../src/pipeline/publish/alt-phrases.ts';

const ROOT = new URL('../../', import.meta.url);
const EXTENSIONS = readdirSync(new URL('extensions/', ROOT), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => {
    try {
      return readdirSync(new URL(`extensions/${name}/locales/`, ROOT)).length > 0;
    } catch {
      return false;
    }
  });

/** Every locale file of a language that holds the findings' colours. */
function localeFiles(language: string): string[] {
  const extension = language === 'en' ? 'en.default' : language;
  return [
    `web/frontend/src/i18n/locales/${language}.json`,
    ...EXTENSIONS.map((name) => `extensions/${name}/locales/${extension}.json`),
  ].filter((path) => {
    const errors = errorsOf(path);
    return errors !== null && 'colour_white' in errors;
  });
}

function errorsOf(path: string): Record<string, unknown> | null {
  try {
    const file = JSON.parse(readFileSync(new URL(path, ROOT), 'utf8')) as { errors?: object };
    return (file.errors ?? null) as Record<string, unknown> | null;
  } catch {
    return null;
  }
}

describe('the colour words have one source', () => {
  it('the app home and as many extensions as in English name colours in each language', () => {
    for (const language of APP_LANGUAGES) {
      expect(localeFiles(language), language).toContain(
        `web/frontend/src/i18n/locales/${language}.json`,
      );
      expect(localeFiles(language).length, language).toBe(localeFiles('en').length);
    }
  });

  it.each(APP_LANGUAGES)(
    "the locale files' errors.colour_* in %s are the table's words",
    (language) => {
      for (const path of localeFiles(language)) {
        const errors = errorsOf(path)!;
        const differing = COLOUR_FAMILIES.flatMap((family) => {
          const table = colourWordIn(language, family, PART_GENDER);
          const file = errors[`colour_${family}`];
          return file === table
            ? []
            : [`${path} colour_${family}: "${String(file)}", table "${table}"`];
        });
        expect(differing).toEqual([]);
      }
    },
  );

  it.each(APP_LANGUAGES)(
    "the alt text names a background in %s by the table's words",
    (language) => {
      for (const family of COLOUR_FAMILIES) {
        const word = colourWordIn(language, family, 'masculine');
        expect(scenePhrase(language, 'photo', family), family).toContain(word);
      }
    },
  );
});
