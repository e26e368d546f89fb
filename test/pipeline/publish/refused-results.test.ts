/**
 * A result the download guard refuses never reaches Shopify: the generation fails at once (no
 * retries) with the reason in plain words, and the shop's Files stay empty. The app runs as the
 * tests wire it (NODE_ENV=test: the ProductAI emulator's and the image host's origins trusted);
 * the guard's own cases are in result-download.test.ts.
 */
import { createServer } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, type Listening } from '../../../emulators/shared/listen.ts';
import type { ProductDetail } from '../../../src/app-api/contract.ts';
import {
  startPublishHarness,
  type PublishHarness,
  type TestShop,
} from '../../support/publish-stack.ts';
import { emulatorProducts } from '../../support/shop-media.ts';
import { afterFile } from '../../support/teardown.ts';
import { productImage } from '../../support/product-images.ts';
import { pngDeclaring } from '../../support/declared-png.ts';

let harness: PublishHarness;
let internal: Listening;
let internalConnections = 0;

beforeAll(async () => {
  harness = await startPublishHarness();
  const server = createServer((_req, res) => res.end('internal'));
  server.on('connection', () => (internalConnections += 1));
  internal = await listenOnLoopback(server);
  afterFile(() => internal.close());
});

async function attachResult(resultUrl: string) {
  const shop = await harness.newShop();
  const [productId] = await emulatorProducts(harness.app, shop.shop);
  const product = (
    await shop.api<ProductDetail>('GET', `/products/${encodeURIComponent(productId!)}`)
  ).body;
  const created = await shop.savingGeneration(product, resultUrl, 'Refused');
  await harness.pipeline.context.enqueue('attach', { shop: shop.shop, generationId: created.id });
  const ended = await shop.waitFor(created.id, ['published', 'failed']);
  return { ended, files: await resultFiles(shop) };
}

/** The files attach made in the shop's Files (named from the handle and the scene, 'refused'). */
async function resultFiles(shop: TestShop): Promise<string[]> {
  const { files } = (await harness.app.shopifyControl('GET', `/shops/${shop.shop}/files`)) as {
    files: { filename: string }[];
  };
  return files.map((file) => file.filename).filter((name) => name.includes('-refused'));
}

describe('a result the download guard refuses', () => {
  it('fails the generation with the reason when the result is HTML, not an image', async () => {
    const html = Buffer.from('<!doctype html><title>Sign in</title>');
    const url = harness.images.serve('/refused/login.png', html, 'text/html');

    const { ended, files } = await attachResult(url);

    expect(ended).toMatchObject({
      state: 'failed',
      reason:
        'The result file is not a PNG, JPEG or WebP image: its bytes are of no media type we recognise (served as text/html).',
    });
    expect(files).toEqual([]);
  });

  it('fails the generation without connecting when the result is on an address nobody trusted', async () => {
    const before = internalConnections;

    const { ended, files } = await attachResult(`${internal.url}/result.png`);

    expect(ended).toMatchObject({
      state: 'failed',
      reason:
        "The result file's address was refused: only https addresses are downloaded, not http:.",
    });
    expect(internalConnections).toBe(before);
    expect(files).toEqual([]);
  });

  it('fails the generation at once when the result declares more pixels than the app reads', async () => {
    const url = harness.images.serve('/refused/bomb.png', pngDeclaring(16383, 16383));

    const { ended, files } = await attachResult(url);

    expect(ended).toMatchObject({
      state: 'failed',
      reason:
        'The generated image is 16383×16383 pixels, more than the 67.1 megapixels the app reads.',
    });
    expect(ended.attempts['attach']).toBe(1);
    expect(files).toEqual([]);
  });

  it('still publishes a real image from a trusted origin', async () => {
    const url = harness.images.serve('/refused/real.png', await productImage('png', 400, 400));

    const { ended, files } = await attachResult(url);

    expect(ended.state).toBe('published');
    expect(files).toHaveLength(1);
  });
});
