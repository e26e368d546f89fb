/**
 * Lettering that runs up or down a product (a bag's strap, a bottle's side) is read turned a
 * quarter: Tesseract reads lines across. A word read so keeps its `turn`, the sharp rotation
 * (degrees clockwise) that set it upright, and its box in the unturned frame.
 */
import type { Pixels } from './pixels.ts';
import type { Box } from './raster.ts';

export type Turn = 90 | 270;
export const TURNS: readonly Turn[] = [90, 270];

/** A box read in a crop of `width` × `height` turned by `turn`, back in the unturned crop. */
export function unturnedBox(b: Box, turn: Turn, width: number, height: number): Box {
  return turn === 90
    ? { x: b.y, y: height - b.x - b.width, width: b.height, height: b.width }
    : { x: width - b.y - b.height, y: b.x, width: b.height, height: b.width };
}

/**
 * Rows and columns swapped: a word running down becomes one running across, as letter by
 * letter comparison (letter-edges.ts) steps along x. Edge magnitudes and seen pixels are the
 * same either way up, so a transposition does what a turn would.
 */
export function transposed<T extends Float32Array | Uint8Array>(
  values: T,
  width: number,
  height: number,
): T {
  const out = new (values.constructor as { new (n: number): T })(values.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) out[x * height + y] = values[y * width + x]!;
  return out;
}

/** How tall a word's letters stand: across its line, whichever way it runs. */
export function letterHeight(word: { box: Box; turn?: Turn }): number {
  return word.turn ? word.box.width : word.box.height;
}

/** An RGB image turned by `turn` clockwise. */
export function turnedPixels(image: Pixels, turn: Turn): Pixels {
  const { width, height, rgb } = image;
  const out = new Uint8Array(rgb.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [u, v] = turn === 90 ? [height - 1 - y, x] : [y, width - 1 - x];
      out.set(rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3), (v * height + u) * 3);
    }
  return { width: height, height: width, rgb: out };
}
