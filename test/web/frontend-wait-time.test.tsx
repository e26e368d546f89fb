/**
 * A generation waiting out its ProductAI account's rate limit, on the app home of a shop in
 * Tokyo (nine hours from this machine's UTC): the Generate page's steps and Activity's row say
 * when its result is read again on the shop's clock, in the admin's language, as every date the
 * app shows (lib/format.ts), from the instant the server sends (generation-view.ts).
 */
import { AppProvider } from '@shopify/polaris';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { toGenerationView } from '../../src/pipeline/generations/generation-view.ts';
import type * as CodedText from '../../web/frontend/src/i18n/coded-text.ts';
import type * as I18n from '../../web/frontend/src/i18n/index.ts';
import type * as Progress from '../../web/frontend/src/pages/generate/GenerationProgress.tsx';
import { rateLimited } from '../support/rate-limited-generation.ts';
import { leaveAppHome, openAppHomeInFrench } from './support/app-home-locale.ts';

const SHOP_ZONE = 'Asia/Tokyo';
/** A reader on this machine's clock reads the shop's zone named, unless the machine is in Tokyo. */
const readerElsewhere = new Intl.DateTimeFormat().resolvedOptions().timeZone !== SHOP_ZONE;
const label = readerElsewhere ? ' UTC+9' : '';

let i18n: typeof I18n;
let coded: typeof CodedText;
let progress: typeof Progress;
beforeAll(async () => {
  await openAppHomeInFrench();
  // The app's API, as far as the shop's clock goes.
  vi.stubGlobal('fetch', async (url: string) =>
    url === '/api/shop'
      ? new Response(JSON.stringify({ shop: 'tokyo.myshopify.com', timeZone: SHOP_ZONE }))
      : new Response('{}', { status: 404 }),
  );
  await (await import('../../web/frontend/src/lib/shop.ts')).shopReady();
  i18n = await import('../../web/frontend/src/i18n/index.ts');
  coded = await import('../../web/frontend/src/i18n/coded-text.ts');
  progress = await import('../../web/frontend/src/pages/generate/GenerationProgress.tsx');
});
afterAll(leaveAppHome);

/** Read again by 14:05:07Z at the latest: 14:06 in UTC, 23:06 in Tokyo. */
const view = () => toGenerationView(rateLimited());

const FRENCH = `ProductAI limite les requêtes de ce compte — le résultat est relu au plus tard à 23:06${label}.`;

test('the reason reads the time on the shop’s clock, in French', () => {
  const { reason, reasonText } = view();
  expect(coded.storedText(reasonText, reason!)).toBe(FRENCH);
});

test('the Generate page’s steps say it in the banner under them', () => {
  const { GenerationProgress } = progress;
  const html = renderToStaticMarkup(
    <AppProvider i18n={i18n.polarisTranslations}>
      <GenerationProgress initial={view()} onDone={() => {}} onReplaced={() => {}} />
    </AppProvider>,
  );
  const text = html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'");
  expect(text).toContain(FRENCH);
  expect(text).not.toContain('14:06');
});
