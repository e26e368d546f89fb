import { escapeHtml } from './html.ts';

export interface AppFrameSource {
  appUrl: string;
  /** The app path to open, e.g. `/settings` (may carry its own query). */
  path: string;
  shop: string;
  /** What the admin passes as `host`: base64 of `<admin host>/store/<shop name>`. */
  host: string;
  /** The admin user's language (BCP 47), which the admin passes as `locale`. */
  locale: string;
}

/**
 * The app's URL as the admin frames it: `?shop=…&host=…&embedded=1&locale=…` added to the app
 * path (App Bridge reads `locale` into `shopify.config.locale`).
 */
export function appFrameUrl({ appUrl, path, shop, host, locale }: AppFrameSource): string {
  const url = new URL(path.startsWith('/') ? path : `/${path}`, appUrl);
  url.searchParams.set('shop', shop);
  url.searchParams.set('host', host);
  url.searchParams.set('embedded', '1');
  url.searchParams.set('locale', locale);
  return url.toString();
}

/**
 * The iframe gets its `src` from the page's script once it listens to the app: a fast-loading
 * app must not post its first messages (its session-token request) to nobody.
 */
export function appPageBody(source: AppFrameSource, appName: string): string {
  return `<iframe id="app-frame" class="app-frame" title="${escapeHtml(appName)}" data-src="${escapeHtml(appFrameUrl(source))}" allow="clipboard-write"></iframe>`;
}
