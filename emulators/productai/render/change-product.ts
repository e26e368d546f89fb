/**
 * Changes a product the way an AI model sometimes does, for the fidelity guard to catch: the
 * transforms of ./changes.ts (shared with the fidelity benchmark's labelled set), driven by one
 * strength from 0 to 1. Works on the product cut-out (RGBA PNG) before it is placed in the
 * scene, so only the product changes; upscales pass the whole image (recolour and warp only).
 */
import sharp from 'sharp';
import type { ProductChange } from './product-change.ts';
import { opaqueParts } from './cutout.ts';
import { eraseText, garbleText, recolour, reshape, warp, type TextArea } from './changes.ts';

/**
 * Each kind's range, strength 0 to 1 (the labelled set's strengths fall inside them): a hue
 * turn of 20-180 degrees, a wave of 1-8 % of the width, 5-60 % wider, 20-100 % of the label
 * painted over, 1-6 letters replaced.
 */
const scale = (from: number, to: number, strength: number) => from + (to - from) * strength;

export async function changeProduct(png: Buffer, change: ProductChange, seed = 1): Promise<Buffer> {
  const s = change.strength;
  switch (change.kind) {
    case 'recolour':
      return (await isGrey(png))
        ? greyTinted(png, Math.round(scale(20, 180, s)))
        : recolour(png, Math.round(scale(20, 180, s)));
    case 'warp':
      return warp(png, scale(0.01, 0.08, s));
    case 'reshape':
      return reshape(png, scale(1.05, 1.6, s));
    case 'erase-text':
      return eraseText(png, await labelArea(png), scale(0.2, 1, s));
    case 'garble-text':
      return garbleText(png, await labelArea(png), Math.max(1, Math.round(6 * s)), seed);
    case 'swap':
      return anotherObject(png);
  }
}

/** Mean spread of a pixel's channels (0-255) under which a product is grey, black or white. */
const GREY = 24;

/**
 * Whether the product has hardly any colour: a hue turn leaves grey, black and white as they
 * are, so a "recoloured" charcoal sneaker came back unchanged and was counted as a change the
 * check missed (demo run: 1 of 7 misses).
 */
async function isGrey(png: Buffer): Promise<boolean> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let spread = 0,
    seen = 0;
  for (let i = 0; i < info.width * info.height; i++) {
    if (data[i * 4 + 3]! < 128) continue;
    const [r, g, b] = [data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!];
    spread += Math.max(r, g, b) - Math.min(r, g, b);
    seen++;
  }
  return seen > 0 && spread / seen < GREY;
}

/** A grey product given a colour instead: tinted with the hue `degrees` from red. */
function greyTinted(png: Buffer, degrees: number): Promise<Buffer> {
  const hue = (degrees * Math.PI) / 180;
  const channel = (offset: number) => Math.round(128 + 127 * Math.cos(hue - offset));
  return sharp(png)
    .tint({ r: channel(0), g: channel((2 * Math.PI) / 3), b: channel((4 * Math.PI) / 3) })
    .png()
    .toBuffer();
}

/**
 * Where the label is: the emulator does not read text, so it takes the band (a sixth of the
 * product's height) with the most contrast across it, where lettering is, and the columns in it
 * that carry that contrast; it paints over (or misprints) that band in its commonest colour.
 * Only the product's largest piece is searched: a caption word the cut-out kept beside the
 * product (the demo's headphones carried "Headphones" under them) is not the product's label,
 * and changing it left the product as it was.
 */
async function labelArea(png: Buffer): Promise<TextArea> {
  const box = await busiestBand(png);
  // stats() reads the whole input whatever the pipeline, so the band is cut out first.
  const band = await sharp(png)
    .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
    .png()
    .toBuffer();
  // The band's commonest colour is the label's (its text is the smaller share).
  const { r, g, b } = (await sharp(band).stats()).dominant;
  const light = 0.299 * r + 0.587 * g + 0.114 * b > 128;
  return {
    box,
    labelColour: `rgb(${r},${g},${b})`,
    textColour: light ? '#111111' : '#f5f5f5',
    text: 'LABEL',
    fontSize: Math.max(6, Math.round(box.height * 0.7)),
  };
}

/** Another object in the product's place: a round vessel of the opposite colour, same size. */
async function anotherObject(png: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(png).metadata();
  const { channels } = await sharp(png).stats();
  const [r, g, b] = channels.map((c) => 255 - Math.round(c.mean));
  const w = width!;
  const h = height!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<rect x="${w * 0.35}" y="0" width="${w * 0.3}" height="${h * 0.3}" rx="${w * 0.05}" fill="rgb(${r},${g},${b})"/>
<ellipse cx="${w / 2}" cy="${h * 0.62}" rx="${w * 0.48}" ry="${h * 0.37}" fill="rgb(${r},${g},${b})"/>
<ellipse cx="${w * 0.38}" cy="${h * 0.55}" rx="${w * 0.1}" ry="${h * 0.16}" fill="#ffffff" fill-opacity="0.35"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Contrast between neighbouring opaque pixels (grey levels) that counts as an edge. */
const EDGE = 40;

async function busiestBand(png: Buffer): Promise<TextArea['box']> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const { part, sizes } = opaqueParts(data, width, height);
  const product = sizes.indexOf(Math.max(...sizes));
  const grey = (p: number) => 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  const onProduct = (i: number) => part[i] === product && data[i * 4 + 3]! > 128;
  const edge = (x: number, y: number) => {
    const i = y * width + x;
    return onProduct(i) && onProduct(i - 1) && Math.abs(grey(i * 4) - grey(i * 4 - 4)) > EDGE;
  };
  const rows = Array.from({ length: height }, (_, y) => {
    let count = 0;
    for (let x = 1; x < width; x++) if (edge(x, y)) count++;
    return count;
  });
  const bandHeight = Math.max(1, Math.round(height * 0.16));
  let best = 0;
  let bestSum = -1;
  let sum = 0;
  for (let y = 0; y < height; y++) {
    sum += rows[y]! - (y >= bandHeight ? rows[y - bandHeight]! : 0);
    if (y >= bandHeight - 1 && sum > bestSum) [best, bestSum] = [y - bandHeight + 1, sum];
  }
  let left = width;
  let right = 0;
  for (let y = best; y < best + bandHeight; y++)
    for (let x = 1; x < width; x++)
      if (edge(x, y)) [left, right] = [Math.min(left, x), Math.max(right, x)];
  if (right <= left) [left, right] = [Math.round(width * 0.2), Math.round(width * 0.8)];
  const pad = Math.round(bandHeight * 0.2);
  const x = Math.max(0, left - pad);
  return { x, y: best, width: Math.min(width, right + pad) - x, height: bandHeight };
}
