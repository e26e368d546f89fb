import type { EmulatorCollection } from '../resources.ts';
import type { EmulatorProduct } from '../shopify-emulator-client.ts';
import { escapeHtml } from './html.ts';

/** The demo store's collections with their product counts, each linking to its page. */
export function collectionsPageBody(base: string, collections: EmulatorCollection[]): string {
  const rows = collections
    .map(
      (collection) => `<tr>
  <th scope="row"><a href="${escapeHtml(base)}/collections/${collection.numericId}">${escapeHtml(collection.title)}</a></th>
  <td>${collection.productsCount}</td>
</tr>`,
    )
    .join('\n');
  return `<div class="page">
<h1>Collections</h1>
<p class="page-note">Open a collection for its actions.</p>
<div class="card"><table class="table">
<thead><tr><th scope="col">Collection</th><th scope="col">Products</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>
</div>`;
}

/** One collection: its title with the "More actions" menu (`actions`), and its products. */
export function collectionPageBody(
  base: string,
  collection: EmulatorCollection,
  products: EmulatorProduct[],
  actions: string,
): string {
  const rows = products
    .map(
      (product) =>
        `<li><a href="${escapeHtml(base)}/products/${product.numericId}">${escapeHtml(product.title)}</a></li>`,
    )
    .join('\n');
  return `<div class="page">
<p><a href="${escapeHtml(base)}/collections">← Collections</a></p>
<div class="page-header"><h1>${escapeHtml(collection.title)}</h1>${actions}</div>
<p class="page-note">${collection.productsCount} products</p>
<div class="card"><ul class="collection-products">${rows}</ul></div>
</div>`;
}
