import { escapeHtml } from './html.ts';

/** One product's media: the emulator's own page (it refreshes while media process), framed. */
export function productPageBody(base: string, title: string, emulatorPageUrl: string): string {
  return `<div class="page page-full">
<p><a href="${escapeHtml(base)}/products">← Products</a></p>
<h1>${escapeHtml(title)}</h1>
<p class="page-note">Media as the Shopify emulator holds it. <a href="${escapeHtml(emulatorPageUrl)}" target="_blank" rel="noopener">Open on the emulator ↗</a></p>
<iframe class="product-frame" title="Media of ${escapeHtml(title)}" src="${escapeHtml(emulatorPageUrl)}"></iframe>
</div>`;
}
