/**
 * The emulator's storefront (README.md beside this file): a seeded shop's product and collection
 * pages with the app embed on, a checkout's thank-you page, their scripts, and two control
 * routes for what the app writes through the Admin API (the product metafield the embed reads,
 * the web pixel's settings):
 *
 *   GET /storefront/<shop>/products/<handle>            the product page
 *   GET /storefront/<shop>/collections/<handle>         the collection's grid (its first 24)
 *   GET /storefront/<shop>/checkouts/<order>/thank-you?product=<id>&amount=<n>
 *   GET /storefront/assets/<host|pixel-sandbox|experiments-pixel>.js
 *   PUT /__emulator/shops/<shop>/products/<id>/metafields  {namespace, key, type, value|null}
 *   PUT /__emulator/shops/<shop>/web-pixel                 {settings}
 *
 * The visitor's choices, `?consent=given|refused` (given by default, as where no banner is
 * shown) and `?duplicates=1` (every event delivered and every beacon sent twice), are kept in
 * cookies for the next pages, as a consent banner's choice is. `?consentApiMs=<n>` delays the
 * Customer Privacy API by n ms more after the page's load (a slow network), for that page.
 */
import { randomInt } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { describeFile } from '../control/describe.ts';
import type { EmulatorContext } from '../emulator-context.ts';
import { productMedia, productMetafields } from '../store/emulator-store.ts';
import type { ProductRecord, ShopRecord } from '../store/types.ts';
import { renderAppEmbed } from './app-embed.ts';
import type { StorefrontConfig } from './browser/host.ts';
import { collectionPage, productPage, thankYouPage, type PageProduct } from './pages.ts';
import { storefrontScript } from './scripts.ts';

const GRID_SIZE = 24;

/** A choice from the query (kept in a cookie) or from the cookie. */
function choice(req: Request, res: Response, name: string): string | undefined {
  const asked = req.query[name];
  if (typeof asked === 'string') {
    res.cookie(`storefront_${name}`, asked, { path: '/storefront' });
    return asked;
  }
  const cookie = /(?:^|;\s*)storefront_(\w+)=([^;]*)/g;
  for (const [, key, value] of (req.headers.cookie ?? '').matchAll(cookie))
    if (key === name) return decodeURIComponent(value!);
  return undefined;
}

