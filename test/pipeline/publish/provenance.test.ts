/**
 * Marked as AI-made and named for search: the file Shopify stores says, in its own
 * metadata, that it is AI-made (IPTC digital source type), by which tool and model and when; an
 * entry beside it in Shopify keeps the model, prompt, ProductAI job id and date; its name comes
 * from the product's handle and the scene, unique per product; a repeat after a crash adds
 * nothing.
 */
import exifr from 'exifr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../src/app-api/contract.ts';
import { createPublishStages } from '../../../src/pipeline/publish/index.ts';
import { PROVENANCE_TYPE } from '../../../src/pipeline/publish/media-provenance.ts';
import { FILE_CREATE } from '../../../src/shopify/operations/files.ts';
import { METAOBJECT_BY_HANDLE } from '../../../src/shopify/operations/metaobjects.ts';
import { PRODUCT_HANDLE } from '../../../src/shopify/operations/products.ts';
import { productImage } from '../../support/product-images.ts';
import {
  FAST_PUBLISH,
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { emulatorProducts } from '../../support/shop-media.ts';

const SCENE_PROMPT = 'The product standing on a marble countertop, soft morning light';

let harness: PublishHarness;

beforeAll(async () => {
  harness = await startPublishHarness();
});

interface StoredFile {
  id: string;
  filename: string;
  alt: string;
  url: string | null;
  status: string;
}

async function storedFiles(shop: string): Promise<StoredFile[]> {
  return (
    (await harness.app.shopifyControl('GET', `/shops/${shop}/files`)) as { files: StoredFile[] }
  ).files;
}

async function productOf(shop: TestShop): Promise<ProductDetail & { handle: string }> {
  const [productId] = await emulatorProducts(harness.app, shop.shop);
  const product = (
    await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(productId!)}`)
  ).body;
  const admin = await harness.pipeline.context.admin(shop.shop);
  const { product: found } = await admin.request(PRODUCT_HANDLE, { id: product.id });
  return { ...product, handle: found!.handle };
}

/** A photo result for the product, attached and verified: its generation once it has a file. */
async function publish(shop: TestShop, product: ProductDetail, result: Buffer, prompt: string) {
  const url = harness.images.serve(`/${shop.shop}/${Math.random()}.png`, result);
  const created = await shop.savingGeneration(product, url, prompt);
  await harness.pipeline.generations.patch(shop.shop, created.id, { productAiJobId: 4242 });
  await harness.pipeline.context.enqueue('attach', { shop: shop.shop, generationId: created.id });
  return shop.waitFor(created.id, ['published', 'in_review', 'failed']);
}

/** The provenance entry of the result whose file is `fileId` (its handle: the file's name). */
async function entryOf(shop: string, fileId: string) {
  const file = (await storedFiles(shop)).find((stored) => stored.id === fileId)!;
  const handle = file.filename.replace(/\.[a-z]+$/, '');
  const admin = await harness.pipeline.context.admin(shop);
  const data = await admin.request(METAOBJECT_BY_HANDLE, {
    handle: { type: PROVENANCE_TYPE, handle },
  });
  const entry = data.metaobjectByHandle;
  return (
    entry && { id: entry.id, fields: Object.fromEntries(entry.fields.map((f) => [f.key, f.value])) }
  );
}

describe('marked as AI-made', () => {
  it('the file Shopify stores carries the IPTC digital source type, the tool and model, and the date, with its pixels unchanged', async () => {
    const shop = await harness.newShop();
    const product = await productOf(shop);
    const result = await productImage('png', 640, 480);

    const done = await publish(shop, product, result, SCENE_PROMPT);

    expect(done.state).not.toBe('failed');
    const stored = (await storedFiles(shop.shop)).find((file) => file.id === done.fileId)!;
    const bytes = Buffer.from(await (await fetch(stored.url!)).arrayBuffer());
    const metadata = await exifr.parse(bytes, { xmp: true, mergeOutput: false });
    const savedAt = done.transitions.find((transition) => transition.state === 'saving')!.at;
    expect(metadata).toMatchObject({
      Iptc4xmpExt: {
        DigitalSourceType:
          'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
        AISystemUsed: 'ProductAI Studio, model nanobanana',
      },
      xmp: { CreatorTool: 'ProductAI Studio, model nanobanana', CreateDate: savedAt },
    });
    const pixels = (image: Buffer) => sharp(image).raw().toBuffer();
    expect((await pixels(bytes)).equals(await pixels(result))).toBe(true);
  });

  it('a JPEG result carries the same in its XMP, and the tool and date in EXIF', async () => {
    const shop = await harness.newShop();
    const product = await productOf(shop);

    const done = await publish(shop, product, await productImage('jpeg', 640, 480), SCENE_PROMPT);

    const stored = (await storedFiles(shop.shop)).find((file) => file.id === done.fileId)!;
    const bytes = Buffer.from(await (await fetch(stored.url!)).arrayBuffer());
    const metadata = await exifr.parse(bytes, { xmp: true, mergeOutput: false });
    expect(metadata.Iptc4xmpExt.DigitalSourceType).toBe(
      'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
    );
    expect(metadata.ifd0).toMatchObject({ Software: 'ProductAI Studio, model nanobanana' });
    expect((metadata.ifd0.ModifyDate as Date).toISOString().slice(0, 19)).toBe(
      done.transitions.find((transition) => transition.state === 'saving')!.at.slice(0, 19),
    );
  });

  it('an entry beside the media keeps the model, prompt, ProductAI job id and date for the merchant', async () => {
    const shop = await harness.newShop();
    const product = await productOf(shop);

    const done = await publish(shop, product, await productImage('png', 320, 240), SCENE_PROMPT);

    const savedAt = done.transitions.find((transition) => transition.state === 'saving')!.at;
    expect((await entryOf(shop.shop, done.fileId!))?.fields).toEqual({
      media: done.fileId,
      product: product.id,
      tool: 'ProductAI Studio',
      model: 'nanobanana',
      prompt: SCENE_PROMPT,
      productai_job_id: '4242',
      generated_at: `${savedAt.slice(0, 19)}Z`,
      digital_source_type:
        'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
    });
  });

  it('attach repeated after a crash leaves one file and one provenance entry', async () => {
    const shop = await harness.newShop();
    const product = await productOf(shop);
    const url = harness.images.serve(`/${shop.shop}/replay.png`, await productImage('png'));
    const created = await shop.savingGeneration(product, url, SCENE_PROMPT);
    const ref = { shop: shop.shop, generationId: created.id };
    const { attachStage } = createPublishStages({ timing: FAST_PUBLISH });
    const ctx = { ...harness.pipeline.context, enqueue: async () => {} };

    await attachStage(ref, ctx);
    const first = (await harness.pipeline.generations.get(shop.shop, created.id))!.fileId!;
    const firstEntry = await entryOf(shop.shop, first);
    await harness.pipeline.generations.patch(shop.shop, created.id, { fileId: null });
    await attachStage(ref, ctx);
    const second = (await harness.pipeline.generations.get(shop.shop, created.id))!.fileId!;

    expect(second).toBe(first);
    const named = (await storedFiles(shop.shop)).filter((file) =>
      file.filename.startsWith(`${product.handle}-marble-countertop`),
    );
    expect(named.map((file) => file.id)).toEqual([first]);
    expect(firstEntry).not.toBeNull();
    expect((await entryOf(shop.shop, second))?.id).toBe(firstEntry!.id);
  });
});

describe('named for search', () => {
  it('names files from the product handle and the scene, unique per product', async () => {
    const shop = await harness.newShop();
    const product = await productOf(shop);

    const first = await publish(shop, product, await productImage('png'), SCENE_PROMPT);
    const second = await publish(shop, product, await productImage('png'), SCENE_PROMPT);

    const files = await storedFiles(shop.shop);
    const nameOf = (id: string | null) => files.find((file) => file.id === id)?.filename;
    expect(nameOf(first.fileId)).toBe(`${product.handle}-marble-countertop.png`);
    expect(nameOf(second.fileId)).toBe(`${product.handle}-marble-countertop-2.png`);
  });

  it("leaves a name the merchant's own file has to that file", async () => {
    const shop = await harness.newShop();
    const product = await productOf(shop);
    const admin = await harness.pipeline.context.admin(shop.shop);
    const own = harness.images.serve(`/${shop.shop}/own.png`, await productImage('png'));
    const filename = `${product.handle}-marble-countertop.png`;
    const created = await admin.request(FILE_CREATE, {
      files: [{ originalSource: own, contentType: 'IMAGE', filename, alt: 'Mine' }],
    });

    const done = await publish(shop, product, await productImage('png'), SCENE_PROMPT);

    const files = await storedFiles(shop.shop);
    expect(files.find((file) => file.filename === filename)?.id).toBe(
      created.fileCreate?.files?.[0]?.id,
    );
    expect(files.find((file) => file.id === done.fileId)?.filename).toBe(
      `${product.handle}-marble-countertop-2.png`,
    );
  });

  it('gives alt text under 125 characters that names the product, not the prompt', async () => {
    const shop = await harness.newShop();
    const product = await productOf(shop);
    const prompt = `The product standing on a ${'weathered oak '.repeat(12)}table, golden hour`;

    const done = await publish(shop, product, await productImage('png'), prompt);

    const alt = (await storedFiles(shop.shop)).find((file) => file.id === done.fileId)!.alt;
    expect(alt.length).toBeLessThan(125);
    // The result here is the product's own photo, on its plain yellow backdrop: what it shows.
    expect(alt).toBe(`${product.title} in an AI-generated photo on a white background`);
  });
});
