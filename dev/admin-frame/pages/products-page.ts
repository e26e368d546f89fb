import type { EmulatorProduct } from '../shopify-emulator-client.ts';
import { escapeHtml } from './html.ts';

/** The demo store's products, each linking to its media as the emulator holds it. */
export function productsPageBody(base: string, products: EmulatorProduct[]): string {
  const rows = products
    .map(
      (product) => `<tr>
  <th scope="row"><a href="${escapeHtml(base)}/products/${product.numericId}">${escapeHtml(product.title)}</a></th>
  <td>${product.mediaCount}</td>
  <td>${escapeHtml(product.collections.map((collection) => collection.title).join(', ') || '—')}</td>
</tr>`,
    )
    .join('\n');
  return `<div class="page">
<h1>Products</h1>
<p class="page-note">The demo store on the Shopify emulator. Open a product to see its media: what the app adds appears there.</p>
<div class="card"><table class="table">
<thead><tr><th scope="col">Product</th><th scope="col">Media</th><th scope="col">Collections</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>
</div>`;
}
