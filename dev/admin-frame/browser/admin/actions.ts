/**
 * The apps' actions on the demo admin's pages, as Shopify's admin offers them: the "More
 * actions" menus (product page, collection page), the product list's bulk actions bar (shown
 * while rows are ticked), and the modal an action opens in: the extension's own page (its real
 * bundle) in an iframe, closed when the extension calls `shopify.close()`, and left for the
 * app's page when the extension follows an `app:` link.
 */
import { EXTENSION_MESSAGE_SOURCE, type ExtensionMessage } from '../extension-host/protocol.ts';
import { openAppLink } from './app-page-link.ts';

export interface ActionsOptions {
  base: string;
  /** Called after an action's modal closed (the product page then watches its media). */
  onClosed?: () => void;
}

function openModal(src: string, label: string, options: ActionsOptions): void {
  const dialog = document.createElement('dialog');
  dialog.className = 'action-modal';
  dialog.setAttribute('aria-label', label);
  const frame = document.createElement('iframe');
  frame.title = label;
  frame.src = src;
  dialog.append(frame);
  document.body.append(dialog);

  const onMessage = (event: MessageEvent<ExtensionMessage>) => {
    if (event.source !== frame.contentWindow || event.data?.source !== EXTENSION_MESSAGE_SOURCE)
      return;
    if (event.data.kind === 'close') dialog.close();
    else if (event.data.kind === 'navigate') openAppLink(options.base, event.data.href);
  };
  window.addEventListener('message', onMessage);
  dialog.addEventListener('close', () => {
    window.removeEventListener('message', onMessage);
    dialog.remove();
    options.onClosed?.();
  });
  dialog.showModal();
}

/** The ids an action opens on: the menu's own (`data-selected`) or the ticked rows'. */
function selectedIds(menu: HTMLElement): string[] {
  if (menu.dataset.selected !== undefined) return menu.dataset.selected.split(',');
  return [...document.querySelectorAll<HTMLInputElement>('input[data-select-row]:checked')].map(
    (box) => box.value,
  );
}

function wireMenu(menu: HTMLElement, options: ActionsOptions): void {
  const toggle = menu.querySelector<HTMLButtonElement>('[data-menu-toggle]')!;
  const list = menu.querySelector<HTMLElement>('[role="menu"]')!;
  const setOpen = (open: boolean) => {
    list.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (open) list.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  };
  // `hidden` is true or 'until-found' while the menu is closed, false once it is open.
  toggle.addEventListener('click', () => setOpen(list.hidden !== false));
  document.addEventListener('click', (event) => {
    if (!menu.contains(event.target as Node)) setOpen(false);
  });
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      setOpen(false);
      toggle.focus();
    }
  });
  for (const item of list.querySelectorAll<HTMLButtonElement>('[data-extension]')) {
    item.addEventListener('click', () => {
      setOpen(false);
      const ids = selectedIds(menu);
      const src = `${options.base}/extensions/${item.dataset.extension}?selected=${encodeURIComponent(ids.join(','))}`;
      openModal(src, item.textContent ?? 'App action', options);
    });
  }
}

/** The product list: ticking rows shows the bulk actions bar with how many are selected. */
function wireSelection(bar: HTMLElement): void {
  const rows = [...document.querySelectorAll<HTMLInputElement>('input[data-select-row]')];
  const all = document.querySelector<HTMLInputElement>('input[data-select-all]');
  const count = bar.querySelector<HTMLElement>('[data-selected-count]')!;
  const refresh = () => {
    const ticked = rows.filter((row) => row.checked).length;
    bar.hidden = ticked === 0;
    count.textContent = `${ticked} selected`;
    if (all) {
      all.checked = ticked === rows.length;
      all.indeterminate = ticked > 0 && ticked < rows.length;
    }
  };
  for (const row of rows) row.addEventListener('change', refresh);
  all?.addEventListener('change', () => {
    for (const row of rows) row.checked = all.checked;
    refresh();
  });
  refresh();
}

export function wireActions(options: ActionsOptions): void {
  for (const menu of document.querySelectorAll<HTMLElement>('[data-actions-menu]'))
    wireMenu(menu, options);
  const bar = document.querySelector<HTMLElement>('[data-bulk-bar]');
  if (bar) wireSelection(bar);
}
