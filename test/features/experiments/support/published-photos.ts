/**
 * Experiments' lifecycle helpers: an AI photo published on a seeded product of the Shopify
 * emulator (a real file, READY, in the product's media, its generation moved to `published` in
 * the app's store: no ProductAI job behind it), the arms' metafield as Shopify holds it, the Flow
 * triggers the emulator received, and storefront traffic written straight into the event store
 * at the test's instants.
 */
import { randomUUID } from 'node:crypto';
import type { App } from '../../../../src/app/index.ts';
import { createShopifyFiles } from '../../../../src/pipeline/publish/shopify-files.ts';
import type { Generation } from '../../../../src/pipeline/index.ts';
import type { TestApp } from '../../../support/app.ts';
import { productImage, type HostedImages } from '../../../support/product-images.ts';
import { waitForFile } from '../../../support/shop-media.ts';
import { requestTestDocument } from '../../../support/test-documents.ts';

const PUBLISH_PATH = ['submitting', 'processing', 'saving', 'published'] as const;

/**
 * A published AI photo of `productId`, in its media; made the featured image when asked, one of
 * the options of a click (`optionGroup`) when given one.
 */
export async function publishedPhoto(
  app: TestApp,
  images: HostedImages,
  shop: string,
  productId: string,
  options: { featured?: boolean; optionGroup?: string } = {},
): Promise<Generation> {
  const files = createShopifyFiles(app.deps.admin.forShop(shop));
  const name = `ai-${randomUUID().slice(0, 8)}.png`;
  const created = await files.create({
    originalSource: images.serve(`/${name}`, await productImage('png', 300, 300)),
    contentType: 'IMAGE',
    filename: name,
    alt: 'AI photo',
  });
  if (!created) throw new Error('file not created');
  await waitForFile(files, created.id, 'READY');
  await files.addToProduct(created.id, productId);
  const previousFeaturedMediaId = await files.featuredMediaId(productId);
  if (options.featured) await files.makeFeatured(productId, created.id);
  const { generations } = app.deps.pipeline;
  let generation = await generations.create({
    shop,
    kind: 'photo',
    productId,
    productTitle: 'A product',
    productImageUrl: null,
    sourceMediaIds: [],
    sourceImageUrls: [],
    params: { model: 'nanobanana', prompt: 'On a linen tablecloth', outputFormat: 'png' },
    estimatedCredits: 3,
    priority: 'interactive',
    ...(options.optionGroup ? { optionGroup: options.optionGroup } : {}),
  });
  for (const to of PUBLISH_PATH) {
    generation = await generations.transition(shop, generation.id, {
      from: [generation.state],
      to,
      ...(to === 'published'
        ? {
            patch: {
              fileId: created.id,
              mediaId: created.id,
              previousFeaturedMediaId: options.featured ? previousFeaturedMediaId : null,
            },
          }
        : {}),
    });
  }
  return generation;
}

const LIVE = `query ExperimentArms($id: ID!) {
  product(id: $id) { metafield(namespace: "$app:experiments", key: "live") { type value } }
}`;

/** The product's `$app:experiments.live` metafield as Shopify holds it, or null. */
export async function armsMetafield(
  app: { admin: App['admin'] },
  shop: string,
  productId: string,
): Promise<{ type: string; value: string } | null> {
  const data = await requestTestDocument<{
    product: { metafield: { type: string; value: string } | null };
  }>(app.admin.forShop(shop), LIVE, { id: productId });
  return data.product.metafield;
}

export interface ReceivedTrigger {
  handle: string;
  payload: Record<string, unknown>;
}

/** The Flow triggers the emulator received for the shop with this handle. */
export async function triggersOf(
  app: TestApp,
  shop: string,
  handle: string,
): Promise<ReceivedTrigger[]> {
  const { triggers } = (await app.shopifyControl('GET', `/shops/${shop}/flow-triggers`)) as {
    triggers: ReceivedTrigger[];
  };
  return triggers.filter((trigger) => trigger.handle === handle);
}

/**
 * `visitors` new visitors of `arm` exposed at `atMs`, the first `converting` of them adding to
 * cart, recorded through the real event store.
 */
export async function traffic(
  app: App,
  experiment: { shop: string; id: string },
  arm: string,
  visitors: number,
  converting: number,
  atMs: number,
): Promise<void> {
  for (let n = 0; n < visitors; n += 1) {
    const events = [
      { id: randomUUID(), type: 'exposure' as const },
      ...(n < converting ? [{ id: randomUUID(), type: 'product_added_to_cart' as const }] : []),
    ];
    await app.engines.experiments.events.record(
      {
        shop: experiment.shop,
        experiment: experiment.id,
        arm,
        visitor: `v-${randomUUID()}`,
        events,
      },
      atMs,
    );
  }
}
