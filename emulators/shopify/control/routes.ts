/**
 * `/__emulator/…`: the control surface for tests and the demo (JSON unless noted).
 *
 *   POST  /__emulator/session-token            {shop}                → {token}
 *   POST  /__emulator/shops                    {shop}                → install (seed when new)
 *   POST  /__emulator/shops/:shop/install                            → reinstall
 *   POST  /__emulator/shops/:shop/uninstall    {deliver?}            → revoke tokens, send app/uninstalled
 *                                              (deliver: false revokes only; a test then sends its own)
 *   PATCH /__emulator/shops/:shop/tokens       {expireAccessTokens?, expireRefreshTokens?}
 *   PATCH /__emulator/shops/:shop              {ianaTimezone?}       → the owner changes the shop's
 *                                              time zone (Settings › General), as `Shop.ianaTimezone`
 *                                              then reads
 *   POST  /__emulator/shops/:shop/staff-token                        → {token}: an Admin API token of
 *                                              the merchant's own (the demo admin's pages create products
 *                                              with it, as the admin does as the logged-in staff member)
 *   GET   /__emulator/shops/:shop/products                           → product list
 *   POST  /__emulator/shops/:shop/products       {title, vendor?, productType?, tags?, collectionIds?, images?}
 *                                                                    → create, send products/create
 *   POST  /__emulator/shops/:shop/products/:id/images {count?}      → add images, send products/update
 *   PATCH /__emulator/shops/:shop/products/:id   {title?, tags?}    → edit, send products/update
 *   GET   /__emulator/shops/:shop/products/:id/media                 → media with status, alt, url, position
 *   GET   /__emulator/shops/:shop/products/:id                       → HTML page of the media (demo)
 *   GET   /__emulator/shops/:shop/files                              → the shop's Files
 *   GET   /__emulator/shops/:shop/throttle                           → the shop's bucket
 *   POST  /__emulator/webhooks                 {shop, topic, payload?, repeat?}
 *                                              (to webhookUrl, else the topic's subscription;
 *                                              400 when it goes nowhere)
 *   POST  /__emulator/webhooks/:webhookId/redeliver                  → the same delivery again
 *   GET   /__emulator/webhooks                                       → deliveries so far
 *   GET   /__emulator/shops/:shop/flow-triggers                      → flowTriggerReceive calls so far
 *   POST  /__emulator/flow/actions             {shop, url, properties, handle?, actionRunId?, forge?}
 *                                              → a Flow action request, signed as Flow signs it
 *   POST  /__emulator/faults                   {throttleNext?, serverErrorNext?, serverErrorStatus?, mediaFailNext?, clear?,
 *                                               shop?, outage?: {status: 5xx} | {reset: true} | null,
 *                                               holdMedia?: boolean}
 *                                              (shop: the count faults wait for that shop's calls)
 *                                              (holdMedia, with a shop: its new media stay
 *                                              PROCESSING until `holdMedia: false`)
 *                                              (outage: every Admin GraphQL call fails so until
 *                                              `outage: null`; the answer counts `outageCalls`)
 *   GET   /__emulator/cdn                                            → {metadata}
 *   POST  /__emulator/cdn                      {metadata: 'keep'|'strip'} → what the CDN does with the
 *                                              metadata of files it serves as uploaded (cdn/metadata.ts)
 */
import express, { type Request, type Response, type Router } from 'express';
import { defaultSessionTokenClaims, signJwtHs256 } from '../auth/session-token.ts';
import type { EmulatorContext } from '../emulator-context.ts';
import { isShopDomain } from '../http/shop-from-request.ts';
import { installShop, uninstallShop } from '../shop-installation.ts';
import type { ShopRecord } from '../store/types.ts';
import { PRODUCT_TOPICS, type NewProduct } from '../webhooks/product-events.ts';
import {
  defaultPayload,
  isSupportedTopic,
  SUPPORTED_TOPICS,
  type WebhookTopic,
} from '../webhooks/payloads.ts';
import { describeFile, describeProduct, describeProductMedia } from './describe.ts';
import { productPage } from './product-page.ts';
import { sendFlowAction } from './flow-actions.ts';
import { flowTriggersOf } from '../resolvers/flow.ts';
import { CDN_METADATA, isCdnMetadata } from '../cdn/metadata.ts';
import type { Outage } from './faults.ts';

