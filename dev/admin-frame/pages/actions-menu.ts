import type { AdminExtension } from '../extensions.ts';
import { escapeHtml } from './html.ts';

/**
 * The admin's "More actions" menu with the apps' actions for this page, as Shopify lists them
 * (under the app's name). `selected` are the resource ids the action opens on; without them the
 * page's script takes the ids of the ticked rows (the product list's bulk actions).
 */
export function actionsMenu(
  appName: string,
  actions: AdminExtension[],
  selected?: string[],
): string {
  if (actions.length === 0) return '';
  const items = actions
    .map(
      (action) =>
        `<button type="button" role="menuitem" class="menu-item" data-extension="${escapeHtml(action.folder)}">${escapeHtml(action.name)}</button>`,
    )
    .join('');
  const selection = selected ? ` data-selected="${escapeHtml(selected.join(','))}"` : '';
  return `<div class="actions-menu" data-actions-menu${selection}>
<button type="button" class="button" aria-haspopup="menu" aria-expanded="false" data-menu-toggle>More actions <span aria-hidden="true">▾</span></button>
<div class="menu" role="menu" aria-label="More actions" hidden>
<p class="menu-heading">${escapeHtml(appName)}</p>
${items}
</div>
</div>`;
}
