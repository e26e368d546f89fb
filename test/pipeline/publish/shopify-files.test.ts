/**
 * The Files gateway the publish stages use, against the Shopify emulator (real schema, real
 * HTTP): a result becomes a file, READY after processing, joins the product's media through a
 * product reference, can be made featured, unlinked (file kept) and deleted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createShopifyFiles,
  type ShopifyFiles,
} from '../../../src/pipeline/publish/shopify-files.ts';
import { productImage, startImageHost, type HostedImages } from '../../support/product-images.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { emulatorProducts, productMedia, waitForFile } from '../../support/shop-media.ts';

let app: TestApp;
let images: HostedImages;
let shop: string;
let files: ShopifyFiles;

beforeAll(async () => {
  app = await startTestApp({ emulator: { mediaProcessingMs: 100 } });
  images = await startImageHost();
  shop = app.newShop();
  await app.deps.offlineTokens.ensure(shop, app.sessionToken(shop));
  files = createShopifyFiles(app.deps.admin.forShop(shop));
  return () => images.close();
});

async function newFile(name: string) {
  const url = images.serve(`/${name}.png`, await productImage('png', 400, 400));
  const created = await files.create({
    originalSource: url,
    contentType: 'IMAGE',
    filename: `${name}.png`,
    alt: `Alt of ${name}`,
  });
  if (!created) throw new Error('file not created');
  return created.id;
}

describe('the Files gateway on the Shopify emulator', () => {
  it('creates a file that becomes READY with a preview URL', async () => {
    const id = await newFile('ready-file');
    const state = await waitForFile(files, id, 'READY');
    expect(state.previewUrl).toMatch(/^http/);
    // What verify learns Shopify's processing time from.
    expect(state.pixels).toBe(400 * 400);
    expect(Date.parse(state.createdAt)).toBeLessThanOrEqual(Date.now());
  });

  it('finds the file a repeated create would duplicate, by its name', async () => {
    const id = await newFile('named-once');
    const again = await files.create({
      originalSource: images.serve('/again.png', await productImage('png', 100, 100)),
      contentType: 'IMAGE',
      filename: 'named-once.png',
      alt: '',
    });
    expect(again).toBeNull();
    expect(await files.findByFilename('named-once.png')).toEqual({
      id,
      status: expect.stringMatching(/^(UPLOADED|PROCESSING|READY)$/),
      // Whose file it is: a repeated attach tells its own file from another's by them.
      alt: 'Alt of named-once',
      createdAt: expect.any(String),
    });
  });

  it('adds a READY file to the end of a product media, featured on request, and removes it again', async () => {
    const [product] = await emulatorProducts(app, shop);
    const before = await productMedia(app, shop, product!);
    const id = await newFile('linked');
    await waitForFile(files, id, 'READY');

    await files.addToProduct(id, product!);
    const linked = await productMedia(app, shop, product!);
    expect(linked.map((media) => media.id)).toEqual([...before.map((media) => media.id), id]);

    await files.makeFeatured(product!, id);
    await expect.poll(() => files.featuredMediaId(product!)).toBe(id);

    await files.removeFromProduct(id, product!);
    const after = await productMedia(app, shop, product!);
    expect(after.map((media) => media.id)).toEqual(before.map((media) => media.id));
    expect((await files.status(id))?.status).toBe('READY');
  });

  it('deletes a file, and deleting it twice is fine', async () => {
    const id = await newFile('deleted');
    await waitForFile(files, id, 'READY');
    await files.delete(id);
    expect(await files.status(id)).toBeNull();
    await files.delete(id);
  });
});
