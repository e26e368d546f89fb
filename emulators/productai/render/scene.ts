/**
 * Composes a product scene: a backdrop drawn from the prompt's palette (wall gradient, floor,
 * a soft key light, bokeh placed by a seed from the prompt), and the products standing on the
 * floor side by side with contact shadows. Without products (text-to-image) a podium and an
 * accent orb stand in. A requested change (a mis-edit for the fidelity guard) is made on the
 * products' cut-outs only, before they are placed. Each job's backdrop drifts from the prompt's
 * palette, or follows a style reference (style-reference.ts). Returns an opaque RGB sharp pipeline; callers choose the format.
 */
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { changeProduct } from './change-product.ts';
import type { ProductChange } from './product-change.ts';
import { cutOut, type Cutout } from './cutout.ts';
import { hashText, paletteFor, type Palette } from './palette.ts';
import { DRIFT, drifted, driftSeed, paletteFromReference } from './style-reference.ts';
import { seeded } from '../seeded-random.ts';

export interface SceneRequest {
  width: number;
  height: number;
  prompt: string;
  products: Buffer[];
  change?: ProductChange | undefined;
  /** The style reference whose colours the backdrop takes (style-reference.ts). */
  style?: Buffer | undefined;
}

/** Longest side the backdrop SVG is rasterised at before being enlarged. */
const BACKDROP_MAX_SIDE = 640;

/** Where the wall meets the floor, as a fraction of the height. */
const HORIZON = 0.62;

export async function renderScene(request: SceneRequest): Promise<Sharp> {
  const { width, height, prompt, products } = request;
  const palette = request.style
    ? drifted(
        await paletteFromReference(request.style),
        driftSeed(prompt, products),
        DRIFT.withReference,
      )
    : drifted(paletteFor(prompt), driftSeed(prompt, products), DRIFT.free);
  const floorLine = Math.round(height * (HORIZON + 0.2));
  const slotWidth = Math.round((width * 0.78) / Math.max(1, products.length));
  const maxWidth = Math.min(slotWidth, Math.round(width * 0.6));
  const maxHeight = Math.round(height * 0.58);
  const cutouts = await Promise.all(
    products.map(async (product, index) => {
      const cutout = await cutOut(product, maxWidth, maxHeight);
      return request.change ? changed(cutout, request.change, index, maxHeight) : cutout;
    }),
  );
  const placed = layout(cutouts, width, floorLine);
  // The backdrop is soft gradients, blur and bokeh: drawn small and enlarged it looks the same,
  // and librsvg's blur filter at 4K would take seconds.
  const scale = Math.min(1, BACKDROP_MAX_SIDE / Math.max(width, height));
  const svg = backdropSvg(width, height, palette, hashText(prompt), placed, products.length === 0);
  // Rasterised in a pass of its own: given a resize, sharp would render the SVG at full size.
  const small = await sharp(Buffer.from(svg), { density: 72 * scale })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = await sharp(small.data, { raw: rawOf(small.info) })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .composite(placed.map((p) => ({ input: p.cutout.png, left: p.left, top: p.top })))
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The scene is opaque; its alpha channel (added by the compositing) is dropped.
  return sharp(data, { raw: rawOf(info) }).removeAlpha();
}

/** The cut-out changed; a reshaped one may grow wider than its slot, but stays in the frame. */
async function changed(
  cutout: Cutout,
  change: ProductChange,
  seed: number,
  maxHeight: number,
): Promise<Cutout> {
  const png = await changeProduct(cutout.png, change, seed + 1);
  const { data, info } = await sharp(png)
    .resize({ width: cutout.width * 2, height: maxHeight, fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

function rawOf(info: OutputInfo) {
  return { width: info.width, height: info.height, channels: info.channels };
}

interface Placed {
  cutout: Cutout;
  left: number;
  top: number;
}

/** Products side by side, centred, their bottoms on the floor line. */
function layout(cutouts: Cutout[], width: number, floorLine: number): Placed[] {
  const gap = Math.round(width * 0.03);
  const total = cutouts.reduce((sum, c) => sum + c.width, 0) + gap * (cutouts.length - 1);
  let left = Math.round((width - total) / 2);
  return cutouts.map((cutout) => {
    const placed = { cutout, left: Math.max(0, left), top: Math.max(0, floorLine - cutout.height) };
    left += cutout.width + gap;
    return placed;
  });
}

function backdropSvg(
  width: number,
  height: number,
  palette: Palette,
  seed: number,
  placed: Placed[],
  withProps: boolean,
): string {
  const horizon = Math.round(height * HORIZON);
  const random = seeded(seed);
  const bokeh = Array.from({ length: 14 }, () => {
    const r = Math.round((0.02 + random() * 0.06) * Math.min(width, height));
    const cx = Math.round(random() * width);
    const cy = Math.round(random() * horizon);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${palette.accent}" fill-opacity="${(0.06 + random() * 0.16).toFixed(2)}"/>`;
  }).join('');
  const shadows = placed
    .map((p) => {
      const rx = Math.round(p.cutout.width * 0.45);
      const ry = Math.max(2, Math.round(p.cutout.width * 0.07));
      return `<ellipse cx="${p.left + Math.round(p.cutout.width / 2)}" cy="${p.top + p.cutout.height}" rx="${rx}" ry="${ry}" fill="#000" fill-opacity="0.35" filter="url(#soft)"/>`;
    })
    .join('');
  const props = withProps ? propsSvg(width, height, palette, random) : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.wallTop}"/><stop offset="1" stop-color="${palette.wallBottom}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.floor}" stop-opacity="0.75"/><stop offset="1" stop-color="${palette.floor}"/></linearGradient>
<radialGradient id="light" cx="0.5" cy="0.35" r="0.65"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${Math.max(2, Math.round(width / 150))}"/></filter>
</defs>
<rect width="${width}" height="${height}" fill="url(#wall)"/>
${bokeh}
<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#floor)"/>
<rect width="${width}" height="${height}" fill="url(#light)"/>
${props}${shadows}
</svg>`;
}

/** Text-to-image stand-ins: a podium on the floor and an orb of the accent colour. */
function propsSvg(width: number, height: number, palette: Palette, random: () => number): string {
  const cx = Math.round(width * (0.4 + random() * 0.2));
  const podiumWidth = Math.round(width * 0.34);
  const podiumTop = Math.round(height * 0.58);
  const podiumHeight = Math.round(height * 0.22);
  const ry = Math.round(podiumWidth * 0.12);
  const orbR = Math.round(Math.min(width, height) * 0.12);
  return `<ellipse cx="${cx}" cy="${podiumTop + podiumHeight}" rx="${podiumWidth / 2}" ry="${ry}" fill="#000" fill-opacity="0.25" filter="url(#soft)"/>
<rect x="${cx - podiumWidth / 2}" y="${podiumTop}" width="${podiumWidth}" height="${podiumHeight}" fill="${palette.wallBottom}"/>
<ellipse cx="${cx}" cy="${podiumTop}" rx="${podiumWidth / 2}" ry="${ry}" fill="${palette.accent}"/>
<circle cx="${cx}" cy="${podiumTop - orbR}" r="${orbR}" fill="${palette.accent}" fill-opacity="0.9"/>`;
}
