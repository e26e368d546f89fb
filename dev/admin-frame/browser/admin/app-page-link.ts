/**
 * Where the admin takes an extension's `app:` link: `app:activity?generation=1` opens the app's
 * /activity?generation=1, framed by the admin.
 */
export function openAppLink(base: string, href: string): void {
  const path = `/${href.slice('app:'.length).replace(/^\//, '')}`;
  window.location.assign(`${base}/?path=${encodeURIComponent(path)}`);
}
