/**
 * Cuts a product out of a catalogue photo on a near-white background: the background is the
 * near-white, near-neutral pixels reached from the photo's border, so white parts inside the
 * product (a label, a tab) stay with it. Measured on the set's photos by `make-real-set.ts`, which
 * prints each cut-out's share of the photo and whether it reaches the photo's edge.
 */
import sharp from 'sharp';
import type { Box } from './manifest.ts';

export interface Cutout {
  /** RGBA PNG, cropped to the product. */
  png: Buffer;
  /** Where the crop sits in the photo. */
  box: Box;
  /** Product pixels over the photo's pixels. */
  share: number;
  /** The product touches the photo's edge: the cut-out is likely cropped or leaked. */
  touchesEdge: boolean;
}

/** Lightest channel at least this and channels this close together: background. */
const WHITE = 232;
const NEUTRAL = 16;
/** Enclosed background: channels all at least this, over at least this share of the photo. */
const PURE_WHITE = 250;
const HOLE = 0.002;

export async function cutOut(photo: Buffer): Promise<Cutout> {
  const { data, info } = await sharp(photo)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const n = width * height;
  const isWhite = (i: number) => {
    const r = data[i * 3]!,
      g = data[i * 3 + 1]!,
      b = data[i * 3 + 2]!;
    return Math.min(r, g, b) >= WHITE && Math.max(r, g, b) - Math.min(r, g, b) <= NEUTRAL;
  };
  const isPureWhite = (i: number) =>
    Math.min(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!) >= PURE_WHITE;
  // Flood fill from the border over near-white pixels.
  const background = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0,
    tail = 0;
  const push = (i: number) => {
    if (!background[i] && isWhite(i)) {
      background[i] = 1;
      queue[tail++] = i;
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < n - width) push(i + width);
  }
  // Background enclosed by the product (inside a handle, a D-ring): pure white regions of some
  // size; the product's own whites (a tab, a label) are off-white on these photos.
  const hole = new Uint8Array(n);
  for (let start = 0; start < n; start++) {
    if (background[start] || hole[start] || !isPureWhite(start)) continue;
    const region = [start];
    hole[start] = 1;
    for (let k = 0; k < region.length; k++) {
      const i = region[k]!;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width])
        if (j >= 0 && j < n && !hole[j] && !background[j] && isPureWhite(j)) {
          hole[j] = 1;
          region.push(j);
        }
    }
    if (region.length >= n * HOLE) for (const i of region) background[i] = 1;
  }
  let minX = width,
    minY = height,
    maxX = -1,
    maxY = -1,
    count = 0;
  const alpha = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    if (background[i]) continue;
    alpha[i] = 255;
    count++;
    const x = i % width,
      y = (i / width) | 0;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (count === 0) throw new Error('no product found: the whole photo is near-white');
  // A one-pixel feather, so the edge blends into a scene as a photographed edge would.
  const soft = await sharp(alpha, { raw: { width, height, channels: 1 } })
    .blur(0.8)
    .toColourspace('b-w') // else sharp hands back three channels
    .raw()
    .toBuffer();
  const box = { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
  // Joined first, cropped after: in one pipeline sharp crops the colour before it joins the alpha.
  const joined = await sharp(data, { raw: { width, height, channels: 3 } })
    .joinChannel(soft, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const png = await sharp(joined)
    .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
    .png()
    .toBuffer();
  const touchesEdge = minX === 0 || minY === 0 || maxX === width - 1 || maxY === height - 1;
  return { png, box, share: count / n, touchesEdge };
}
