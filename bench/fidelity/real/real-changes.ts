/**
 * The changes an AI result makes to a real product, applied to its cut-out (RGBA PNG): the real
 * set's "changed" kinds. Each returns a cut-out that the scene places as it would the faithful one.
 */
import sharp from 'sharp';
import type { Box } from './manifest.ts';

export type RealChangeKind =
  | 'recolour_whole'
  | 'recolour_part'
  | 'lettering_removed'
  | 'lettering_blurred'
  | 'lettering_changed'
  | 'reshape'
  | 'other_object';

interface Rgba {
  data: Buffer;
  width: number;
  height: number;
}

async function raw(png: Buffer): Promise<Rgba> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const toPng = (img: Rgba) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .png()
    .toBuffer();

/**
 * Turns a pixel's hue by `degrees`. Grey pixels have no hue to turn (most of the set is black,
 * grey or white), so they are given some colour first: otherwise "recoloured" black bags would
 * come out unchanged and mislabelled.
 */
function turnHue(data: Buffer, at: number, degrees: number) {
  const r = data[at]! / 255,
    g = data[at + 1]! / 255,
    b = data[at + 2]! / 255;
  const max = Math.max(r, g, b),
    min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d > 0) h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (((h * 60 + degrees) % 360) + 360) % 360;
  s = Math.max(s, 0.5);
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r1, g1, b1] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  data[at] = Math.round((r1 + m) * 255);
  data[at + 1] = Math.round((g1 + m) * 255);
  data[at + 2] = Math.round((b1 + m) * 255);
}

export async function recolourWhole(cutout: Buffer, degrees: number): Promise<Buffer> {
  const img = await raw(cutout);
  for (let i = 0; i < img.width * img.height; i++)
    if (img.data[i * 4 + 3]) turnHue(img.data, i * 4, degrees);
  return toPng(img);
}

/**
 * Recolours one part: a connected region of like colour grown from a seed on the product, kept
 * if it covers 5-25 % of the product (seeds and colour tolerances are tried in turn; a disc
 * around the seed, cut to the product, if none fits). Returns the part's share too.
 */
export async function recolourPart(
  cutout: Buffer,
  degrees: number,
  r: () => number,
): Promise<{ png: Buffer; share: number }> {
  const img = await raw(cutout);
  const { data, width, height } = img;
  const n = width * height;
  const onProduct = (i: number) => data[i * 4 + 3]! > 128;
  const area = Array.from({ length: n }, (_, i) => i).filter(onProduct).length;
  const grow = (seed: number, tolerance: number) => {
    const inside = new Uint8Array(n);
    const queue = [seed];
    inside[seed] = 1;
    const [sr, sg, sb] = [data[seed * 4]!, data[seed * 4 + 1]!, data[seed * 4 + 2]!];
    let count = 0;
    while (queue.length) {
      const i = queue.pop()!;
      count++;
      if (count > area * 0.25) return null;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= n || inside[j] || !onProduct(j)) continue;
        const dr = data[j * 4]! - sr,
          dg = data[j * 4 + 1]! - sg,
          db = data[j * 4 + 2]! - sb;
        if (dr * dr + dg * dg + db * db > tolerance * tolerance) continue;
        inside[j] = 1;
        queue.push(j);
      }
    }
    return count >= area * 0.05 ? { inside, count } : null;
  };
  let part: { inside: Uint8Array; count: number } | null = null;
  for (let attempt = 0; attempt < 40 && !part; attempt++) {
    const seed = Math.floor(r() * n);
    if (!onProduct(seed)) continue;
    for (const tolerance of [24, 36, 52, 70]) if (!part) part = grow(seed, tolerance);
  }
  if (!part) {
    // A disc of about 15 % of the product around a product pixel.
    let seed = Math.floor(r() * n);
    while (!onProduct(seed)) seed = (seed + 7919) % n;
    const radius = Math.sqrt((area * 0.15) / Math.PI);
    const inside = new Uint8Array(n);
    let count = 0;
    for (let i = 0; i < n; i++) {
      const dx = (i % width) - (seed % width),
        dy = ((i / width) | 0) - ((seed / width) | 0);
      if (onProduct(i) && dx * dx + dy * dy <= radius * radius) {
        inside[i] = 1;
        count++;
      }
    }
    part = { inside, count };
  }
  for (let i = 0; i < n; i++) if (part.inside[i]) turnHue(data, i * 4, degrees);
  return { png: await toPng(img), share: part.count / area };
}

