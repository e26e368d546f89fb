/**
 * A generation waiting out its ProductAI account's rate limit, on the app home of a shop in
 * Tokyo (nine hours from this machine's UTC), as a French admin reads it: the reason the
 * Generate page's steps and Activity's rows show (storedText) says when its result is read again
 * on the shop's clock, in French, as every date the app shows (lib/format.ts), from the instant
 * the server sends (generation-view.ts), never the server's UTC.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { toGenerationView } from '../../src/pipeline/generations/generation-view.ts';
import type * as CodedText from '../../web/frontend/src/i18n/coded-text.ts';
import {
  rateLimited,
  savingThroughOutage,
  sendLimited,
} from '../support/rate-limited-generation.ts';
import { leaveAppHome, openTokyoShopInFrench } from './support/app-home-locale.ts';

let label: string;
let coded: typeof CodedText;
beforeAll(async () => {
  label = (await openTokyoShopInFrench()).zoneLabel;
  coded = await import('../../web/frontend/src/i18n/coded-text.ts');
});
afterAll(leaveAppHome);

test('read again by 14:06 UTC reads 23:06 on a Tokyo shop’s clock, in French', () => {
  // Read again by 14:05:07Z at the latest: by 14:06 UTC.
  const { reason, reasonText } = toGenerationView(rateLimited());
  expect(coded.storedText(reasonText, reason!)).toBe(
    `ProductAI limite les requêtes de ce compte — le résultat est relu au plus tard à 23:06${label}.`,
  );
});

test('a request ProductAI’s limit refused, back in line, says it is ProductAI’s limit until 23:05 on the shop’s clock', () => {
  // The shared limit gives slots out again at 14:05:07Z: 23:05 in Tokyo.
  const { reason, reasonText, waitingFor } = toGenerationView(sendLimited());
  expect(waitingFor).toBe('productai');
  expect(coded.storedText(reasonText, reason!)).toBe(
    `ProductAI limite les requêtes de l’app jusqu’à 23:05${label} — celle-ci est envoyée ensuite, à son tour ; rien n’a été facturé.`,
  );
});

test('a Shopify outage’s wait says the app keeps trying until 03:05 on the shop’s clock', () => {
  // Begun at 12:05Z, the 6 h ceiling at 18:05Z: 03:05 the next morning in Tokyo.
  const { reason, reasonText } = toGenerationView(savingThroughOutage());
  expect(coded.storedText(reasonText, reason!)).toBe(
    `En attente du retour de Shopify — enregistré dès qu’il répond. L’app réessaie jusqu’à 03:05${label}.`,
  );
});
