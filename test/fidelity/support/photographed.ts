/**
 * How the fidelity tests photograph a drawn product: as the merchant's product image (on a
 * plain backdrop, as the source) and as a generated result (smaller, turned, in a busy scene).
 */
import sharp from 'sharp';
import { drawBackground } from '../../../bench/fidelity/products.ts';

/** A product cut-out as a product image: `height` px tall on a plain 1,024 px backdrop. */
export async function asSource(cutout: Buffer, height = 800, top = 112): Promise<Buffer> {
  const cut = await sharp(cutout).resize({ height }).png().toBuffer();
  return sharp(await drawBackground(2, 1024, false))
    .composite([{ input: cut, top, left: 300 }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A product cut-out as a result: 560 px tall, turned 14°, in the drawn scene `seed`. */
export async function inScene(cutout: Buffer, seed = 3): Promise<Buffer> {
  const placed = await sharp(await sharp(cutout).resize({ height: 560 }).png().toBuffer())
    .rotate(14, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp(await drawBackground(seed, 1200, true))
    .composite([{ input: placed, left: 610, top: 420 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A drawn product with its lower third painted `background`, its outline kept. */
export async function lowerThirdPainted(
  product: { png: Buffer; width: number; height: number },
  background: string,
): Promise<Buffer> {
  const { width, height } = product;
  const band = { left: 0, top: Math.round(height * 0.66), width, height: Math.round(height * 0.3) };
  const shape = await sharp(product.png).extract(band).extractChannel(3).toBuffer();
  const flat = await sharp({
    create: { width: band.width, height: band.height, channels: 3, background },
  })
    .joinChannel(shape)
    .png()
    .toBuffer();
  return sharp(product.png)
    .composite([{ input: flat, left: band.left, top: band.top }])
    .png()
    .toBuffer();
}

/**
 * How long a test file's set-up may take to analyse a source whose text is not read across: up
 * to seven readings (across, closer, line by line, then turned each way, whole and by line),
 * 35 s at load 15-19 on two cores. A bound on failure only, well above it.
 */
export const COLD_ANALYSIS_MS = 240_000;
