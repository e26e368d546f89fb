/**
 * The caption of an experiment's figures by day (experiment-wording.ts `daysCaption`) on the app
 * home of a shop in Tokyo, as a French admin reads it: the event store's days end at midnight UTC
 * (src/features/experiments/counters.ts), which the caption writes on the shop's clock, 09:00 in
 * Tokyo, as every time the app shows; never "UTC".
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type * as Wording from '../../web/frontend/src/pages/experiments/experiment-wording.ts';
import { leaveAppHome, openAppHomeInFrench } from './support/app-home-locale.ts';

const SHOP_ZONE = 'Asia/Tokyo';
/** A reader on this machine's clock reads the shop's zone named, unless the machine is in Tokyo. */
const label = new Intl.DateTimeFormat().resolvedOptions().timeZone !== SHOP_ZONE ? ' UTC+9' : '';

let wording: typeof Wording;
beforeAll(async () => {
  await openAppHomeInFrench();
  vi.stubGlobal('fetch', async (url: string) =>
    url === '/api/shop'
      ? new Response(JSON.stringify({ shop: 'tokyo.myshopify.com', timeZone: SHOP_ZONE }))
      : new Response('{}', { status: 404 }),
  );
  await (await import('../../web/frontend/src/lib/shop.ts')).shopReady();
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
