/**
 * The admin frame page's script: the sidebar with the app's menu; on the app's page, the
 * admin's half of App Bridge (session tokens, the resource picker, toasts, the save bar, the
 * loading bar, `shopify://admin` links); on the product and collection pages, the apps' actions
 * (and on the product page, their blocks).
 */
import { wireActions } from './actions.ts';
import { wireBlocks } from './blocks.ts';
import { readConfig } from './config.ts';
import { hostApp } from './host.ts';
import { createAppNav } from './nav.ts';
import { createPicker } from './picker.ts';
import { createSaveBar, type SaveBarView } from './save-bar.ts';
import { createToasts } from './toasts.ts';
import { watchProductMedia } from './media-watch.ts';

const config = readConfig();
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const nav = createAppNav(byId('app-nav'), byId<HTMLAnchorElement>('app-home-link'), config.base);
const toasts = createToasts(byId('toasts'));

byId('menu-toggle').addEventListener('click', (event) => {
  const sidebar = byId('sidebar');
  const open = sidebar.toggleAttribute('data-open');
  (event.currentTarget as HTMLElement).setAttribute('aria-expanded', String(open));
});

async function sessionToken(): Promise<string> {
  const response = await fetch(`${config.base}/session-token`, { method: 'POST' });
  if (!response.ok) throw new Error(`No session token (${response.status})`);
  return ((await response.json()) as { token: string }).token;
}

const mediaFrame = document.getElementById('product-media') as HTMLIFrameElement | null;
wireActions({
  base: config.base,
  onClosed: mediaFrame
    ? watchProductMedia(mediaFrame, `${window.location.pathname}/media.json`)
    : undefined,
});
wireBlocks(config.base);

function openAdminPath(path: string): void {
  if (/^\/(products|collections)(\/\d+)?\/?$/.test(path))
    window.location.assign(`${config.base}${path}`);
  else
    toasts.show({
      id: `nav-${Date.now()}`,
      message: `The demo admin has no page for ${path}`,
      isError: true,
      duration: 5000,
    });
}

const frame = document.getElementById('app-frame') as HTMLIFrameElement | null;
let saveBar: SaveBarView | undefined;

if (frame) {
  const loadingBar = byId('loading-bar');
  const pick = createPicker(config.base);
  const host = hostApp(
    frame,
    config.appOrigin,
    { idToken: sessionToken, resourcePicker: pick },
    {
      ready: ({ path }) => nav.setCurrent(path),
      location: ({ path }) => {
        nav.setCurrent(path);
        window.history.replaceState(null, '', nav.hrefFor(path));
      },
      'navMenu.set': ({ items }) => nav.setItems(items),
      'toast.show': (toast) => toasts.show(toast),
      'toast.hide': (toast) => toasts.hide(toast),
      'saveBar.show': (state) => saveBar?.show(state),
      'saveBar.hide': ({ id }) => saveBar?.hide(id),
      loading: ({ on }) => {
        loadingBar.hidden = !on;
      },
      adminNavigate: ({ path }) => openAdminPath(path),
    },
  );
  saveBar = createSaveBar(byId('save-bar'), (id, action) =>
    host.send('saveBar.action', { id, action }),
  );
  frame.src = frame.dataset.src!;

  // The app's menu routes inside the running app instead of reloading it.
  byId('sidebar').addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-app-href]');
    if (!link || event.defaultPrevented || saveBar?.isOpen()) return;
    event.preventDefault();
    host.send('navigate', { href: link.dataset.appHref! });
  });
}

// As in the admin: with unsaved changes, leaving the page is blocked and the save bar nudged.
document.addEventListener(
  'click',
  (event) => {
    const link = (event.target as Element).closest('a[href]');
    if (!link || !saveBar?.isOpen()) return;
    event.preventDefault();
    event.stopPropagation();
    saveBar.nudge();
  },
  true,
);
