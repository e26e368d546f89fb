/**
 * The caption of an experiment's figures by day (experiment-wording.ts `daysCaption`) on the app
 * home of a shop in Tokyo, as a French admin reads it: the event store's days end at midnight UTC
 * (src/features/experiments/counters.ts), which the caption writes on the shop's clock, 09:00 in
 * Tokyo, as every time the app shows; never "UTC".
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type * as Wording from '../../web/frontend/src/pages/experiments/experiment-wording.ts';
import { leaveAppHome, openTokyoShopInFrench } from './support/app-home-locale.ts';

let label: string;
let wording: typeof Wording;
beforeAll(async () => {
  label = (await openTokyoShopInFrench()).zoneLabel;
  wording = await import('../../web/frontend/src/pages/experiments/experiment-wording.ts');
});
afterAll(leaveAppHome);

test('each day ends at 09:00 on a Tokyo shop’s clock, in French', () => {
  expect(wording.daysCaption('add_to_cart', '2026-11-22')).toBe(
    `Taux d’ajout au panier du début à la fin de chaque jour (les jours finissent à 09:00${label}, heure de la boutique), avec son intervalle.`,
  );
});

test('before its first complete day, the boundary of today', () => {
  const caption = wording.daysCaption('add_to_cart', undefined, Date.parse('2026-11-30T09:30:00Z'));
  expect(caption).toContain(`à 09:00${label}, heure de la boutique`);
  expect(caption).not.toContain('UTC)');
});
