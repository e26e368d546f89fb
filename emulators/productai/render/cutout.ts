/**
 * Lifts a product off its photo's background so it can stand in a new scene. Product shots
 * mostly sit on a plain backdrop: when the four corners agree on a colour, pixels near that
 * colour become transparent (soft-edged) and the empty margins are trimmed. Images with their
 * own transparency keep it; busy photos stay whole. The keying runs at the photo's own size (at
 * most KEY_SIDE, whatever the slot), and only the finished cut-out is scaled to fit the slot.
 * The keying's work runs in libvips threads, off the event loop; its pieces are found in JS.
 */
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../images/inspect.ts';

export interface Cutout {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * The longest side the keying works at. Keyed at a small slot's size (a two-product scene's 250
 * px), the demo picture's caption, the product's drawn shadow and its legs blurred into one
 * piece, and the chair's name stood under it in the scene ("Blush Lounge Chair"): the check held
 * that faithful result as "shape changed" (a demo run's two-chair scene). At 600 px and more
 * they are apart, and the caption is left out as a piece of its own (`mainParts`).
 */
const KEY_SIDE = 1024;

/** Corner colours closer than this (per channel, 0-255) count as one plain backdrop. */
const PLAIN_TOLERANCE = 24;

export async function cutOut(input: Buffer, maxWidth: number, maxHeight: number): Promise<Cutout> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: KEY_SIDE, height: KEY_SIDE, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const corners = [0, width - 1, (height - 1) * width, height * width - 1].map((p) =>
    Array.from(data.subarray(p * 4, p * 4 + 4)),
  );
  const transparent = corners.some((c) => c[3]! < 250);
  const plain = corners.every((c) =>
    c.every((v, i) => Math.abs(v - corners[0]![i]!) < PLAIN_TOLERANCE),
  );
  const rgba = { raw: { width, height, channels: 4 as const } };
  const keyed =
    transparent || !plain
      ? await sharp(data, rgba).png().toBuffer()
      : await mainParts(await keyOut(data, width, height, corners[0]!));
  return fit(keyed, maxWidth, maxHeight);
}

/**
 * Opacity per grey level of difference from the backdrop, from a difference of 2 (JPEG's noise
 * on a plain backdrop stays transparent). At 8 an ivory planter on its cream backdrop (a
 * difference of 13) came out a quarter opaque, the scene's table showing through it: no scene
 * generator makes a product see-through, and the check rightly called it changed.
 */
const KEY_GAIN = 20;

/** Makes pixels near the backdrop colour transparent. */
async function keyOut(rgbaData: Buffer, width: number, height: number, backdrop: number[]) {
  const [r, g, b] = backdrop;
  // sharp runs `composite` and `joinChannel` after its other operations, whatever the call
  // order, hence the separate passes.
  const rgb = await sharp(rgbaData, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .raw()
    .toBuffer();
  const rgbRaw = { raw: { width, height, channels: 3 as const } };
  const difference = await sharp(rgb, rgbRaw)
    .composite([
      {
        input: { create: { width, height, channels: 3, background: { r: r!, g: g!, b: b! } } },
        blend: 'difference',
      },
    ])
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The composite comes back with an alpha channel of its own, dropped here.
  const mask = await sharp(difference.data, {
    raw: { width, height, channels: difference.info.channels },
  })
    .removeAlpha()
    .toColourspace('b-w')
    .linear(KEY_GAIN, -2 * KEY_GAIN)
    .blur(0.8)
    .raw()
    .toBuffer();
  return sharp(rgb, rgbRaw)
    .joinChannel(mask, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** An alpha this high is seen: a letter's soft edge belongs to its letter and goes with it. */
const SEEN = 8;

/**
 * The keyed photo's main parts: the largest opaque piece and any a sixth of its size or more
 * (the two of a pair), as a scene generator reproduces the product and not the picture's
 * caption or a price beside it. The demo's pictures carry a caption ("image 1 of 4") that the
 * emulator used to carry into every scene, and its text changes misprinted that caption.
 */
async function mainParts(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const { part, sizes } = opaqueParts(data, width, height);
  const largest = Math.max(0, ...sizes);
  for (let i = 0; i < width * height; i++) {
    const id = part[i]!;
    if (id >= 0 && sizes[id]! < largest / 6) data[i * 4 + 3] = 0;
  }
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * The RGBA image's opaque pieces (touching seen pixels, 4-connected): each pixel's piece (-1 where
 * transparent) and each piece's size in pixels.
 */
export function opaqueParts(
  data: Uint8Array,
  width: number,
  height: number,
): { part: Int32Array; sizes: number[] } {
  const n = width * height;
  const part = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < n; start++) {
    if (part[start] !== -1 || data[start * 4 + 3]! < SEEN) continue;
    const id = sizes.length;
    let size = 0;
    part[start] = id;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      size++;
      const x = i % width;
      for (const j of [i - width, i + width, x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1])
        if (j >= 0 && j < n && part[j] === -1 && data[j * 4 + 3]! >= SEEN) {
          part[j] = id;
          stack.push(j);
        }
    }
    sizes.push(size);
  }
  return { part, sizes };
}

/** Trims transparent margins, then scales the product to fill its slot. */
async function fit(png: Buffer, maxWidth: number, maxHeight: number): Promise<Cutout> {
  let trimmed = png;
  try {
    trimmed = await sharp(png).trim().png().toBuffer();
  } catch {
    // Nothing but backdrop: keep the frame as it is.
  }
  const { data, info } = await sharp(trimmed)
    .resize({ width: maxWidth, height: maxHeight, fit: 'inside', kernel: 'cubic' })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}
