/**
 * The app home's modules loaded as an admin in another language opens it (`?locale=fr-FR`; no
 * App Bridge in these tests). Files share a process (vitest.config.ts) and the app home reads its
 * language when its i18n module loads, so a file before may have loaded it in English: the
 * modules are loaded afresh here, and forgotten after (`leaveAppHome`), so no later file reads
 * that language. A `window` left behind made OpenCV's loader in a later file take Node for a
 * browser.
 */
import { vi } from 'vitest';
import type * as I18n from '../../../web/frontend/src/i18n/index.ts';

/** The app home's i18n module as an admin whose locale is `locale` opens the page. */
export async function openAppHomeIn(locale: string): Promise<typeof I18n> {
  vi.resetModules();
  vi.stubGlobal('window', { location: { search: `?locale=${locale}` } });
  const i18n = await import('../../../web/frontend/src/i18n/index.ts');
  await i18n.loadLanguage();
  return i18n;
}

export async function openAppHomeInFrench(): Promise<void> {
  await openAppHomeIn('fr-FR');
}

/**
 * The app home in French on a shop in Tokyo: the app's API answers the shop's time zone (the
 * rest 404), and the shop module has read it. `zoneLabel`: what a time on the shop's clock is
 * followed by for this reader (' UTC+9', unless this machine is in Tokyo too).
 */
export async function openTokyoShopInFrench(): Promise<{ zoneLabel: string }> {
  const zone = 'Asia/Tokyo';
  await openAppHomeInFrench();
  vi.stubGlobal('fetch', async (url: string) =>
    url === '/api/shop'
      ? new Response(JSON.stringify({ shop: 'tokyo.myshopify.com', timeZone: zone }))
      : new Response('{}', { status: 404 }),
  );
  await (await import('../../../web/frontend/src/lib/shop.ts')).shopReady();
  const readerElsewhere = new Intl.DateTimeFormat().resolvedOptions().timeZone !== zone;
  return { zoneLabel: readerElsewhere ? ' UTC+9' : '' };
}

export function leaveAppHome(): void {
  vi.unstubAllGlobals();
  vi.resetModules();
}
