/**
 * The codes the API answers (src/app-api/error-codes.ts) against the words of every client: the
 * app home and each admin extension hold `errors.<code>` for every code, in English and French,
 * with the code's placeholders, so no refusal falls back to English (or to a key). The compiler
 * holds every AppError to a code of the list; nginx writes one answer of its own.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ERROR_TEXT, englishText, isErrorCode } from '../../src/app-api/error-codes.ts';
import { modelChoices } from '../../src/app-api/models.ts';
import { ANSWER_TEXTS } from '../../src/platform/error-texts/answers.ts';
import { FIELD_TEXTS } from '../../src/platform/error-texts/fields.ts';
import { FINDING_TEXTS } from '../../src/platform/error-texts/findings.ts';
import { REASON_TEXTS } from '../../src/platform/error-texts/reasons.ts';
import { WORD_TEXTS } from '../../src/platform/error-texts/words.ts';
import {
  IMAGE_MODELS,
  VIDEO_MODELS,
  isImageModelId,
  type VideoModelId,
} from '../../src/productai/catalogue.ts';

const ROOT = new URL('../../', import.meta.url);
const LOCALE_FILES = [
  'web/frontend/src/i18n/locales/en.json',
  'web/frontend/src/i18n/locales/fr.json',
  ...['product-generate', 'product-progress', 'collection-bulk-run', 'product-selection-bulk-run']
    .flatMap((extension) => ['en.default.json', 'fr.json'].map((file) => `${extension}/${file}`))
    .map((path) => `extensions/${path.replace('/', '/locales/')}`),
];

type Text = string | Record<string, string>;

function errorsOf(path: string): Record<string, Text> {
  const file = JSON.parse(readFileSync(new URL(path, ROOT), 'utf8')) as { errors?: object };
  return (file.errors ?? {}) as Record<string, Text>;
}

/** The `{{name}}` placeholders of a text (every form of a plural), sorted. */
function placeholders(text: Text | undefined): string[] {
  const forms = typeof text === 'object' ? Object.values(text) : [text ?? ''];
  return [
    ...new Set(forms.flatMap((form) => [...form.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))),
  ].sort();
}

const CODES = Object.keys(ERROR_TEXT) as (keyof typeof ERROR_TEXT)[];

test.each(LOCALE_FILES)('%s has a text for every code, with its placeholders', (path) => {
  const errors = errorsOf(path);
  expect(CODES.filter((code) => errors[code] === undefined)).toEqual([]);
  const wrong = CODES.filter(
    (code) => placeholders(errors[code]).join() !== placeholders(ERROR_TEXT[code]).join(),
  );
  expect(wrong).toEqual([]);
});

test.each(LOCALE_FILES.filter((path) => !path.endsWith('fr.json')))(
  '%s says each code as the server does',
  (path) => {
    const errors = errorsOf(path);
    expect(
      CODES.filter((code) => JSON.stringify(errors[code]) !== JSON.stringify(ERROR_TEXT[code])),
    ).toEqual([]);
  },
);

test('a plural text has the forms of its language', () => {
  for (const path of LOCALE_FILES) {
    const errors = errorsOf(path);
    for (const code of CODES) {
      if (typeof ERROR_TEXT[code] === 'object')
        expect(Object.keys(errors[code]!), code).toContain('other');
    }
  }
});

test('no code is in two of the files of texts (the later would silently win)', () => {
  const parts = [ANSWER_TEXTS, FIELD_TEXTS, FINDING_TEXTS, REASON_TEXTS, WORD_TEXTS].map(
    Object.keys,
  );
  expect(parts.flat().length).toBe(CODES.length);
});

test('docs/error-codes.md lists every code, and no other', () => {
  const page = readFileSync(new URL('docs/error-codes.md', ROOT), 'utf8');
  const listed = [...page.matchAll(/^\| `(\w+)` +\|/gm)].map((match) => match[1]!);
  expect(listed.sort()).toEqual([...CODES].sort());
});

test('a model’s coded description says what the catalogue says', () => {
  const catalogue = (id: string) =>
    isImageModelId(id)
      ? IMAGE_MODELS[id].description
      : VIDEO_MODELS[id as VideoModelId].description;
  for (const choice of [...modelChoices('photo'), ...modelChoices('video')]) {
    expect(englishText(choice.descriptionText), choice.id).toBe(`${catalogue(choice.id)}.`);
  }
});

test('the answer nginx writes itself names a code of the list', () => {
  const nginx = readFileSync(new URL('deploy/nginx.conf', ROOT), 'utf8');
  const codes = [...nginx.matchAll(/"error":"(\w+)"/g)].map((match) => match[1]!);
  expect(codes.length).toBeGreaterThan(0);
  expect(codes.filter((code) => !isErrorCode(code))).toEqual([]);
});
