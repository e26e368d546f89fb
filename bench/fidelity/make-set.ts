/**
 * Makes the labelled set of source/result pairs for the fidelity benchmark:
 *   node bench/fidelity/make-set.ts [products=64] [folder=bench/fidelity/set]
 * Per product (half with label text, two in every four, so each half of the set has some): a source (the product on a studio sweep, 1024 px) and
 * five 2048 px results: three faithful (a busy scene, other objects beside it, moved, scaled,
 * turned, lit differently, sometimes partly hidden or twice in the picture) and two changed
 * (recolour, warp, reshape, erased or garbled text, or another object swapped in, each at one
 * of three strengths). Plus upscale pairs, faithful and slightly changed. labels.json lists them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import {
  eraseText,
  garbleText,
  recolour,
  reshape,
  warp,
  type ChangeKind,
} from '../../emulators/productai/render/changes.ts';
import {
  drawBackground,
  drawProduct,
  grainTile,
  random,
  shadow,
  type Product,
} from './products.ts';

export interface Pair {
  id: string;
  source: string;
  result: string;
  kind: 'image' | 'upscale';
  label: 'faithful' | 'changed';
  change?: { kind: ChangeKind; strength: number };
  withText: boolean;
}

const STRENGTHS: Record<ChangeKind, number[]> = {
  recolour: [30, 60, 150],
  warp: [0.025, 0.04, 0.07],
  reshape: [1.2, 1.35, 1.55],
  'erase-text': [0.6, 0.8, 1],
  'garble-text': [2, 3, 6],
  swap: [0, 1, 2],
};
const RESULT = 2048;
const SOURCE = 1024;

async function placed(png: Buffer, height: number, angle: number) {
  const scaled = await sharp(png)
    .resize({ height: Math.round(height) })
    .png()
    .toBuffer();
  const turned = await sharp(scaled)
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const meta = await sharp(turned).metadata();
  return { png: turned, width: meta.width!, height: meta.height! };
}

/** A scene with the product (already changed or not) in it, as a 2048 px JPEG. */
async function scene(seed: number, product: Buffer, others: Product[]): Promise<Buffer> {
  const r = random(seed);
  const layers: OverlayOptions[] = [];
  const size = 0.3 + r() * 0.42;
  const angle = r() < 0.4 ? 0 : (r() - 0.5) * 60;
  const main = await placed(product, RESULT * size, angle);
  const left = Math.round(r() * (RESULT - main.width));
  const top = Math.round(RESULT * 0.1 + r() * (RESULT * 0.9 - main.height));
  for (const [i, other] of others.slice(0, Math.floor(r() * 3)).entries()) {
    const o = await placed(other.png, RESULT * (0.25 + r() * 0.3), (r() - 0.5) * 20);
    const x = i === 0 ? left - o.width * 0.9 : left + main.width * 0.9;
    layers.push({
      input: o.png,
      left: clamp(x, RESULT - o.width),
      top: clamp(top + r() * 200, RESULT - o.height),
    });
  }
  if (r() < 0.15) {
    const twin = await placed(product, RESULT * size * 0.8, 0);
    layers.push({
      input: twin.png,
      left: clamp(left + main.width, RESULT - twin.width),
      top: clamp(top, RESULT - twin.height),
    });
  }
  layers.push({
    input: shadow(main.width, main.height),
    left,
    top: clamp(top + main.height * 0.12, RESULT - main.height),
  });
  const lit = await sharp(main.png)
    .modulate({ brightness: 0.82 + r() * 0.36 })
    .png()
    .toBuffer();
  layers.push({ input: lit, left, top });
  if (r() < 0.35 && others.length) {
    // Something in front, hiding up to about 15 % of the product's width.
    const o = await placed(others[others.length - 1]!.png, main.height * 0.5, 0);
    const hide = main.width * (0.05 + r() * 0.1);
    layers.push({
      input: o.png,
      left: clamp(left + main.width - hide, RESULT - o.width),
      top: clamp(top + main.height - o.height, RESULT - o.height),
    });
  }
  const light = `<svg xmlns="http://www.w3.org/2000/svg" width="${RESULT}" height="${RESULT}"><defs><radialGradient id="l" cx="${r()}" cy="${r() * 0.5}" r="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#l)"/></svg>`;
  layers.push({ input: Buffer.from(light), blend: 'soft-light' });
  const composed = await sharp(await drawBackground(seed, RESULT, true))
    .composite(layers)
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(composed)
    .composite([{ input: await grainTile(seed, 12), tile: true, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

function clamp(v: number, max: number): number {
  return Math.round(Math.max(0, Math.min(max, v)));
}

async function source(seed: number, product: Product): Promise<Buffer> {
  const p = await placed(product.png, SOURCE * 0.78, 0);
  const bg = await drawBackground(seed, SOURCE, false);
  return sharp(bg)
    .composite([
      {
        input: shadow(p.width, p.height),
        left: (SOURCE - p.width) >> 1,
        top: Math.round(SOURCE * 0.14),
      },
      { input: p.png, left: (SOURCE - p.width) >> 1, top: Math.round(SOURCE * 0.1) },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function changed(
  kind: ChangeKind,
  strength: number,
  product: Product,
  seed: number,
): Promise<Buffer> {
  switch (kind) {
    case 'recolour':
      return recolour(product.png, strength);
    case 'warp':
      return warp(product.png, strength);
    case 'reshape':
      return reshape(product.png, strength);
    case 'erase-text':
      return eraseText(product.png, product.text!, strength);
    case 'garble-text':
      return garbleText(product.png, product.text!, strength, seed);
    case 'swap':
      return (await drawProduct(seed * 31 + 7, strength > 0)).png;
  }
}

async function main() {
  const count = Number(process.argv[2] ?? 64);
  const folder = process.argv[3] ?? join(import.meta.dirname, 'set');
  await mkdir(folder, { recursive: true });
  const pairs: Pair[] = [];
  const write = async (name: string, data: Buffer) => {
    await writeFile(join(folder, name), data);
    return name;
  };
  for (let i = 0; i < count; i++) {
    // Text on products 0, 1, 4, 5, …: both halves (even products tune, odd are held out) have
    // labelled products, so the held-out half tests the text thresholds too.
    const withText = Math.floor(i / 2) % 2 === 0;
    const r = random(1000 + i);
    const product = await drawProduct(1000 + i, withText);
    const others = [await drawProduct(5000 + i, r() < 0.5), await drawProduct(7000 + i, false)];
    const src = await write(`p${i}-source.jpg`, await source(i, product));
    for (let k = 0; k < 3; k++) {
      const id = `p${i}-faithful-${k}`;
      const result = await write(`${id}.jpg`, await scene(i * 10 + k, product.png, others));
      pairs.push({ id, source: src, result, kind: 'image', label: 'faithful', withText });
    }
    const kinds: ChangeKind[] = withText
      ? ['recolour', 'warp', 'reshape', 'erase-text', 'garble-text', 'swap']
      : ['recolour', 'warp', 'reshape', 'swap'];
    for (let k = 0; k < 2; k++) {
      const kind = kinds[(i + k * 3) % kinds.length]!;
      const strength = STRENGTHS[kind][Math.floor(r() * 3)]!;
      const id = `p${i}-${kind}-${k}`;
      const result = await write(
        `${id}.jpg`,
        await scene(i * 10 + 5 + k, await changed(kind, strength, product, i), others),
      );
      pairs.push({
        id,
        source: src,
        result,
        kind: 'image',
        label: 'changed',
        change: { kind, strength },
        withText,
      });
    }
    if (i % 3 === 0) {
      const faithful = i % 2 === 0;
      const id = `p${i}-upscale-${faithful ? 'faithful' : 'recolour'}`;
      const sourceImage = await source(i, product);
      const up = faithful
        ? sharp(sourceImage).resize(SOURCE * 2, SOURCE * 2, { kernel: 'lanczos3' })
        : sharp(sourceImage)
            .resize(SOURCE * 2, SOURCE * 2)
            .modulate({ hue: 12 });
      const result = await write(`${id}.jpg`, await up.jpeg({ quality: 92 }).toBuffer());
      pairs.push({
        id,
        source: src,
        result,
        kind: 'upscale',
        label: faithful ? 'faithful' : 'changed',
        ...(faithful ? {} : { change: { kind: 'recolour' as const, strength: 12 } }),
        withText,
      });
    }
    // Written after each product, so a set cut short is still a usable (smaller) set.
    await writeFile(join(folder, 'labels.json'), JSON.stringify(pairs, null, 1));
    process.stdout.write(`\r${i + 1}/${count} products, ${pairs.length} pairs`);
  }
  process.stdout.write(`\n${pairs.length} pairs in ${folder}\n`);
}

await main();
