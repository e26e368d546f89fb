/**
 * The demo's own first AI photo (dev/demo-first-photo.ts), which lets `npm run demo` start its
 * image experiment without waiting on a person: a real job at the ProductAI emulator with the
 * demo account's key, the photo in the product's media on the Shopify emulator and published in
 * the app's store, so the app's own service starts an experiment on it at once; the shop's
 * settings still have no ProductAI key (the README's step 1 starts without one).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishDemoFirstPhoto } from '../../dev/demo-first-photo.ts';
import { DEMO } from '../../dev/stack.ts';
import { startProductAiEmulator, type ProductAiEmulator } from '../../emulators/productai/index.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { productMedia } from '../support/shop-media.ts';

let app: TestApp;
let productAi: ProductAiEmulator;

beforeAll(async () => {
  [app, productAi] = await Promise.all([
    startTestApp({ emulator: { mediaProcessingMs: 100 }, webhookWorker: false }),
    startProductAiEmulator({ accounts: { [DEMO.productAiKey]: 100 }, jobMs: 50 }),
  ]);
});
afterAll(() => productAi?.close());

it('publishes a photo an experiment starts on at once, with no key saved for the shop', async () => {
  const shop = app.newShop();
  const photo = await publishDemoFirstPhoto(
    app.deps,
    { shop, appUrl: app.url, shopify: { url: app.emulator.url }, productAi },
    new AbortController().signal,
  );

  expect(photo).toMatchObject({ kind: 'photo', state: 'published' });
  const media = await productMedia(app, shop, photo.productId);
  expect(media.map((file) => file.id)).toContain(photo.fileId);
  // Not featured: the original stays the control.
  expect(media[0]!.id).not.toBe(photo.fileId);

  const started = await app.deps.features.experiments.start(shop, {
    productId: photo.productId,
    generationIds: [photo.id],
    goal: 'add_to_cart',
    endAction: 'keep_winner',
    minDays: 7,
    maxDays: 21,
  });
  expect(started.status).toBe('running');
  expect((await app.deps.features.settings.get(shop)).apiKey.masked).toBeNull();
}, 60_000);
