/**
 * Reference images as a style: a prompt that binds the last image as the style
 * reference gets a backdrop in that image's colours and light, the image itself not staged as
 * a product; without one, each product's backdrop drifts from the prompt's palette, as a real
 * model's does. The request is the spec's: the reference is one more `image_url`.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, KEY, startApi, type Api } from './support/emulator.ts';
import { productImage, startImageHost, type HostedImages } from '../../support/product-images.ts';

const BINDING =
  'Use the last reference image only as the style reference: match its background, colours and light, do not show its contents.';

let api: Api;
let host: HostedImages;
let products: string[];
let reference: string;
beforeAll(async () => {
  [api, host] = await Promise.all([startApi(), startImageHost()]);
  products = [
    host.serve('/mug.png', await productImage('png', 300, 400)),
    host.serve('/lamp.jpg', await productImage('jpeg', 260, 300)),
    host.serve('/bag.webp', await productImage('webp', 400, 300)),
  ];
  const dusk = { create: { width: 320, height: 240, channels: 3 as const, background: '#28407a' } };
  reference = host.serve('/style.png', await sharp(dusk).png().toBuffer());
});
afterAll(async () => {
  await Promise.all([api.close(), host.close()]);
});

/** The mean colour of the result's top eighth: wall, above every product. */
async function backdrop(imageUrl: string[], prompt: string) {
  const { body } = await api.post('/v1/api/generate', {
    model: 'nanobanana',
    prompt,
    image_url: imageUrl,
    resolution: '1K',
  });
  const done = await api.settle(body.data.id, KEY);
  const { bytes } = await download(done.image_url as string);
  const stats = await sharp(bytes).extract({ left: 0, top: 0, width: 1024, height: 128 }).stats();
  return stats.channels.slice(0, 3).map((channel) => channel.mean);
}

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));

describe('a style reference', () => {
  it('is not staged: the job works from the product and follows the reference', async () => {
    await backdrop([products[0]!, reference], `On a table. ${BINDING}`);
    const { jobs } = (await api.control('GET', `/jobs?key=${KEY}`)).body as {
      jobs: { images: number; styleReference: boolean }[];
    };
    expect(jobs[0]).toMatchObject({ images: 2, styleReference: true });
  });

  it('gives the backdrop its colours: a dusk-blue reference makes a blue wall', async () => {
    const [red, green, blue] = await backdrop([products[0]!, reference], `On a table. ${BINDING}`);
    // Lightened by the scene's key light, blue still leads by far.
    expect(blue!).toBeGreaterThan(red! + 20);
    expect(blue!).toBeGreaterThan(green! + 20);
  });

  it('makes the products of one prompt share a backdrop, where they drift without it', async () => {
    const styled = await Promise.all(
      products.map((product) => backdrop([product, reference], `On a table. ${BINDING}`)),
    );
    const free = await Promise.all(products.map((product) => backdrop([product], 'On a table.')));
    const spread = (colours: number[][]) =>
      Math.max(...colours.flatMap((a) => colours.map((b) => distance(a, b))));
    expect(spread(free)).toBeGreaterThan(3 * spread(styled));
  });

  it('is only a reference when the prompt says so: otherwise it is one more product', async () => {
    await backdrop([products[0]!, reference], 'On a table.');
    const { jobs } = (await api.control('GET', `/jobs?key=${KEY}`)).body as {
      jobs: { images: number; styleReference: boolean }[];
    };
    expect(jobs[0]).toMatchObject({ images: 2, styleReference: false });
  });
});
