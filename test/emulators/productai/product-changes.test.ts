/**
 * The emulator changes products on request, as an AI model sometimes does, so the fidelity
 * guard can be seen at work: orders through the control surface (the next n jobs of an account,
 * a kind and a strength), and a random rate that is off unless asked for.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, KEY, OTHER_KEY, startApi, type Api } from './support/emulator.ts';
import { startImageHost, type HostedImages } from '../../support/product-images.ts';
import { changeProduct } from '../../../emulators/productai/render/change-product.ts';

/** A red bottle with a yellow label reading ALPINE, on a plain white backdrop. */
async function labelledBottle(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">
<rect width="100%" height="100%" fill="#ffffff"/>
<rect x="90" y="100" width="120" height="240" rx="24" fill="#c0392b"/>
<rect x="90" y="190" width="120" height="50" fill="#f4d03f"/>
<text x="150" y="215" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="24" fill="#111111">ALPINE</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The bottle's body below its label in a 1024 px square result: the product stands centred,
 * 594 px tall, its foot on the floor line at 840 px (render/scene.ts), so 480-560 wide by
 * 700-800 high is red body whatever the backdrop.
 */
const BODY = { left: 480, top: 700, width: 80, height: 100 };
/** A corner of the wall, far from the product. */
const WALL = { left: 0, top: 0, width: 120, height: 120 };

let api: Api;
let host: HostedImages;
let image: string;
beforeAll(async () => {
  [api, host] = await Promise.all([startApi(), startImageHost()]);
  image = host.serve('/bottle.png', await labelledBottle());
});
afterAll(async () => {
  await Promise.all([api.close(), host.close()]);
});

async function generate(key = KEY): Promise<{ id: number; bytes: Buffer }> {
  const { body } = await api.post(
    '/v1/api/generate',
    {
      model: 'nanobanana',
      prompt: 'on a marble counter',
      image_url: image,
      aspect_ratio: 'SQUARE',
      resolution: '1K',
    },
    key,
  );
  const job = await api.settle(body.data.id as number, key);
  expect(job.status).toBe('COMPLETED');
  return { id: body.data.id as number, bytes: (await download(job.image_url as string)).bytes };
}

async function meanColour(png: Buffer, region: typeof BODY): Promise<number[]> {
  // stats() reads the whole input whatever the pipeline: the region is cut out first.
  const { channels } = await sharp(await sharp(png).extract(region).png().toBuffer()).stats();
  return channels.slice(0, 3).map((c) => c.mean);
}

/** Hue in degrees (0-360) of an RGB colour. */
function hue([r, g, b]: number[]): number {
  const max = Math.max(r!, g!, b!);
  const d = max - Math.min(r!, g!, b!);
  if (d === 0) return 0;
  const h = max === r ? ((g! - b!) / d) % 6 : max === g ? (b! - r!) / d + 2 : (r! - g!) / d + 4;
  return (h * 60 + 360) % 360;
}

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));
const SOURCE_HUE = hue([0xc0, 0x39, 0x2b]);

async function jobRecord(id: number) {
  const { body } = await api.control('GET', '/jobs');
  return (body.jobs as Array<{ id: number; change: unknown }>).find((job) => job.id === id)!;
}

