/**
 * Ready for the channels it will be shown on: a result that fails a channel the shop chose is
 * never made the featured image (it is added after the others) and its record says which rule it
 * fails; one that meets them is featured as the settings say. After the file is READY, the app
 * reads the file Shopify serves and records whether the AI mark survived: kept when the CDN
 * serves it as uploaded, lost when it strips metadata and encodes the image again.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChannelId, ProductDetail } from '../../../src/app-api/contract.ts';
import { PROVENANCE_LOST_NOTE } from '../../../src/pipeline/publish/served-provenance.ts';
import { CHANNEL_NOT_FEATURED_NOTE } from '../../../src/pipeline/publish/verify-stage.ts';
import { PRODUCT_FEATURED_MEDIA } from '../../../src/shopify/operations/products.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { emulatorProducts } from '../../support/shop-media.ts';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness();
});

/** A product on a backdrop filling 90 % of a 1200 px square frame. */
async function shot(background: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200">
<rect width="100%" height="100%" fill="${background}"/>
<rect x="240" y="60" width="720" height="1080" rx="60" fill="#2e6fb5"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function productOf(shop: TestShop): Promise<ProductDetail> {
  const [productId] = await emulatorProducts(harness.app, shop.shop);
  return (await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(productId!)}`)).body;
}

async function shopFeaturing(channels: ChannelId[]): Promise<TestShop> {
  const shop = await harness.newShop();
  await shop.api('PATCH', '/settings', { channels, mediaPosition: 'featured' });
  return shop;
}

async function publish(shop: TestShop, product: ProductDetail, result: Buffer) {
  const url = harness.images.serve(`/${shop.shop}/${Math.random()}.png`, result);
  const created = await shop.savingGeneration(product, url, 'On a seamless white backdrop');
  await harness.pipeline.context.enqueue('attach', { shop: shop.shop, generationId: created.id });
  return shop.waitFor(created.id, ['published', 'in_review', 'failed']);
}

async function featuredMediaOf(shop: string, productId: string): Promise<string | null> {
  const admin = await harness.pipeline.context.admin(shop);
  const data = await admin.request(PRODUCT_FEATURED_MEDIA, { id: productId });
  return data.product?.featuredMedia?.id ?? null;
}

/** The history's notes (a patch adds its note to the latest entry's). */
function history(generation: { transitions: { note?: string }[] }): string {
  return generation.transitions.map((transition) => transition.note ?? '').join('; ');
}

async function cdnMetadata(metadata: 'keep' | 'strip'): Promise<void> {
  await harness.app.shopifyControl('POST', '/cdn', { metadata });
}

describe('a result failing a chosen channel', () => {
  it('is added as a secondary image, not featured, and says which rule it fails', async () => {
    const shop = await shopFeaturing(['amazon']);
    const product = await productOf(shop);
    const before = await featuredMediaOf(shop.shop, product.id);

    const done = await publish(shop, product, await shot('#eeeeee'));

    expect(done.state).toBe('published');
    expect(done.mediaId).toBe(done.fileId);
    expect(await featuredMediaOf(shop.shop, product.id)).toBe(before);
    expect(done.channels).toEqual({
      verdicts: [
        {
          channel: 'amazon',
          pass: false,
          failed: [
            {
              rule: 'white-background',
              words: 'Amazon: the background is not pure white (RGB 255, 255, 255)',
              text: {
                code: 'channel_failure',
                params: { name: 'Amazon', rule: { code: 'channel_white' } },
              },
            },
          ],
        },
      ],
    });
    expect(history(done)).toContain(
      'Channels: Amazon: the background is not pure white (RGB 255, 255, 255)',
    );
    expect(done.transitions.at(-1)).toMatchObject({
      state: 'published',
      note: CHANNEL_NOT_FEATURED_NOTE,
    });
    const view = await shop.api<{ channels: unknown }>('GET', `/generations/${done.id}`);
    expect(view.body.channels).toEqual(done.channels);
  });

  it('one meeting every chosen channel is featured as the settings say', async () => {
    const shop = await shopFeaturing(['amazon', 'google']);
    const product = await productOf(shop);

    const done = await publish(shop, product, await shot('#ffffff'));

    expect(done.channels?.verdicts.map((verdict) => verdict.pass)).toEqual([true, true]);
    expect(await featuredMediaOf(shop.shop, product.id)).toBe(done.mediaId);
    expect(done.transitions.at(-1)).toMatchObject({ state: 'published', note: 'Featured' });
  });
});

describe('the AI mark in the file Shopify serves', () => {
  it('is recorded as kept when the CDN serves the file as uploaded', async () => {
    await cdnMetadata('keep');
    const shop = await harness.newShop();

    const done = await publish(shop, await productOf(shop), await shot('#ffffff'));

    expect(done.provenanceKept).toBe(true);
    expect(history(done)).not.toContain(PROVENANCE_LOST_NOTE);
  });

  it('is recorded as lost when the CDN strips metadata and encodes the image again, and the result is published all the same', async () => {
    await cdnMetadata('strip');
    try {
      const shop = await harness.newShop();

      const done = await publish(shop, await productOf(shop), await shot('#ffffff'));

      expect(done.state).toBe('published');
      expect(done.provenanceKept).toBe(false);
      expect(history(done)).toContain(PROVENANCE_LOST_NOTE);
    } finally {
      await cdnMetadata('keep');
    }
  });
});
