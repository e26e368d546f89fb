import { escapeHtml } from './html.ts';

export interface ProductPage {
  base: string;
  title: string;
  emulatorPageUrl: string;
  /** The "More actions" menu (actions-menu.ts). */
  actions: string;
  /** The apps' blocks, below the media (blocks.ts). */
  blocks: string;
}

/**
 * One product: its title with the "More actions" menu (the apps' product actions), and its media
 * as the emulator holds it (the emulator's own page, framed; the page's script reloads it when
 * the media change, e.g. when an action's photo is published), then the apps' blocks.
 */
export function productPageBody({
  base,
  title,
  emulatorPageUrl,
  actions,
  blocks,
}: ProductPage): string {
  return `<div class="page page-full">
<p><a href="${escapeHtml(base)}/products">← Products</a></p>
<div class="page-header"><h1>${escapeHtml(title)}</h1>${actions}</div>
<p class="page-note">Media as the Shopify emulator holds it. <a href="${escapeHtml(emulatorPageUrl)}" target="_blank" rel="noopener">Open on the emulator ↗</a></p>
<iframe id="product-media" class="product-frame" title="Media of ${escapeHtml(title)}" src="${escapeHtml(emulatorPageUrl)}"></iframe>
${blocks}
</div>`;
}
