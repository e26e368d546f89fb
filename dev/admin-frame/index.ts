/**
 * The demo's stand-in for the Shopify admin: a page that frames the app the way the admin does
 * (top bar, sidebar with the app's menu, the app in an iframe with `shop`, `host`, `embedded`),
 * the App Bridge stand-in script the app loads instead of Shopify's CDN script, and pages that
 * show the demo store's products and their media on the Shopify emulator.
 *
 *   GET  /                 the app, framed (`?path=/settings` opens that page of the app)
 *   GET  /products         the store's products
 *   GET  /products/:id     one product's media (numeric id)
 *   GET  /app-bridge.js    the App Bridge stand-in (point APP_BRIDGE_SCRIPT_URL here)
 *   GET  /admin.js, /admin.css   the frame page's own script and styles
 *   POST /session-token    a real session token for the shop (from the Shopify emulator)
 *   GET  /resources?type=product|collection&query=   the resource picker's lists
 *
 * The app must allow this origin to frame it (DEV_FRAME_ANCESTORS).
 */
import { fileURLToPath } from 'node:url';
import express, { type Request, type Router } from 'express';
import { STAND_IN_CONFIG_GLOBAL, type StandInConfig } from './browser/protocol.ts';
import type { AdminPageConfig } from './browser/admin/config.ts';
import { browserScript } from './browser-bundle.ts';
import { appPageBody } from './pages/app-page.ts';
import { scriptJson } from './pages/html.ts';
import { renderLayout } from './pages/layout.ts';
import { productPageBody } from './pages/product-page.ts';
import { productsPageBody } from './pages/products-page.ts';
import { listCollections, listProducts } from './resources.ts';
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
}

const CSS_PATH = fileURLToPath(new URL('./admin.css', import.meta.url));
const appBridgeScript = browserScript('app-bridge/index.ts', 'ShopifyAppBridgeStandIn');
const adminScript = browserScript('admin/index.ts', 'AdminFrame');

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
  const html = (req: Request, section: 'app' | 'products', title: string, body: string) =>
    renderLayout({ config: pageConfig(req), title, section, body, studioUrl });

  router.get('/', (req, res) => {
    const path =
      typeof req.query.path === 'string' && req.query.path.startsWith('/') ? req.query.path : '/';
    const body = appPageBody(
      { appUrl: options.appUrl, path, shop: options.shop, host: hostParam(req, options.shop) },
      appName,
    );
    res.type('html').send(html(req, 'app', appName, body));
  });

  router.get('/products', async (req, res) => {
    const products = await emulator.products();
    res
      .type('html')
      .send(html(req, 'products', 'Products', productsPageBody(req.baseUrl, products)));
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
    const body = productPageBody(req.baseUrl, product.title, emulator.productPageUrl(numericId));
    res.type('html').send(html(req, 'products', product.title, body));
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
