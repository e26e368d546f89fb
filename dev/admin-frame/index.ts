/**
 * The demo's stand-in for the Shopify admin: a page that frames the app the way the admin does
 * (top bar, sidebar with the app's menu, the app in an iframe with `shop`, `host`, `embedded`),
 * the App Bridge stand-in script the app loads instead of Shopify's CDN script, and pages that
 * show the demo store's products and their media on the Shopify emulator.
 *
 *   GET  /                 the app, framed (`?path=/settings` opens that page of the app)
 *   GET  /products         the store's products (tick rows for the apps' bulk actions)
 *   GET  /products/new     "Add product"; POST creates it with productCreate (products/create follows)
 *   GET  /products/:id     one product: its media, the apps' "More actions" and blocks (numeric id)
 *   GET  /products/:id/media.json   its media, which the page watches after an action
 *   GET  /collections, /collections/:id   the store's collections, one with its actions
 *   GET  /extensions/:folder?selected=<gid>,…   an extension's page (an action's modal, a
 *                          block's frame): its REAL bundle with the `shopify` global and the
 *                          Polaris components
 *   GET  /extensions/:folder/bundle.js, /extension-host.js   what that page loads
 *   ALL  /api/*            the extensions' API calls, forwarded to the app with a session token
 *   GET  /app-bridge.js    the App Bridge stand-in (point APP_BRIDGE_SCRIPT_URL here)
 *   GET  /admin.js, /admin.css   the frame page's own script and styles
 *   POST /session-token    a real session token for the shop (from the Shopify emulator)
 *   GET  /resources?type=product|collection&query=   the resource picker's lists
 *
 * The app must allow this origin to frame it (DEV_FRAME_ANCESTORS).
 *
 * Action extensions call the app with relative paths (`/api/…`); the admin resolves those
 * against the app's URL and adds a session token. Here they resolve against this page's origin,
 * and /api/* forwards them to the app with a fresh session token: the same request reaches the
 * app, through its real session-token auth, without a CORS exception for the demo's origin.
 */
import { fileURLToPath } from 'node:url';
import express, { type Request, type Router } from 'express';
import { STAND_IN_CONFIG_GLOBAL, type StandInConfig } from './browser/protocol.ts';
import type { AdminPageConfig } from './browser/admin/config.ts';
import { browserScript } from './browser-bundle.ts';
import { EXTENSION_HOST_CONFIG_GLOBAL } from './browser/extension-host/protocol.ts';
import type { ShopifyStandInOptions } from './browser/extension-host/shopify-global.ts';
import {
  adminExtensions,
  extensionsFor,
  localeFor,
  type ActionTarget,
  type AdminExtensions,
} from './extensions.ts';
import { actionsMenu } from './pages/actions-menu.ts';
import { appPageBody } from './pages/app-page.ts';
import { appBlocks } from './pages/blocks.ts';
import { collectionPageBody, collectionsPageBody } from './pages/collection-pages.ts';
import { extensionHostPage } from './pages/extension-host-page.ts';
import { escapeHtml, scriptJson } from './pages/html.ts';
import { newProductFromForm, newProductPageBody } from './pages/new-product-page.ts';
import { renderLayout, type LayoutOptions } from './pages/layout.ts';
import { productPageBody } from './pages/product-page.ts';
import { productsPageBody } from './pages/products-page.ts';
import { collectionsOf, listCollections, listProducts } from './resources.ts';
import { shopifyEmulatorClient } from './shopify-emulator-client.ts';

export interface AdminFrameOptions {
  /** The app's URL (its app home), e.g. http://127.0.0.1:3000. */
  appUrl: string;
  shopifyEmulatorUrl: string;
  /** The demo shop, e.g. demo-store.myshopify.com. */
  shop: string;
  appName?: string;
  /** With both, the top bar links to the ProductAI emulator's studio page for that key. */
  productAiEmulatorUrl?: string;
  productAiApiKey?: string;
  /**
   * The app's admin extensions (its actions and blocks); this project's by default. An app that
   * declares none (a test's minimal embedded page) passes none, so its admin pages do not run
   * this app's blocks against an app that cannot answer them.
   */
  extensions?: AdminExtensions;
}

const CSS_PATH = fileURLToPath(new URL('./admin.css', import.meta.url));
const appBridgeScript = browserScript('app-bridge/index.ts', 'ShopifyAppBridgeStandIn');
const adminScript = browserScript('admin/index.ts', 'AdminFrame');
const extensionHostScript = browserScript('extension-host/index.ts', 'ExtensionHost');

