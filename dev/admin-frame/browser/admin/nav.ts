import type { NavItem } from '../protocol.ts';

const STORAGE_KEY = 'admin-frame:app-nav';

/**
 * The app's menu in the sidebar, from its `<ui-nav-menu>`: the home link is the app's name,
 * the others sit under it. Remembered for the admin's other pages (the app is not loaded there).
 */
export function createAppNav(list: HTMLElement, appLink: HTMLAnchorElement, base: string) {
  let items: NavItem[] = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as NavItem[];
  let current: string | null = null;

  const hrefFor = (path: string) => `${base}/?path=${encodeURIComponent(path)}`;

  const render = () => {
    const pathOnly = current?.split('?')[0] ?? null;
    appLink.toggleAttribute('aria-current', pathOnly === '/');
    list.replaceChildren(
      ...items
        .filter((item) => !item.home)
        .map((item) => {
          const link = document.createElement('a');
          link.href = hrefFor(item.href);
          link.textContent = item.label;
          link.dataset.appHref = item.href;
          if (pathOnly === item.href) link.setAttribute('aria-current', 'page');
          const entry = document.createElement('li');
          entry.append(link);
          return entry;
        }),
    );
  };
  render();

  return {
    setItems(next: NavItem[]) {
      if (next.length === 0) return; // the app is between pages; keep the last menu
      items = next;
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(items));
      render();
    },
    setCurrent(path: string) {
      current = path;
      render();
    },
    hrefFor,
  };
}
