/**
 * The href a link of the app home may carry, or null when the URL must not be a link. Links
 * show URLs the app does not write itself (a result's URL from ProductAI, data from the API):
 * a `javascript:` URL would run in the app's frame with the merchant's session, and an http
 * one would send the merchant off the admin's https to a page anyone on the way can change.
 * So a link goes only to
 * - a path of the app itself (`/activity?…`), routed in the page;
 * - an admin page through App Bridge (`shopify://admin/…`);
 * - an https URL.
 * Anything else is left as plain content (the thumbnail stays, the link goes).
 */
const THIS_APP = 'https://app.invalid';

export function linkHref(url: string): string | null {
  const absolute = parse(url);
  if (absolute) {
    if (absolute.protocol === 'https:') return absolute.href;
    if (absolute.protocol === 'shopify:' && absolute.host === 'admin') return url;
    return null;
  }
  // Relative: resolved as the browser will follow it, since `//host`, `/\host` and a tab inside
  // a "path" all leave the app.
  const resolved = parse(url, THIS_APP);
  return resolved?.origin === THIS_APP && url.startsWith('/') ? url : null;
}

function parse(url: string, base?: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}
