/**
 * The app home's one formatter (web/frontend/src/lib/format.ts) follows the admin's locale: a
 * French admin reads French dates, numbers and plurals on every page (issue 15 found
 * "23 Nov, 22:10" beside "Nov 23, 10:15 PM").
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type * as Format from '../../web/frontend/src/lib/format.ts';

let format: typeof Format;

beforeAll(async () => {
  // The admin opens the app home with ?locale=fr-FR (no App Bridge in this test).
  vi.stubGlobal('window', { location: { search: '?locale=fr-FR' } });
  await (await import('../../web/frontend/src/i18n/index.ts')).loadLanguage();
  format = await import('../../web/frontend/src/lib/format.ts');
});
// Files share a process (vitest.config.ts): a `window` left behind made OpenCV's loader in a
// later file take Node for a browser ("document is not defined").
afterAll(() => vi.unstubAllGlobals());

test('a date and time reads the French way, on the shop’s clock', () => {
  expect(format.formatDateTime('2026-11-23T21:10:00Z', 'Europe/Paris')).toBe('23 nov. 2026, 22:10');
});

test('credits are counted in French: singular up to 1, spaces between thousands', () => {
  expect(format.formatCredits(0)).toBe('0 crédit');
  expect(format.formatCredits(1)).toBe('1 crédit');
  expect(format.formatCredits(1234)).toBe('1\u202f234 crédits');
});

test("a bulk run's name carries its start in French", () => {
  expect(format.formatRunName({ title: 'Été', createdAt: '2026-11-23T21:10:00Z' })).toMatch(
    /^Été · 23 nov\., \d\d:10$/,
  );
});
