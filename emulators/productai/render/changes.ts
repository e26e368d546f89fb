/**
 * The ways an AI result changes a product, as image transforms at a set strength, on a product
 * cut-out (RGBA PNG). The fidelity benchmark's labelled set uses them to make "changed" results;
 * the ProductAI emulator changes products with them on request (change-product.ts).
 */
import sharp from 'sharp';

export type { ChangeKind } from './product-change.ts';

/** Turns the product's hues by `degrees` (25: a near shade, 180: another colour). */
export function recolour(cutout: Buffer, degrees: number): Promise<Buffer> {
  return sharp(cutout).modulate({ hue: degrees }).png().toBuffer();
}

/** Bends the product's outline and inside in a wave of `amplitude` (a fraction of its width). */
export async function warp(cutout: Buffer, amplitude: number): Promise<Buffer> {
  const { data, info } = await sharp(cutout)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const out = Buffer.alloc(data.length);
  const a = amplitude * width;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = Math.round(x + a * Math.sin((2 * Math.PI * y) / (height * 0.6)));
      const sy = Math.round(y + a * 0.5 * Math.sin((2 * Math.PI * x) / (width * 0.7)));
      if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
      data.copy(out, (y * width + x) * 4, (sy * width + sx) * 4, (sy * width + sx) * 4 + 4);
    }
  return sharp(out, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Makes the product wider by `factor` (1.15, 1.3…), its height kept. */
export async function reshape(cutout: Buffer, factor: number): Promise<Buffer> {
  const { width, height } = await sharp(cutout).metadata();
  return sharp(cutout)
    .resize(Math.round(width! * factor), height!, { fit: 'fill' })
    .png()
    .toBuffer();
}

export interface TextArea {
  /** Pixels of the cut-out. */
  box: { x: number; y: number; width: number; height: number };
  /** The label's own colour, to paint over its text. */
  labelColour: string;
  textColour: string;
  text: string;
  fontSize: number;
}

/** Paints over `share` (0..1, from the left) of the label's text with the label's colour. */
export function eraseText(cutout: Buffer, area: TextArea, share: number): Promise<Buffer> {
  const { box } = area;
  const width = Math.max(1, Math.round(box.width * share));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${box.height}"><rect width="100%" height="100%" fill="${area.labelColour}"/></svg>`;
  return sharp(cutout)
    .composite([{ input: Buffer.from(svg), left: box.x, top: box.y }])
    .png()
    .toBuffer();
}

/** Replaces `letters` letters of the label's text with others (as a model misspells a label). */
export function garbleText(
  cutout: Buffer,
  area: TextArea,
  letters: number,
  seed: number,
): Promise<Buffer> {
  const chars = area.text.split('');
  const alphabet = 'QXZJKWVY';
  for (let i = 0; i < Math.min(letters, chars.length); i++) {
    const at = (seed * 7 + i * 3) % chars.length;
    chars[at] = alphabet[(seed + i) % alphabet.length]!;
  }
  const { box } = area;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="100%" height="100%" fill="${area.labelColour}"/><text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${area.fontSize}" fill="${area.textColour}">${chars.join('')}</text></svg>`;
  return sharp(cutout)
    .composite([{ input: Buffer.from(svg), left: box.x, top: box.y }])
    .png()
    .toBuffer();
}