const PREFIX = '/__emulator';

function badRequest(res: Response, message: string): void {
  res.status(400).json({ error: message });
}

/** An outage as asked for, null to end it, undefined when it is neither. */
function parseOutage(value: unknown): Outage | null | undefined {
  if (value === null) return null;
  if (!value || typeof value !== 'object') return undefined;
  const { status, reset } = value as { status?: unknown; reset?: unknown };
  if (reset === true && status === undefined) return { reset: true };
  if (typeof status === 'number' && Number.isInteger(status) && status >= 500 && status <= 599)
    return { status };
  return undefined;
}

/** A zone this runtime knows, as Shopify offers only real IANA zones in its settings. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function count(value: unknown): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

export function controlRouter(emu: EmulatorContext): Router {
  const router = express.Router();
  router.use(PREFIX, express.json());

  const shopOr404 = (req: Request, res: Response): ShopRecord | undefined => {
    const shop = emu.store.shop(String(req.params['shop']));
    if (!shop) res.status(404).json({ error: `Unknown shop ${String(req.params['shop'])}` });
    return shop;
  };
  /** The shop and product of `:shop/products/:id`, or undefined once `unknown` has answered. */
  const productOr404 = (
    req: Request,
    res: Response,
    unknown = (id: string) => res.status(404).json({ error: `Unknown product ${id}` }),
  ) => {
    const shop = shopOr404(req, res);
    if (!shop) return undefined;
    const product = shop.products.get(Number(req.params['id']));
    if (!product) {
      unknown(String(req.params['id']));
      return undefined;
    }
    return { shop, product };
  };

  router.post(`${PREFIX}/session-token`, (req, res) => {
    const shop = String((req.body as { shop?: unknown })?.shop ?? '');
    if (!emu.store.shop(shop)) {
      res.status(404).json({ error: `Unknown shop ${shop}` });
      return;
    }
    const claims = defaultSessionTokenClaims(shop, emu.options.apiKey, emu.clock.now());
    res.json({ token: signJwtHs256(claims, emu.options.apiSecret) });
  });

  router.post(`${PREFIX}/shops`, (req, res) => {
    const shop = String((req.body as { shop?: unknown })?.shop ?? '');
    if (!isShopDomain(shop)) {
      badRequest(res, 'shop must be a <name>.myshopify.com domain');
      return;
    }
    const record = installShop(emu, shop);
    res.status(201).json({ shop: record.domain, products: record.products.size });
  });

  router.post(`${PREFIX}/shops/:shop/install`, (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    installShop(emu, shop.domain);
    res.json({ shop: shop.domain, installed: true });
  });

  router.post(`${PREFIX}/shops/:shop/uninstall`, async (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    const deliver = (req.body as { deliver?: unknown } | undefined)?.deliver !== false;
    const deliveries = await uninstallShop(emu, shop, { deliver });
    res.json({ shop: shop.domain, installed: false, deliveries });
  });

  router.patch(`${PREFIX}/shops/:shop`, (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    const { ianaTimezone } = (req.body ?? {}) as { ianaTimezone?: unknown };
    if (ianaTimezone !== undefined) {
      if (typeof ianaTimezone !== 'string' || !isTimeZone(ianaTimezone)) {
        badRequest(res, 'ianaTimezone must be an IANA time zone name (America/New_York)');
        return;
      }
      shop.ianaTimezone = ianaTimezone;
    }
    res.json({ shop: shop.domain, ianaTimezone: shop.ianaTimezone });
  });

  router.patch(`${PREFIX}/shops/:shop/tokens`, (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    const body = (req.body ?? {}) as {
      expireAccessTokens?: unknown;
      expireRefreshTokens?: unknown;
    };
    res.json({
      expiredAccessTokens:
        body.expireAccessTokens === true ? emu.tokens.expireAccessTokens(shop.domain) : 0,
      expiredRefreshTokens:
        body.expireRefreshTokens === true ? emu.tokens.expireRefreshTokens(shop.domain) : 0,
    });
  });

  router.post(`${PREFIX}/shops/:shop/staff-token`, (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    // Non-expiring and in the one token registry; its calls share the app's cost bucket, a
    // simplification the demo's few product creations do not feel.
    res.json({ token: emu.tokens.issue(shop.domain, false).access_token });
  });

  router.get(`${PREFIX}/shops/:shop/products`, (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    res.json({
      products: [...shop.products.values()].map((product) => describeProduct(shop, product)),
    });
  });

  router.get(`${PREFIX}/shops/:shop/products/:id/media`, (req, res) => {
    const found = productOr404(req, res);
    if (!found) return;
    const { shop, product } = found;
    res.json({
      product: describeProduct(shop, product),
      media: describeProductMedia(emu, shop, product),
    });
  });

  router.get(`${PREFIX}/shops/:shop/products/:id`, (req, res) => {
    const found = productOr404(req, res, () =>
      res.status(404).type('text/plain').send('Unknown product'),
    );
    if (!found) return;
    const { shop, product } = found;
    res.type('html').send(productPage(product.title, describeProductMedia(emu, shop, product)));
  });

  router.get(`${PREFIX}/shops/:shop/files`, (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    res.json({ files: [...shop.files.values()].map((file) => describeFile(emu, shop, file)) });
  });

  router.get(`${PREFIX}/shops/:shop/throttle`, (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    res.json(emu.buckets.status(`${shop.domain}:${emu.options.apiKey}`));
  });

  router.post(`${PREFIX}/shops/:shop/products`, async (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    const input = (req.body ?? {}) as NewProduct;
    if (typeof input.title !== 'string' || input.title.trim() === '') {
      badRequest(res, 'title is required');
      return;
    }
    const { product, deliveries } = await emu.productEvents.create(shop, input, emu.clock.now());
    res.status(201).json({ product: describeProduct(shop, product), deliveries });
  });

  router.post(`${PREFIX}/shops/:shop/products/:id/images`, async (req, res) => {
    const found = productOr404(req, res);
    if (!found) return;
    const { shop, product } = found;
    const images = count((req.body as { count?: unknown })?.count) || 1;
    const deliveries = await emu.productEvents.addImages(shop, product, images, emu.clock.now());
    res.json({ product: describeProduct(shop, product), deliveries });
  });

  router.patch(`${PREFIX}/shops/:shop/products/:id`, async (req, res) => {
    const found = productOr404(req, res);
    if (!found) return;
    const { shop, product } = found;
    const change = (req.body ?? {}) as Pick<NewProduct, 'title' | 'tags'>;
    const deliveries = await emu.productEvents.update(product, shop, change, emu.clock.now());
    res.json({ product: describeProduct(shop, product), deliveries });
  });

  router.post(`${PREFIX}/webhooks`, async (req, res) => {
    const body = (req.body ?? {}) as {
      shop?: unknown;
      topic?: unknown;
      payload?: unknown;
      repeat?: unknown;
    };
    const shop = emu.store.shop(String(body.shop ?? ''));
    if (!shop) {
      badRequest(res, `Unknown shop ${String(body.shop)}`);
      return;
    }
    const topic = String(body.topic ?? '');
    // Product topics need a product: their body is the caller's (or made by the product routes).
    const productTopic = (PRODUCT_TOPICS as readonly string[]).includes(topic) && body.payload;
    if (!isSupportedTopic(topic) && !productTopic) {
      badRequest(res, `topic must be one of ${SUPPORTED_TOPICS.join(', ')}`);
      return;
    }
    if (!emu.webhooks.urlFor(topic)) {
      badRequest(res, `No webhook URL for ${topic} (webhookUrl, or a subscription of the app's)`);
      return;
    }
    const payload = body.payload ?? defaultPayload(topic as WebhookTopic, shop, emu.clock.now());
    const deliveries = await emu.webhooks.send(
      shop.domain,
      topic,
      payload,
      count(body.repeat) || 1,
    );
    res.json({ deliveries });
  });

  router.post(`${PREFIX}/webhooks/:webhookId/redeliver`, async (req, res) => {
    if (!emu.webhooks.url && emu.webhooks.routes.size === 0) {
      badRequest(res, 'No webhook URL set (webhookUrl, or a subscription of the app’s)');
      return;
    }
    const deliveries = await emu.webhooks.redeliver(String(req.params['webhookId']));
    if (!deliveries) {
      res.status(404).json({ error: `Unknown webhook ${String(req.params['webhookId'])}` });
      return;
    }
    res.json({ deliveries });
  });

  router.get(`${PREFIX}/webhooks`, (_req, res) => {
    res.json({ deliveries: emu.webhooks.deliveries() });
  });

  router.get(`${PREFIX}/shops/:shop/flow-triggers`, (req, res) => {
    const shop = shopOr404(req, res);
    if (!shop) return;
    res.json({ triggers: flowTriggersOf(shop) });
  });

  router.post(`${PREFIX}/flow/actions`, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const shop = emu.store.shop(String(body['shop'] ?? ''));
    if (!shop) {
      badRequest(res, `Unknown shop ${String(body['shop'])}`);
      return;
    }
    if (typeof body['url'] !== 'string' || typeof body['properties'] !== 'object') {
      badRequest(res, 'url (the action runtime_url) and properties are required');
      return;
    }
    res.json(
      await sendFlowAction(emu, shop, {
        url: body['url'],
        properties: body['properties'] as Record<string, unknown>,
        handle: typeof body['handle'] === 'string' ? body['handle'] : undefined,
        actionRunId: typeof body['actionRunId'] === 'string' ? body['actionRunId'] : undefined,
        forge: body['forge'] === true,
      }),
    );
  });

  router.get(`${PREFIX}/cdn`, (_req, res) => {
    res.json({ metadata: emu.cdn.metadata });
  });

  router.post(`${PREFIX}/cdn`, (req, res) => {
    const metadata = ((req.body ?? {}) as Record<string, unknown>)['metadata'];
    if (!isCdnMetadata(metadata)) {
      badRequest(res, `metadata must be one of ${CDN_METADATA.join(', ')}`);
      return;
    }
    emu.cdn.metadata = metadata;
    res.json({ metadata });
  });

  router.post(`${PREFIX}/faults`, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body['clear'] === true) emu.faults.clear();
    const shop = body['shop'];
    if (shop !== undefined && (typeof shop !== 'string' || !isShopDomain(shop))) {
      badRequest(res, 'shop must be a shop domain (name.myshopify.com)');
      return;
    }
    const hold = body['holdMedia'];
    if (hold !== undefined) {
      if (typeof hold !== 'boolean' || typeof shop !== 'string') {
        badRequest(res, 'holdMedia must be true or false, with the shop it holds');
        return;
      }
      if (hold) emu.faults.holdMedia(shop);
      else emu.faults.releaseMedia(shop);
    }
    emu.faults.add('throttle', count(body['throttleNext']), shop);
    emu.faults.add('serverError', count(body['serverErrorNext']), shop);
    emu.faults.add('mediaFail', count(body['mediaFailNext']), shop);
    const status = count(body['serverErrorStatus']);
    if (status >= 500 && status <= 599) emu.faults.serverErrorStatus = status;
    if ('outage' in body) {
      const outage = parseOutage(body['outage']);
      if (outage === undefined) {
        badRequest(res, 'outage must be {status: 500-599}, {reset: true} or null');
        return;
      }
      emu.faults.outage = outage;
      emu.faults.outageCalls = 0;
    }
    res.json({
      pending: emu.faults.snapshot(shop),
      serverErrorStatus: emu.faults.serverErrorStatus,
      outage: emu.faults.outage,
      outageCalls: emu.faults.outageCalls,
    });
  });

  return router;
}
