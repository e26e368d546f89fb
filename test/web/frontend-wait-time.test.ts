/**
 * A generation waiting out its ProductAI account's rate limit, on the app home of a shop in
 * Tokyo (nine hours from this machine's UTC), as a French admin reads it: the reason the
 * Generate page's steps and Activity's rows show (storedText) says when its result is read again
 * on the shop's clock, in French, as every date the app shows (lib/format.ts), from the instant
 * the server sends (generation-view.ts), never the server's UTC.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { toGenerationView } from '../../src/pipeline/generations/generation-view.ts';
import type * as CodedText from '../../web/frontend/src/i18n/coded-text.ts';
import {
  rateLimited,
  savingThroughOutage,
  sendLimited,
} from '../support/rate-limited-generation.ts';
import { leaveAppHome, openAppHomeInFrench } from './support/app-home-locale.ts';

const SHOP_ZONE = 'Asia/Tokyo';
/** A reader on this machine's clock reads the shop's zone named, unless the machine is in Tokyo. */
const readerElsewhere = new Intl.DateTimeFormat().resolvedOptions().timeZone !== SHOP_ZONE;

let coded: typeof CodedText;
beforeAll(async () => {
  await openAppHomeInFrench();
  // The app's API, as far as the shop's clock goes.
  vi.stubGlobal('fetch', async (url: string) =>
    url === '/api/shop'
      ? new Response(JSON.stringify({ shop: 'tokyo.myshopify.com', timeZone: SHOP_ZONE }))
      : new Response('{}', { status: 404 }),
  );
  await (await import('../../web/frontend/src/lib/shop.ts')).shopReady();
  coded = await import('../../web/frontend/src/i18n/coded-text.ts');
});
afterAll(leaveAppHome);

test('read again by 14:06 UTC reads 23:06 on a Tokyo shop’s clock, in French', () => {
  // Read again by 14:05:07Z at the latest: by 14:06 UTC.
  const { reason, reasonText } = toGenerationView(rateLimited());
  expect(coded.storedText(reasonText, reason!)).toBe(
    `ProductAI limite les requêtes de ce compte — le résultat est relu au plus tard à 23:06${readerElsewhere ? ' UTC+9' : ''}.`,
  );
});

test('a request ProductAI’s limit refused, back in line, says it is ProductAI’s limit until 23:05 on the shop’s clock', () => {
  // The shared limit gives slots out again at 14:05:07Z: 23:05 in Tokyo.
  const { reason, reasonText, waitingFor } = toGenerationView(sendLimited());
  expect(waitingFor).toBe('productai');
  expect(coded.storedText(reasonText, reason!)).toBe(
    `ProductAI limite les requêtes de l’app jusqu’à 23:05${readerElsewhere ? ' UTC+9' : ''} — celle-ci est envoyée ensuite, à son tour ; rien n’a été facturé.`,
  );
});

test('a Shopify outage’s wait says the app keeps trying until 03:05 on the shop’s clock', () => {
  // Begun at 12:05Z, the 6 h ceiling at 18:05Z: 03:05 the next morning in Tokyo.
  const { reason, reasonText } = toGenerationView(savingThroughOutage());
  expect(coded.storedText(reasonText, reason!)).toBe(
    `En attente du retour de Shopify — enregistré dès qu’il répond. L’app réessaie jusqu’à 03:05${readerElsewhere ? ' UTC+9' : ''}.`,
  );
});
