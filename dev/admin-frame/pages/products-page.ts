import type { EmulatorProduct } from '../shopify-emulator-client.ts';
import { escapeHtml } from './html.ts';

/**
 * The demo store's products, each linking to its page. Ticking rows shows the bulk actions bar
 * with the apps' selection actions (`actions`, the "More actions" menu), as the admin's index
 * table does.
 */
export function productsPageBody(
  base: string,
  products: EmulatorProduct[],
  actions: string,
): string {
  const rows = products
    .map(
      (product) => `<tr>
  <td class="select-cell"><input type="checkbox" data-select-row value="${escapeHtml(product.id)}" aria-label="Select ${escapeHtml(product.title)}"></td>
  <th scope="row"><a href="${escapeHtml(base)}/products/${product.numericId}">${escapeHtml(product.title)}</a></th>
  <td>${product.mediaCount}</td>
  <td>${escapeHtml(product.collections.map((collection) => collection.title).join(', ') || '—')}</td>
</tr>`,
    )
    .join('\n');
  return `<div class="page">
<div class="page-header"><h1>Products</h1><a class="button button-primary" href="${escapeHtml(base)}/products/new">Add product</a></div>
<p class="page-note">The demo store on the Shopify emulator. Open a product to see its media and its actions; tick products for bulk actions.</p>
<div class="card">
<div class="bulk-bar" data-bulk-bar hidden><span data-selected-count></span>${actions}</div>
<table class="table">
<thead><tr><th scope="col" class="select-cell"><input type="checkbox" data-select-all aria-label="Select all products"></th><th scope="col">Product</th><th scope="col">Media</th><th scope="col">Collections</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>
</div>`;
}
