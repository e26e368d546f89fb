/**
 * The experiments' web pixel, through the service on the Shopify emulator: a shop's first
 * experiment creates the app's pixel with the settings its extension declares (where to post,
 * which shop), and records it, so later starts leave Shopify alone; a pixel the app created but
 * never recorded (a start that died half way) is taken over: its settings are updated, not
 * refused as TAKEN.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WEB_PIXEL_CREATE, WEB_PIXEL_UPDATE } from '../../../src/shopify/operations/web-pixels.ts';
import type { StartExperimentRequest } from '../../../src/app-api/experiments.ts';
import { startTestApp } from '../../support/app.ts';
import { startImageHost, type HostedImages } from '../../support/product-images.ts';
import { seededProducts } from '../../support/seeded-shop.ts';
import { requestTestDocument } from '../../support/test-documents.ts';
import { publishedPhoto } from './support/published-photos.ts';

const app = await startTestApp({ emulator: { mediaProcessingMs: 100 }, webhookWorker: false });
const { experiments } = app.deps.features;
let images: HostedImages;

beforeAll(async () => {
  images = await startImageHost();
});
afterAll(() => images.close());

const PIXEL = 'query Pixel { webPixel { id settings } }';

async function shopWithProducts() {
  const shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  const products = (await seededProducts(app, shop)).filter((product) => product.mediaCount > 0);
  return { shop, products: products.map((product) => product.id) };
}

async function startOn(shop: string, productId: string) {
  const photo = await publishedPhoto(app, images, shop, productId);
  const request: StartExperimentRequest = {
    productId,
    generationIds: [photo.id],
    goal: 'add_to_cart',
    endAction: 'keep_winner',
  };
  return experiments.start(shop, request);
}

async function pixelOf(shop: string) {
  const { webPixel } = await requestTestDocument<{ webPixel: { id: string; settings: string } }>(
    app.deps.admin.forShop(shop),
    PIXEL,
  );
  return { id: webPixel.id, settings: JSON.parse(webPixel.settings) as unknown };
}

it('is created by the shop’s first experiment, with the app’s settings, and recorded', async () => {
  const { shop, products } = await shopWithProducts();
  await expect(pixelOf(shop)).rejects.toThrow(/No web pixel/);

  await startOn(shop, products[0]!);
  const created = await pixelOf(shop);
  expect(created.settings).toEqual({ endpoint: 'http://127.0.0.1/experiments/events', shop });

  // Recorded: the next start asks Shopify nothing, so settings changed meanwhile stay.
  const admin = app.deps.admin.forShop(shop);
  const elsewhere = JSON.stringify({ endpoint: 'https://elsewhere.example/e', shop });
  await admin.request(WEB_PIXEL_UPDATE, { id: created.id, webPixel: { settings: elsewhere } });
  await startOn(shop, products[1]!);
  expect(await pixelOf(shop)).toEqual({ id: created.id, settings: JSON.parse(elsewhere) });
});

it('takes over a pixel created by a start that died before recording it', async () => {
  const { shop, products } = await shopWithProducts();
  const stale = JSON.stringify({ endpoint: 'https://old.example/experiments/events', shop });
  const { webPixelCreate } = await app.deps.admin
    .forShop(shop)
    .request(WEB_PIXEL_CREATE, { webPixel: { settings: stale } });

  await startOn(shop, products[0]!);
  expect(await pixelOf(shop)).toEqual({
    id: webPixelCreate?.webPixel?.id,
    settings: { endpoint: 'http://127.0.0.1/experiments/events', shop },
  });
});