/** The median colour of a band around `box` on the product: what the label is printed on. */
async function surroundColour(img: Rgba, box: Box): Promise<[number, number, number]> {
  const band = Math.max(4, Math.round(Math.min(box.width, box.height) * 0.15));
  const channels: number[][] = [[], [], []];
  for (let y = Math.max(0, box.y - band); y < Math.min(img.height, box.y + box.height + band); y++)
    for (
      let x = Math.max(0, box.x - band);
      x < Math.min(img.width, box.x + box.width + band);
      x++
    ) {
      const inBox = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
      const at = (y * img.width + x) * 4;
      if (inBox || img.data[at + 3]! < 200) continue;
      for (let c = 0; c < 3; c++) channels[c]!.push(img.data[at + c]!);
    }
  return channels.map((v) => {
    v.sort((a, b) => a - b);
    return v[v.length >> 1] ?? 128;
  }) as [number, number, number];
}

/** `box` cut to the cut-out's bounds. */
function clip(img: Rgba, box: Box): Box {
  const x = Math.max(0, box.x),
    y = Math.max(0, box.y);
  return {
    x,
    y,
    width: Math.min(img.width, box.x + box.width) - x,
    height: Math.min(img.height, box.y + box.height) - y,
  };
}

/** Paints the lettering's box (where it is on the product) in the colour around it. */
export async function letteringRemoved(cutout: Buffer, lettering: Box): Promise<Buffer> {
  const img = await raw(cutout);
  const box = clip(img, lettering);
  const colour = await surroundColour(img, box);
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      const at = (y * img.width + x) * 4;
      if (img.data[at + 3]! > 0) for (let c = 0; c < 3; c++) img.data[at + c] = colour[c]!;
    }
  return toPng(img);
}

/** Blurs the lettering's box so strongly that no letter stays readable. */
export async function letteringBlurred(cutout: Buffer, lettering: Box): Promise<Buffer> {
  const img = await raw(cutout);
  const box = clip(img, lettering);
  const sigma = Math.max(6, Math.min(box.width, box.height) / 5);
  const blurred = await sharp(cutout)
    .ensureAlpha()
    .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
    .blur(sigma)
    .raw()
    .toBuffer();
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const at = ((box.y + y) * img.width + box.x + x) * 4;
      if (img.data[at + 3]! === 0) continue;
      for (let c = 0; c < 3; c++) img.data[at + c] = blurred[(y * box.width + x) * 4 + c]!;
    }
  return toPng(img);
}

const WORDS = ['NOVA', 'ZENITH', 'ACME', 'ORBIT', 'KESTREL', 'VALOR', 'PIXEL', 'MERIDIAN'];

/**
 * Paints the lettering's box in the colour around it and writes another word there, in the
 * colour farthest from that one (the old letters' colour), turned when the box stands upright.
 */
export async function letteringChanged(
  cutout: Buffer,
  lettering: Box,
  r: () => number,
): Promise<{ png: Buffer; word: string }> {
  const img = await raw(cutout);
  const box = clip(img, lettering);
  const ground = await surroundColour(img, box);
  let ink: [number, number, number] = [255 - ground[0], 255 - ground[1], 255 - ground[2]];
  let far = -1;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) {
      const at = (y * img.width + x) * 4;
      const d = [0, 1, 2].reduce((s, c) => s + (img.data[at + c]! - ground[c]!) ** 2, 0);
      if (img.data[at + 3]! > 200 && d > far) {
        far = d;
        ink = [img.data[at]!, img.data[at + 1]!, img.data[at + 2]!];
      }
    }
  const word = WORDS[Math.floor(r() * WORDS.length)]!;
  const upright = box.height > box.width * 1.4;
  const [long, short] = upright ? [box.height, box.width] : [box.width, box.height];
  const size = Math.min(short * 0.7, (long * 0.9) / (word.length * 0.68));
  const rgb = (c: number[]) => `rgb(${c.map(Math.round).join(',')})`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}">` +
    `<rect width="100%" height="100%" fill="${rgb(ground)}"/>` +
    `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size.toFixed(1)}" fill="${rgb(ink)}"` +
    (upright ? ` transform="rotate(90 ${box.width / 2} ${box.height / 2})"` : '') +
    `>${word}</text></svg>`;
  const label = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const at = ((box.y + y) * img.width + box.x + x) * 4;
      if (img.data[at + 3]! === 0) continue;
      for (let c = 0; c < 3; c++) img.data[at + c] = label[(y * box.width + x) * 4 + c]!;
    }
  return { png: await toPng(img), word };
}

/** Stretches the product by `factor` along one axis, the other kept. */
export async function reshape(cutout: Buffer, factor: number, wide: boolean): Promise<Buffer> {
  const { width, height } = await sharp(cutout).metadata();
  return sharp(cutout)
    .resize(Math.round(width! * (wide ? factor : 1)), Math.round(height! * (wide ? 1 : factor)), {
      fit: 'fill',
    })
    .png()
    .toBuffer();
}

/** Another product, scaled to fit the product's own box. */
export async function otherObject(cutout: Buffer, other: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(cutout).metadata();
  return sharp(other)
    .resize(width!, height!, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}
