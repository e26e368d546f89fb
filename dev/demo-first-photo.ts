/**
 * The demo's own first AI photo, so its image experiment starts without waiting on a person: at
 * each start (the Shopify emulator's shop is new each run; only Redis is kept), the demo asks the ProductAI emulator for a photo of
 * a seeded product with the demo account's key (a real job, the emulator's real render, its
 * credits spent), adds it to the product's media through the app's own Shopify files code (not
 * featured: the original stays the control), and records it as a published generation in the
 * app's store, the state the pipeline leaves a photo in. The shop's saved settings are left
 * alone: the README's step 1 still starts with no ProductAI key and shows the key check.
 *
 * Not the pipeline itself: that runs with the shop's saved key only, which the demo must not
 * save for the merchant.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { App } from '../src/app/index.ts';
import type { Generation } from '../src/pipeline/index.ts';
import { createShopifyFiles } from '../src/pipeline/publish/shopify-files.ts';
import { createProductAiClient } from '../src/productai/client.ts';
import { ReauthRequiredError } from '../src/shopify/offline-tokens.ts';
import {
  shopifyEmulatorClient,
  type ShopifyEmulatorClient,
} from './admin-frame/shopify-emulator-client.ts';
import { DEMO, type Stack } from './stack.ts';

/** What of the demo's stack the photo needs: its shop, the app, and both emulators' URLs. */
export type DemoShop = Pick<Stack, 'shop' | 'appUrl'> & {
  shopify: Pick<Stack['shopify'], 'url'>;
  productAi: Pick<Stack['productAi'], 'url'>;
};

const PROMPT = 'On a linen tablecloth by a window, soft morning light';
const MODEL = 'nanobanana';
const PUBLISH_PATH = ['submitting', 'processing', 'saving', 'published'] as const;
const FILE_CHECK_MS = 200;

/**
 * Opens the app once as the admin does when the merchant opens it (an /api call with the shop's
 * session token), so the app exchanges it for the shop's offline token: until then the app may
 * not call Shopify for the shop.
 */
async function openApp(stack: DemoShop, emulator: ShopifyEmulatorClient): Promise<void> {
  const answer = await fetch(new URL('/api/settings', stack.appUrl), {
    headers: { Authorization: `Bearer ${await emulator.sessionToken()}` },
  });
  if (!answer.ok) throw new Error(`the app refused the demo admin's session (${answer.status})`);
}

/** The seeded product the demo's photo is of (the first one with an image), and that image. */
async function firstProduct(emulator: ShopifyEmulatorClient) {
  for (const product of await emulator.products()) {
    const image = product.mediaCount > 0 ? await emulator.firstImageUrl(product.numericId) : null;
    if (image) return { product, image };
  }
  throw new Error('the demo shop has no product with an image');
}

/**
 * Runs `call` (the demo process's first calls to Shopify for the shop) with the shop's access: a
 * restarted demo keeps the app's Redis, and so an offline token of the last run's emulator, which
 * this run's rejects and the app then drops; opening the app again exchanges a new one, as App
 * Bridge's retry does for a merchant.
 */
async function withShopAccess<T>(
  stack: DemoShop,
  emulator: ShopifyEmulatorClient,
  call: () => Promise<T>,
): Promise<T> {
  await openApp(stack, emulator);
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ReauthRequiredError)) throw error;
    await openApp(stack, emulator);
    return call();
  }
}

/** Publishes the demo's first photo, a new one each run; resolves with it. */
export async function publishDemoFirstPhoto(
  app: App,
  stack: DemoShop,
  signal: AbortSignal,
): Promise<Generation> {
  const { shop } = stack;
  const emulator = shopifyEmulatorClient(stack.shopify.url, shop);
  const { product, image } = await firstProduct(emulator);
  const productAi = createProductAiClient({
    apiKey: DEMO.productAiKey,
    baseUrl: stack.productAi.url,
  });
  const job = await productAi.generate({ model: MODEL, prompt: PROMPT, image_url: image });
  const done = await productAi.waitForJob(job.id, { kind: 'image', signal });
  if (!done.image_url) throw new Error(`ProductAI job ${job.id} ended without an image`);

  const files = createShopifyFiles(app.admin.forShop(shop));
  const created = await withShopAccess(stack, emulator, () =>
    files.create({
      originalSource: done.image_url!,
      contentType: 'IMAGE',
      filename: `demo-first-photo-${job.id}.png`,
      alt: `${product.title}: ${PROMPT}`,
    }),
  );
  if (!created) throw new Error('Shopify already has the demo’s first photo file');
  for (;;) {
    const status = (await files.status(created.id))?.status;
    if (status === 'READY') break;
    if (status === 'FAILED' || !status) throw new Error(`the demo's first photo is ${status}`);
    await delay(FILE_CHECK_MS, undefined, { signal });
  }
  await files.addToProduct(created.id, product.id);

  const { generations } = app.pipeline;
  let generation = await generations.create({
    shop,
    kind: 'photo',
    productId: product.id,
    productTitle: product.title,
    productImageUrl: image,
    sourceMediaIds: [],
    sourceImageUrls: [image],
    params: { model: MODEL, prompt: PROMPT, outputFormat: 'png' },
    estimatedCredits: 3,
    priority: 'interactive',
  });
  for (const to of PUBLISH_PATH) {
    generation = await generations.transition(shop, generation.id, {
      from: [generation.state],
      to,
      ...(to === 'published'
        ? { patch: { fileId: created.id, mediaId: created.id, previousFeaturedMediaId: null } }
        : {}),
    });
  }
  return generation;
}
