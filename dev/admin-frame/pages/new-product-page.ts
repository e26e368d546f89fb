import type { NewProduct, SeedImage } from '../shopify-emulator-client.ts';
import { escapeHtml } from './html.ts';

export interface NewProductPage {
  base: string;
  images: SeedImage[];
  /** What the merchant typed, shown again with the errors after a refusal. */
  values?: Partial<NewProduct>;
  errors?: string[];
}

/**
 * "Add product", as the admin's product form, reduced to what the app's rules match on: title,
 * tags, product type, vendor, and images picked from the demo store's own pictures. Saving
 * creates the product with the Admin API (`productCreate`), and Shopify then sends
 * `products/create` to the apps subscribed to it: the app's rules run on it.
 */
export function newProductPageBody({ base, images, values = {}, errors = [] }: NewProductPage) {
  const text = (name: keyof NewProduct, label: string, value = '', hint = '') => `<p class="field">
  <label for="${name}">${label}</label>
  <input id="${name}" name="${name}" type="text" value="${escapeHtml(value)}"${name === 'title' ? ' required' : ''}${hint ? ` aria-describedby="${name}-hint"` : ''}>
  ${hint ? `<span class="field-hint" id="${name}-hint">${hint}</span>` : ''}
</p>`;
  const chosen = new Set(values.imageUrls ?? []);
  const pictures = images
    .map(
      (image, index) => `<label class="image-choice">
  <input type="checkbox" name="imageUrls" value="${escapeHtml(image.url)}"${chosen.has(image.url) ? ' checked' : ''} aria-label="Image ${index + 1}: ${escapeHtml(image.alt)}">
  <img src="${escapeHtml(thumbnail(image.url))}" alt="" width="96" height="96">
</label>`,
    )
    .join('\n');
  return `<div class="page">
<p><a href="${escapeHtml(base)}/products">← Products</a></p>
<h1>Add product</h1>
${errors.length > 0 ? `<div class="form-errors" role="alert"><p>The product was not saved:</p><ul>${errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('')}</ul></div>` : ''}
<form class="card product-form" method="post" action="${escapeHtml(base)}/products/new">
${text('title', 'Title', values.title)}
${text('tags', 'Tags', values.tags?.join(', '), 'Separated by commas, e.g. summer, linen')}
${text('productType', 'Product type', values.productType)}
${text('vendor', 'Vendor', values.vendor)}
<fieldset class="image-choices">
  <legend>Images</legend>
  ${pictures}
</fieldset>
<p><button class="button button-primary" type="submit">Save</button></p>
</form>
</div>`;
}

function thumbnail(url: string): string {
  const small = new URL(url);
  small.searchParams.set('width', '192');
  return small.toString();
}

/** The form's fields as `productCreate` takes them (tags split on commas, blanks dropped). */
export function newProductFromForm(body: Record<string, unknown>): NewProduct {
  const one = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const many = (value: unknown) =>
    Array.isArray(value) ? value : value === undefined ? [] : [value];
  return {
    title: one(body['title']),
    tags: one(body['tags'])
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    productType: one(body['productType']),
    vendor: one(body['vendor']),
    imageUrls: many(body['imageUrls']).map(one).filter(Boolean),
  };
}
