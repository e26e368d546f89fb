/**
 * An extension calls the app with root-relative paths (`/api/…`); the admin resolves them against
 * the app's URL and adds a session token. Here the shop's admin page does the second part (its
 * `/api` forwards with the shop's token), so a root-relative URL is resolved against that admin
 * (`<frame origin>/store/<shop>` for any shop but the demo's, which is at the root).
 */
export function resolveAppFetches(adminBase: string): void {
  const fetchFromPage = window.fetch.bind(window);
  window.fetch = (input, init) =>
    fetchFromPage(
      typeof input === 'string' && input.startsWith('/') ? `${adminBase}${input}` : input,
      init,
    );
}
