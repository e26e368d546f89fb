/**
 * The app embed as a storefront renders it: the real block of extensions/experiments-embed,
 * rendered by liquidjs (a maintained engine that follows Shopify's Liquid) with the objects of
 * the page, `product` or `collection`, their metafields as Liquid reads them. Shopify leaves the
 * block's `{% schema %}` out of the page; so does this. The block's `{% render %}` finds the
 * extension's snippets, as in a theme.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Liquid } from 'liquidjs';
import type { ProductRecord } from '../store/types.ts';

const EXTENSION_DIR = fileURLToPath(
  new URL('../../../extensions/experiments-embed/', import.meta.url),
);
const BLOCK = `${EXTENSION_DIR}blocks/experiments.liquid`;
const SCHEMA = /{%-?\s*schema\s*-?%}[\s\S]*?{%-?\s*endschema\s*-?%}/;

const engine = new Liquid({ root: `${EXTENSION_DIR}snippets/`, extname: '.liquid' });

/** A metafield as a Liquid drop reads: `value` parsed for `json`, as Shopify does. */
function liquidMetafields(product: ProductRecord) {
  const byNamespace: Record<string, Record<string, { type: string; value: unknown }>> = {};
  for (const [name, field] of product.metafields ?? []) {
    const dot = name.lastIndexOf('.');
    const namespace = (byNamespace[name.slice(0, dot)] ??= {});
    namespace[name.slice(dot + 1)] = {
      type: field.type,
      value: field.type === 'json' ? JSON.parse(field.value) : field.value,
    };
  }
  return byNamespace;
}

export const liquidProduct = (product: ProductRecord) => ({
  id: product.id,
  title: product.title,
  handle: product.handle,
  metafields: liquidMetafields(product),
});

export interface EmbedScope {
  product?: ProductRecord;
  collection?: { products: ProductRecord[] };
}

/** The block's output for a page (read each time: the demo may edit the extension). */
export async function renderAppEmbed(scope: EmbedScope): Promise<string> {
  const block = (await readFile(BLOCK, 'utf8')).replace(SCHEMA, '');
  return engine.parseAndRender(block, {
    product: scope.product && liquidProduct(scope.product),
    collection: scope.collection && { products: scope.collection.products.map(liquidProduct) },
  });
}
