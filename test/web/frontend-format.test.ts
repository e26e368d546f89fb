/**
 * The app home's one formatter (web/frontend/src/lib/format.ts) follows the admin's locale: a
 * French admin reads French dates, numbers and plurals on every page (never "23 Nov, 22:10"
 * beside "Nov 23, 10:15 PM"); and every date is on the shop's clock, as `GET /api/shop` says it
 * (never the browser's beside the store's).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type * as Format from '../../web/frontend/src/lib/format.ts';
import { leaveAppHome, openTokyoShopInFrench } from './support/app-home-locale.ts';

let format: typeof Format;
/** After a time on the shop's clock (Tokyo, nine hours from this machine's UTC): its zone. */
let label: string;

beforeAll(async () => {
  label = (await openTokyoShopInFrench()).zoneLabel;
  format = await import('../../web/frontend/src/lib/format.ts');
});
afterAll(leaveAppHome);

test('a date and time reads the French way, on the shop’s clock, its zone named', () => {
  expect(format.formatDateTime('2026-11-23T21:10:00Z')).toBe(`24 nov. 2026, 06:10${label}`);
});

test('credits are counted in French: singular up to 1, spaces between thousands', () => {
  expect(format.formatCredits(0)).toBe('0 crédit');
  expect(format.formatCredits(1)).toBe('1 crédit');
  expect(format.formatCredits(1234)).toBe('1\u202f234 crédits');
});

test("a bulk run's name carries its start in French, on the shop’s clock", () => {
  expect(format.formatRunName({ title: 'Été', createdAt: '2026-11-23T21:10:00Z' })).toBe(
    `Été · 24 nov., 06:10${label}`,
  );
});

test('a day the shop counted says so where the reader’s day may differ', () => {
  expect(format.formatDay('2026-11-24')).toBe(label ? '24 nov., heure de la boutique' : '24 nov.');
});
