/**
 * Products and scenes for the labelled set, drawn with SVG and sharp: shaded bodies (gradients),
 * patterns, logos, labels with or without text, grain, shadows, and busy scenes with other
 * objects, never a plain background or a fixed layout.
 */
import sharp from 'sharp';
import type { TextArea } from '../../emulators/productai/render/changes.ts';

/** A small deterministic random source (mulberry32), so the set is the same on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'ALPINE',
  'NORDIC',
  'CITRUS',
  'VELVET',
  'HARBOR',
  'SUMMIT',
  'MEADOW',
  'COBALT',
  'EMBER',
  'TUNDRA',
  'SAFFRON',
  'ORCHID',
  'GRANITE',
  'LAGOON',
];
const SHAPES = ['bottle', 'box', 'can', 'jar', 'pouch'] as const;

export interface Product {
  png: Buffer;
  width: number;
  height: number;
  text?: TextArea;
}

const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;

/** A product cut-out (transparent around it), about 600 px tall. */
export async function drawProduct(seed: number, withText: boolean): Promise<Product> {
  const r = random(seed);
  const shape = SHAPES[Math.floor(r() * SHAPES.length)]!;
  const hue = r() * 360;
  const base = hsl(hue, 45 + r() * 40, 35 + r() * 25);
  const accent = hsl((hue + 90 + r() * 180) % 360, 50 + r() * 40, 40 + r() * 30);
  const labelColour = hsl((hue + 180) % 360, 20 + r() * 30, 85 + r() * 8);
  const textColour = hsl(r() * 360, 60, 18);
  const W = shape === 'box' ? 380 : shape === 'can' ? 300 : 340;
  const H = 600;
  const body =
    shape === 'bottle'
      ? `<path d="M${W * 0.38} 10 h${W * 0.24} v90 q${W * 0.36} 40 ${W * 0.36} 130 v360 q0 ${H - 590} -30 ${H - 590 + 80} h${-W * 0.72 + 60} q-30 0 -30 -80 v-360 q0 -90 ${W * 0.36} -130 z" fill="url(#shade)"/>`
      : shape === 'box'
        ? `<rect x="10" y="30" width="${W - 20}" height="${H - 40}" rx="8" fill="url(#shade)"/><polygon points="10,30 ${W - 10},30 ${W - 40},8 40,8" fill="${accent}"/>`
        : shape === 'can'
          ? `<rect x="10" y="40" width="${W - 20}" height="${H - 80}" fill="url(#shade)"/><ellipse cx="${W / 2}" cy="40" rx="${W / 2 - 10}" ry="22" fill="#bbb"/><ellipse cx="${W / 2}" cy="${H - 40}" rx="${W / 2 - 10}" ry="22" fill="url(#shade)"/>`
          : shape === 'jar'
            ? `<rect x="${W * 0.15}" y="10" width="${W * 0.7}" height="70" rx="10" fill="${accent}"/><rect x="10" y="80" width="${W - 20}" height="${H - 90}" rx="60" fill="url(#shade)"/>`
            : `<path d="M20 40 q${W / 2 - 20} -40 ${W - 40} 0 l10 ${H - 70} q${-(W - 40) / 2} 30 ${-(W - 20)} 0 z" fill="url(#shade)"/>`;
  const pattern = Math.floor(r() * 3);
  const patternDef =
    pattern === 0
      ? `<pattern id="p" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(${Math.round(r() * 90)})"><rect width="12" height="28" fill="${accent}" opacity="0.55"/></pattern>`
      : pattern === 1
        ? `<pattern id="p" width="34" height="34" patternUnits="userSpaceOnUse"><circle cx="17" cy="17" r="${6 + r() * 6}" fill="${accent}" opacity="0.6"/></pattern>`
        : `<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M0 20 L20 0 L40 20 L20 40 Z" fill="none" stroke="${accent}" stroke-width="4" opacity="0.6"/></pattern>`;
  const word = WORDS[Math.floor(r() * WORDS.length)]!;
  const fontSize = 54;
  const label = {
    x: Math.round(W * 0.12),
    y: Math.round(H * 0.42),
    width: Math.round(W * 0.76),
    height: 96,
  };
  const star = (cx: number, cy: number, rad: number) =>
    Array.from({ length: 10 }, (_, i) => {
      const a = (Math.PI * i) / 5 - Math.PI / 2;
      const d = i % 2 ? rad * 0.45 : rad;
      return `${(cx + d * Math.cos(a)).toFixed(1)},${(cy + d * Math.sin(a)).toFixed(1)}`;
    }).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs>
<linearGradient id="shade" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${base}" stop-opacity="1"/><stop offset="0.35" stop-color="${hsl(hue, 50, 70)}"/><stop offset="0.6" stop-color="${base}"/><stop offset="1" stop-color="${hsl(hue, 40, 18)}"/></linearGradient>
${patternDef}
<clipPath id="c">${body.replace(/fill="[^"]*"/g, '')}</clipPath>
</defs>
${body}
<g clip-path="url(#c)"><rect width="${W}" height="${H}" fill="url(#p)"/>
<rect x="0" y="${H * 0.78}" width="${W}" height="30" fill="${accent}" opacity="0.8"/>
<polygon points="${star(W * 0.5, H * 0.3, 34)}" fill="${accent}" stroke="#222" stroke-width="3"/>
<circle cx="${W * 0.3}" cy="${H * 0.68}" r="16" fill="#fff" opacity="0.7"/><circle cx="${W * 0.7}" cy="${H * 0.68}" r="11" fill="#111" opacity="0.6"/>
${withText ? `<rect x="${label.x}" y="${label.y}" width="${label.width}" height="${label.height}" rx="6" fill="${labelColour}"/><text x="${label.x + label.width / 2}" y="${label.y + label.height / 2}" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${fontSize}" fill="${textColour}">${word}</text>` : `<rect x="${label.x}" y="${label.y}" width="${label.width}" height="${label.height}" rx="6" fill="${accent}" opacity="0.5"/>`}
<rect x="${W * 0.08}" width="${W * 0.1}" height="${H}" fill="#fff" opacity="0.18"/>
</g></svg>`;
  const png = await grain(await sharp(Buffer.from(svg)).png().toBuffer(), seed, 10);
  return {
    png,
    width: W,
    height: H,
    ...(withText ? { text: { box: label, labelColour, textColour, text: word, fontSize } } : {}),
  };
}

/** Adds photographic grain (noise of `amount` levels) to an RGBA image, keeping its alpha. */
export async function grain(png: Buffer, seed: number, amount: number): Promise<Buffer> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const r = random(seed ^ 0x9e3779b9);
  for (let i = 0; i < data.length; i += 4) {
    const n = (r() - 0.5) * 2 * amount;
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + n));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** A background: a studio sweep (for sources) or a scene with surfaces and blurred shapes. */
export async function drawBackground(seed: number, size: number, scene: boolean): Promise<Buffer> {
  const r = random(seed);
  const hue = r() * 360;
  const shapes = scene
    ? Array.from(
        { length: 6 + Math.floor(r() * 6) },
        () =>
          `<ellipse cx="${r() * size}" cy="${r() * size * 0.7}" rx="${40 + r() * size * 0.2}" ry="${40 + r() * size * 0.15}" fill="${hsl(r() * 360, 30 + r() * 40, 30 + r() * 50)}" opacity="${0.3 + r() * 0.5}"/>`,
      ).join('') +
      `<rect y="${size * (0.55 + r() * 0.2)}" width="${size}" height="${size}" fill="url(#floor)"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs>
<radialGradient id="bg" cx="${0.3 + r() * 0.4}" cy="${0.2 + r() * 0.4}" r="0.9"><stop offset="0" stop-color="${hsl(hue, scene ? 30 : 8, scene ? 70 : 94)}"/><stop offset="1" stop-color="${hsl(hue + 30, scene ? 35 : 10, scene ? 30 : 78)}"/></radialGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 150, 25, 55)}"/><stop offset="1" stop-color="${hsl(hue + 150, 30, 25)}"/></linearGradient>
<filter id="b"><feGaussianBlur stdDeviation="${scene ? 6 + r() * 14 : 0}"/></filter></defs>
<rect width="100%" height="100%" fill="url(#bg)"/><g filter="url(#b)">${shapes}</g></svg>`;
  // Drawn at a quarter of the size and scaled up (it is soft anyway): SVG blur at 2K takes seconds.
  const quarter = Math.round(size / 4);
  const small = await sharp(Buffer.from(svg), { density: 18 })
    .resize(quarter, quarter)
    .png()
    .toBuffer();
  return sharp(small)
    .resize(size, size)
    .composite([{ input: await grainTile(seed, scene ? 40 : 20), tile: true, blend: 'overlay' }])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A 256 px tile of grey noise, to lay over a large image (a per-pixel pass costs seconds at 2K). */
export async function grainTile(seed: number, amount: number): Promise<Buffer> {
  const r = random(seed ^ 0x85ebca6b);
  const data = Buffer.alloc(256 * 256 * 4);
  for (let i = 0; i < data.length; i += 4) {
    data.fill(Math.round(128 + (r() - 0.5) * 2 * amount), i, i + 3);
    data[i + 3] = 255;
  }
  return sharp(data, { raw: { width: 256, height: 256, channels: 4 } })
    .png()
    .toBuffer();
}

/** A soft shadow for a product of this size. */
export function shadow(width: number, height: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><filter id="s"><feGaussianBlur stdDeviation="${width * 0.05}"/></filter></defs><ellipse cx="${width / 2}" cy="${height * 0.9}" rx="${width * 0.45}" ry="${height * 0.07}" fill="#000" opacity="0.45" filter="url(#s)"/></svg>`;
  return Buffer.from(svg);
}
