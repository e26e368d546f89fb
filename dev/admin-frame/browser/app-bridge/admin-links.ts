import type { Channel } from './channel.ts';

const ADMIN_LINK = /^shopify:(?:\/\/)?admin(\/.*)?$/;

/** `<a href="shopify://admin/products/1">` opens that admin page, as App Bridge does. */
export function handleAdminLinks(channel: Channel): void {
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      const match = link?.getAttribute('href')?.match(ADMIN_LINK);
      if (!match) return;
      event.preventDefault();
      channel.notify('adminNavigate', { path: match[1] ?? '/' });
    },
    true,
  );
}