export function storefrontRouter(emu: EmulatorContext): Router {
  const router = express.Router();

  const pageProduct = (shop: ShopRecord, product: ProductRecord): PageProduct => {
    const featured = productMedia(shop, product)
      .map((file) => describeFile(emu, shop, file))
      .find((file) => file.url && file.type === 'MediaImage');
    return {
      id: product.id,
      title: product.title,
      handle: product.handle,
      price: product.variants[0]?.price ?? '0.00',
      image: featured?.url
        ? { url: featured.url, width: featured.width!, height: featured.height!, alt: featured.alt }
        : null,
    };
  };

  const config = (req: Request, res: Response, shop: ShopRecord): StorefrontConfig => {
    const settings = shop.webPixel?.settings;
    return {
      consent: choice(req, res, 'consent') !== 'refused',
      consentApiMs: Number(req.query['consentApiMs'] ?? 0) || 0,
      pixelSandbox: settings
        ? `/storefront/assets/pixel-sandbox.js?${new URLSearchParams({ settings, bundle: '/storefront/assets/experiments-pixel.js' })}`
        : null,
      duplicates: choice(req, res, 'duplicates') === '1',
      events: [],
    };
  };

  const shopOr404 = (req: Request, res: Response) => {
    const shop = emu.store.shop(String(req.params['shop']));
    if (!shop) res.status(404).type('text/plain').send('Unknown shop');
    return shop;
  };

  router.get('/storefront/assets/:name', async (req, res) => {
    const script = storefrontScript(req.params.name);
    if (!script) {
      res.status(404).type('text/plain').send('Unknown script');
      return;
    }
    res.type('text/javascript').send(await script);
  });

  router.get('/storefront/:shop/products/:handle', async (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    const product = [...shop.products.values()].find((p) => p.handle === req.params.handle);
    if (!product) {
      res.status(404).type('text/plain').send('Unknown product');
      return;
    }
    const shown = pageProduct(shop, product);
    const page = config(req, res, shop);
    page.events.push({
      name: 'product_viewed',
      data: {
        productVariant: {
          price: { amount: Number(shown.price) },
          product: { id: String(product.id), title: product.title },
        },
      },
    });
    const order = randomInt(1, 2 ** 47);
    const checkout = `/storefront/${shop.domain}/checkouts/${order}/thank-you?${new URLSearchParams({ product: String(product.id), amount: shown.price })}`;
    const embed = await renderAppEmbed({ product });
    res.type('html').send(productPage(shown, page, embed, checkout));
  });

  router.get('/storefront/:shop/collections/:handle', async (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    const collection = [...shop.collections.values()].find((c) => c.handle === req.params.handle);
    if (!collection) {
      res.status(404).type('text/plain').send('Unknown collection');
      return;
    }
    const products = collection.productIds
      .slice(0, GRID_SIZE)
      .flatMap((id) => shop.products.get(id) ?? []);
    const embed = await renderAppEmbed({ collection: { products } });
    res.type('html').send(
      collectionPage(
        collection.title,
        products.map((product) => pageProduct(shop, product)),
        config(req, res, shop),
        embed,
        (product) => `/storefront/${shop.domain}/products/${product.handle}`,
      ),
    );
  });

  router.get('/storefront/:shop/checkouts/:order/thank-you', (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    const page = config(req, res, shop);
    const product = String(req.query['product'] ?? '');
    const amount = Number(req.query['amount'] ?? 0);
    page.events.push({
      name: 'checkout_completed',
      data: {
        checkout: {
          token: `emulator-${req.params.order}`,
          order: { id: `gid://shopify/Order/${req.params.order}` },
          totalPrice: { amount },
          lineItems: [
            { quantity: 1, finalLinePrice: { amount }, variant: { product: { id: product } } },
          ],
        },
      },
    });
    res.type('html').send(thankYouPage(page));
  });

  router.put('/__emulator/shops/:shop/products/:id/metafields', express.json(), (req, res) => {
    const shop = emu.store.shop(String(req.params['shop']));
    const product = shop?.products.get(Number(req.params['id']));
    const { namespace, key, type, value } = (req.body ?? {}) as Record<string, unknown>;
    if (!product) {
      res.status(404).json({ error: 'Unknown shop or product' });
      return;
    }
    if (typeof namespace !== 'string' || typeof key !== 'string') {
      res.status(400).json({ error: 'namespace and key are required' });
      return;
    }
    const metafields = productMetafields(product);
    const name = `${namespace}.${key}`;
    if (value === null) metafields.delete(name);
    else if (typeof type === 'string' && typeof value === 'string')
      metafields.set(name, {
        id: metafields.get(name)?.id ?? emu.store.nextId(),
        namespace,
        key,
        type,
        value,
      });
    else {
      res.status(400).json({ error: 'type and value (a string, or null to delete) are required' });
      return;
    }
    res.status(204).end();
  });

  router.put('/__emulator/shops/:shop/web-pixel', express.json(), (req, res) => {
    const shop = emu.store.shop(String(req.params['shop']));
    const settings = (req.body as { settings?: unknown } | undefined)?.settings;
    if (!shop) {
      res.status(404).json({ error: 'Unknown shop' });
      return;
    }
    // The same record webPixelCreate writes (resolvers/web-pixels.ts): one pixel per app and shop.
    shop.webPixel = {
      id: shop.webPixel?.id ?? emu.store.nextId(),
      settings: typeof settings === 'string' ? settings : JSON.stringify(settings),
    };
    res.status(204).end();
  });

  return router;
}