/** Where this router is mounted, as the browser sees it. */
function baseUrl(req: Request): string {
  return `${req.protocol}://${req.get('host')}${req.baseUrl}`;
}

/** What the admin passes as `host`: base64url of `<admin host>/store/<shop name>`. */
function hostParam(req: Request, shop: string): string {
  return Buffer.from(`${req.get('host')}/store/${shop.replace(/\.myshopify\.com$/, '')}`).toString(
    'base64url',
  );
}

/**
 * The admin passes the staff member's admin language; the stand-in has no staff settings, so
 * its user speaks the browser's first language (a browser test switches it with its context's
 * `locale`).
 */
function adminLocale(req: Request): string {
  const [first] = req.acceptsLanguages();
  return first && first !== '*' ? first : 'en';
}

export function createAdminFrameRouter(options: AdminFrameOptions): Router {
  const router = express.Router();
  const emulator = shopifyEmulatorClient(options.shopifyEmulatorUrl, options.shop);
  const appName = options.appName ?? 'ProductAI Studio';
  const appOrigin = new URL(options.appUrl).origin;
  const studioUrl =
    options.productAiEmulatorUrl && options.productAiApiKey
      ? `${options.productAiEmulatorUrl.replace(/\/$/, '')}/__emulator/studio?key=${encodeURIComponent(options.productAiApiKey)}`
      : null;
  const pageConfig = (req: Request): AdminPageConfig => ({
    base: baseUrl(req),
    appOrigin,
    appName,
    shop: options.shop,
  });
  const html = (req: Request, section: LayoutOptions['section'], title: string, body: string) =>
    renderLayout({ config: pageConfig(req), title, section, body, studioUrl });
  const extensions = options.extensions ?? adminExtensions();
  /** The page's actions, named in the admin user's language. */
  const menu = async (req: Request, target: ActionTarget, selected?: string[]) => {
    const actions = (await extensionsFor(extensions, target)).map((extension) => ({
      ...extension,
      name: localeFor(extension, adminLocale(req)).locale.name,
    }));
    return actionsMenu(appName, actions, selected);
  };

  router.get('/', (req, res) => {
    const path =
      typeof req.query.path === 'string' && req.query.path.startsWith('/') ? req.query.path : '/';
    const body = appPageBody(
      {
        appUrl: options.appUrl,
        path,
        shop: options.shop,
        host: hostParam(req, options.shop),
        locale: adminLocale(req),
      },
      appName,
    );
    res.type('html').send(html(req, 'app', appName, body));
  });

  router.get('/products', async (req, res) => {
    const products = await emulator.products();
    const actions = await menu(req, 'admin.product-index.selection-action.render');
    res
      .type('html')
      .send(html(req, 'products', 'Products', productsPageBody(req.baseUrl, products, actions)));
  });

  // The first picture of twelve products: each kind of product the demo store sells.
  const seedImages = () => emulator.seedImages(12);
  router.get('/products/new', async (req, res) => {
    const body = newProductPageBody({ base: req.baseUrl, images: await seedImages() });
    res.type('html').send(html(req, 'products', 'Add product', body));
  });

  router.post('/products/new', express.urlencoded({ extended: false }), async (req, res) => {
    const images = await seedImages();
    const product = newProductFromForm(req.body as Record<string, unknown>);
    const offered = new Set(images.map(({ url }) => url));
    const created = product.imageUrls.every((url) => offered.has(url))
      ? await emulator.createProduct(product)
      : { errors: ['Choose the images among those shown.'] };
    if ('errors' in created) {
      const body = newProductPageBody({
        base: req.baseUrl,
        images,
        values: product,
        errors: created.errors,
      });
      res
        .status(422)
        .type('html')
        .send(html(req, 'products', 'Add product', body));
      return;
    }
    res.redirect(303, `${req.baseUrl}/products/${created.numericId}`);
  });

  router.get('/products/:id', async (req, res) => {
    const numericId = Number(req.params.id);
    const product = (await emulator.products()).find(
      (candidate) => candidate.numericId === numericId,
    );
    if (!product) {
      res.status(404).type('text/plain').send('No such product in the demo store');
      return;
    }
    const body = productPageBody({
      base: req.baseUrl,
      title: product.title,
      emulatorPageUrl: emulator.productPageUrl(numericId),
      actions: await menu(req, 'admin.product-details.action.render', [product.id]),
      blocks: appBlocks(
        req.baseUrl,
        await extensionsFor(extensions, 'admin.product-details.block.render'),
        [product.id],
      ),
    });
    res.type('html').send(html(req, 'products', product.title, body));
  });

  router.get('/products/:id/media.json', async (req, res) => {
    res.json({ media: await emulator.productMedia(Number(req.params.id)) });
  });

  router.get('/collections', async (req, res) => {
    const collections = collectionsOf(await emulator.products());
    res
      .type('html')
      .send(html(req, 'collections', 'Collections', collectionsPageBody(req.baseUrl, collections)));
  });

  router.get('/collections/:id', async (req, res) => {
    const products = await emulator.products();
    const collection = collectionsOf(products).find(
      (candidate) => candidate.numericId === Number(req.params.id),
    );
    if (!collection) {
      res.status(404).type('text/plain').send('No such collection in the demo store');
      return;
    }
    const members = products.filter((product) =>
      product.collections.some(({ id }) => id === collection.id),
    );
    const actions = await menu(req, 'admin.collection-details.action.render', [collection.id]);
    const body = collectionPageBody(req.baseUrl, collection, members, actions);
    res.type('html').send(html(req, 'collections', collection.title, body));
  });

  router.get('/extensions/:folder', async (req, res) => {
    const extension = (await extensions()).find(({ folder }) => folder === req.params.folder);
    if (!extension) {
      res.status(404).type('text/plain').send('No such extension');
      return;
    }
    const selected =
      typeof req.query.selected === 'string' ? req.query.selected.split(',').filter(Boolean) : [];
    const { language, locale } = localeFor(extension, adminLocale(req));
    const options: ShopifyStandInOptions = { target: extension.target, selected, locale, language };
    const base = escapeHtml(baseUrl(req));
    res.type('html').send(
      extensionHostPage({
        title: locale.name,
        lang: language,
        bundleUrl: `${baseUrl(req)}/extensions/${extension.folder}/bundle.js`,
        head: `<script>window.${EXTENSION_HOST_CONFIG_GLOBAL} = ${scriptJson(options)};</script><script src="${base}/extension-host.js"></script>`,
      }),
    );
  });

  router.get('/extensions/:folder/bundle.js', async (req, res) => {
    const extension = (await extensions()).find(({ folder }) => folder === req.params.folder);
    if (!extension) {
      res.status(404).type('text/plain').send('No such extension');
      return;
    }
    res.sendFile(extension.bundlePath, {
      headers: { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' },
    });
  });

  router.get('/extension-host.js', async (_req, res) => {
    res
      .type('application/javascript')
      .set('Cache-Control', 'no-store')
      .send(await extensionHostScript());
  });

  router.use('/api', async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await emulator.sessionToken()}`,
    };
    for (const name of ['content-type', 'accept']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(`${options.appUrl.replace(/\/$/, '')}/api${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    res.status(answer.status);
    const type = answer.headers.get('content-type');
    if (type) res.type(type);
    res.send(Buffer.from(await answer.arrayBuffer()));
  });

  router.get('/app-bridge.js', async (req, res) => {
    const config: StandInConfig = {
      adminOrigin: `${req.protocol}://${req.get('host')}`,
      adminUrl: baseUrl(req),
    };
    const code = await appBridgeScript();
    res
      .type('application/javascript')
      .set('Cache-Control', 'no-store')
      .send(`window.${STAND_IN_CONFIG_GLOBAL} = ${scriptJson(config)};\n${code}`);
  });

  router.get('/admin.js', async (_req, res) => {
    res
      .type('application/javascript')
      .set('Cache-Control', 'no-store')
      .send(await adminScript());
  });

  router.get('/admin.css', (_req, res) => {
    res.sendFile(CSS_PATH, { headers: { 'Cache-Control': 'no-store' } });
  });

  router.post('/session-token', async (_req, res) => {
    res.json({ token: await emulator.sessionToken() });
  });

  router.get('/resources', async (req, res) => {
    const query = typeof req.query.query === 'string' ? req.query.query : '';
    const items =
      req.query.type === 'collection'
        ? await listCollections(emulator, query)
        : await listProducts(emulator, query);
    res.json({ items });
  });

  return router;
}
