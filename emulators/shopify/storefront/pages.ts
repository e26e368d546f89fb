/**
 * The storefront's pages, a minimal theme: a product page (its featured image, add to cart, buy
 * it now), a collection grid, and a checkout's thank-you page. Each head has what Shopify puts
 * there (the page's config, then host.js: the Customer Privacy API and the analytics stand-in)
 * and, on theme pages, the app embed's output. Images carry their width and height, as themes
 * do, so their boxes are laid out before they load.
 */
import type { StorefrontConfig } from './browser/host.ts';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** JSON safe inside a <script> or an attribute. */
const safeJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/'/g, '\\u0027');

export interface ShownImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageProduct {
  id: number;
  title: string;
  handle: string;
  price: string;
  image: ShownImage | null;
}

/** A CDN URL at a width, as themes ask Shopify's CDN (`&width=`). */
const sized = (url: string, width: number) => {
  const sizedUrl = new URL(url);
  sizedUrl.searchParams.set('width', String(width));
  return sizedUrl.toString();
};

function image(shown: ShownImage | null, widths: number[], sizes: string, extra = ''): string {
  if (!shown) return '<div class="placeholder"></div>';
  const srcset = widths.map((width) => `${sized(shown.url, width)} ${width}w`).join(', ');
  return `<img src="${escapeHtml(sized(shown.url, widths.at(-1)!))}" srcset="${escapeHtml(srcset)}" sizes="${sizes}" width="${shown.width}" height="${shown.height}" alt="${escapeHtml(shown.alt)}"${extra}>`;
}

function layout(title: string, config: StorefrontConfig, embed: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<script>window.__storefrontConfig = ${safeJson(config)};</script>
<script src="/storefront/assets/host.js"></script>
<style>
body { font-family: system-ui, sans-serif; margin: 0; color: #202223; }
main { max-width: 960px; margin: 0 auto; padding: 16px; }
img { max-width: 100%; height: auto; display: block; background: #f1f1f1; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 16px; }
.card a { color: inherit; text-decoration: none; }
.placeholder { aspect-ratio: 1; background: #eee; }
</style>
${embed}
</head>
<body><main>${body}</main></body></html>`;
}

export function productPage(
  product: PageProduct,
  config: StorefrontConfig,
  embed: string,
  checkoutUrl: string,
): string {
  const productData = { id: String(product.id), title: product.title };
  const added = {
    name: 'product_added_to_cart',
    data: {
      cartLine: {
        quantity: 1,
        cost: { totalAmount: { amount: Number(product.price) } },
        merchandise: { price: { amount: Number(product.price) }, product: productData },
      },
    },
  };
  return layout(
    product.title,
    config,
    embed,
    `${image(product.image, [400, 800], '(max-width: 832px) 100vw, 800px', ' class="featured" elementtiming="featured" fetchpriority="high"')}
<h1>${escapeHtml(product.title)}</h1>
<p class="price">${escapeHtml(product.price)}</p>
<button type="button" id="add-to-cart" data-publish='${safeJson(added)}'>Add to cart</button>
<a id="buy-now" href="${escapeHtml(checkoutUrl)}">Buy it now</a>`,
  );
}

export function collectionPage(
  title: string,
  products: PageProduct[],
  config: StorefrontConfig,
  embed: string,
  productUrl: (product: PageProduct) => string,
): string {
  const cards = products
    .map(
      (
        product,
      ) => `<div class="card" data-product="${product.id}"><a href="${escapeHtml(productUrl(product))}">
${image(product.image, [200, 400], '(max-width: 480px) 50vw, 240px', ` elementtiming="card-${product.id}"`)}
<h2>${escapeHtml(product.title)}</h2></a></div>`,
    )
    .join('\n');
  return layout(
    title,
    config,
    embed,
    `<h1>${escapeHtml(title)}</h1>\n<div class="grid">${cards}</div>`,
  );
}

/** The thank-you page: checkout's pages run pixels but no theme app embed. */
export function thankYouPage(config: StorefrontConfig): string {
  return layout('Thank you', config, '', '<h1>Thank you for your order</h1>');
}