describe('changes ordered through the control surface', () => {
  it("a job told to recolour turns the product's hue; the next one keeps it, and the backdrop is the same", async () => {
    const ordered = await api.control('POST', `/accounts/${KEY}/changes`, {
      kind: 'recolour',
      strength: 1,
    });
    expect(ordered.status).toBe(200);
    expect(ordered.body.pending).toEqual([{ kind: 'recolour', strength: 1, remaining: 1 }]);

    const changed = await generate();
    const untouched = await generate();

    expect(hueDistance(hue(await meanColour(changed.bytes, BODY)), SOURCE_HUE)).toBeGreaterThan(90);
    expect(hueDistance(hue(await meanColour(untouched.bytes, BODY)), SOURCE_HUE)).toBeLessThan(10);
    const [wallChanged, wallUntouched] = await Promise.all([
      meanColour(changed.bytes, WALL),
      meanColour(untouched.bytes, WALL),
    ]);
    wallChanged.forEach((value, i) => expect(value).toBeCloseTo(wallUntouched[i]!, 0));
    expect((await jobRecord(changed.id)).change).toEqual({ kind: 'recolour', strength: 1 });
    expect((await jobRecord(untouched.id)).change).toBeNull();
    expect((await api.control('GET', `/accounts/${KEY}/changes`)).body.pending).toEqual([]);
  });

  it.each(['warp', 'reshape', 'erase-text', 'garble-text', 'swap'])(
    'a job told to %s renders a product that differs from the untouched one',
    async (kind) => {
      await api.control('POST', `/accounts/${OTHER_KEY}/changes`, { kind, strength: 1 });
      const changed = await generate(OTHER_KEY);
      const untouched = await generate(OTHER_KEY);
      // The whole product's box: 297 x 594 px above the floor line (see BODY).
      const product = { left: 364, top: 246, width: 296, height: 594 };
      const [a, b] = await Promise.all(
        [changed, untouched].map(({ bytes }) =>
          sharp(bytes).extract(product).removeAlpha().raw().toBuffer(),
        ),
      );
      let difference = 0;
      for (let i = 0; i < a!.length; i++) difference += Math.abs(a![i]! - b![i]!);
      // Two untouched renders of one prompt are identical (difference 0).
      expect(difference / a!.length).toBeGreaterThan(1);
      expect((await jobRecord(changed.id)).change).toEqual({ kind, strength: 1 });
    },
  );

  it('an upscale told to recolour turns the whole picture; one told to reshape leaves the order for an image job', async () => {
    const { bytes: source } = await generate();
    const url = host.serve('/scene.png', source);
    await api.control('POST', `/accounts/${KEY}/changes`, { kind: 'reshape', strength: 0.5 });
    await api.control('POST', `/accounts/${KEY}/changes`, { kind: 'recolour', strength: 1 });

    const { body } = await api.post('/v1/api/upscale', { image_url: url });
    const job = await api.settle(body.data.id as number, KEY);
    const upscaled = (await download(job.image_url as string)).bytes;

    const doubled = {
      left: BODY.left * 2,
      top: BODY.top * 2,
      width: BODY.width * 2,
      height: BODY.height * 2,
    };
    expect(hueDistance(hue(await meanColour(upscaled, doubled)), SOURCE_HUE)).toBeGreaterThan(90);
    expect((await api.control('GET', `/accounts/${KEY}/changes`)).body.pending).toEqual([
      { kind: 'reshape', strength: 0.5, remaining: 1 },
    ]);
    await api.control('DELETE', `/accounts/${KEY}/changes`);
    expect((await api.control('GET', `/accounts/${KEY}/changes`)).body.pending).toEqual([]);
  });
});

describe('a recolour', () => {
  /** Mean spread of a pixel's channels over the opaque pixels: 0 for grey, black and white. */
  async function colourfulness(png: Buffer): Promise<number> {
    const { data, info } = await sharp(png)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let spread = 0,
      seen = 0;
    for (let i = 0; i < info.width * info.height; i++) {
      if (data[i * 4 + 3]! < 128) continue;
      spread += Math.max(data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!);
      spread -= Math.min(data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!);
      seen++;
    }
    return spread / seen;
  }

  /**
   * A cut-out as the emulator makes one of a demo picture: the bottle, and under it a caption
   * kept as a piece of its own (large enough to pass the cut-out's main-parts rule), its dark
   * letters edged by the light backdrop the keying left around them: more contrast than the
   * label's.
   */
  async function bottleWithCaption(): Promise<Buffer> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">
<rect x="90" y="20" width="120" height="240" rx="24" fill="#c0392b"/>
<rect x="90" y="110" width="120" height="50" fill="#f4d03f"/>
<text x="150" y="135" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="24" fill="#111111">ALPINE</text>
<text x="150" y="330" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="40" fill="#222222" stroke="#f3efe6" stroke-width="6" paint-order="stroke">Bottle Water Bottle</text>
</svg>`;
    return sharp(Buffer.from(svg)).ensureAlpha().png().toBuffer();
  }

  async function rgba(png: Buffer) {
    return sharp(png).ensureAlpha().raw().toBuffer();
  }

  it.each(['erase-text', 'garble-text'] as const)(
    "a job told to %s changes the product's label, not a caption kept under it",
    async (kind) => {
      const before = await bottleWithCaption();
      const [a, b] = await Promise.all(
        [before, await changeProduct(before, { kind, strength: 1 })].map(rgba),
      );
      const changedIn = (top: number, bottom: number) => {
        let changed = 0;
        for (let i = top * 300 * 4; i < bottom * 300 * 4; i++) if (a![i] !== b![i]) changed++;
        return changed;
      };
      expect(changedIn(100, 170)).toBeGreaterThan(500);
      expect(changedIn(290, 400)).toBe(0);
    },
  );

  it('gives a charcoal and white product a colour (a hue turn would leave it as it was)', async () => {
    const sneaker = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">' +
          '<rect width="200" height="70" fill="#3a3a3a"/><rect y="70" width="200" height="30" fill="#f8f8f8"/></svg>',
      ),
    )
      .ensureAlpha()
      .png()
      .toBuffer();
    const changed = await changeProduct(sneaker, { kind: 'recolour', strength: 0.6 });
    expect(await colourfulness(sneaker)).toBeLessThan(2);
    expect(await colourfulness(changed)).toBeGreaterThan(24);
  });
});
