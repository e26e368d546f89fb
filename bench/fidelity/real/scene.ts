/**
 * Places a product cut-out into another real photograph, as a generated result would show it:
 * rescaled (0.5-1.2 of its size in the source photo), moved, with a soft shadow, the whole picture
 * lit a little brighter or darker and warmer or cooler (per-channel gains 0.9-1.1), and
 * re-encoded as JPEG; 1280-2048 px wide.
 */
import sharp from 'sharp';

const WIDTHS = [1280, 1536, 2048];

/** The cut-out's alpha as a black, blurred, half-transparent shadow. */
async function shadowOf(product: Buffer, width: number, height: number): Promise<Buffer> {
  const alpha = await sharp(product)
    .resize(width, height)
    .ensureAlpha()
    .extractChannel(3)
    .toColourspace('b-w') // else sharp hands back three channels
    .raw()
    .toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba[i * 4 + 3] = alpha[i]! * 0.45;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .blur(Math.max(2, height * 0.03))
    .png()
    .toBuffer();
}

export async function scene(background: Buffer, product: Buffer, r: () => number): Promise<Buffer> {
  const width = WIDTHS[Math.floor(r() * WIDTHS.length)]!;
  const height = Math.round(width * (0.62 + r() * 0.38));
  const meta = await sharp(product).metadata();
  const fit = Math.min((width * 0.9) / meta.width!, (height * 0.9) / meta.height!);
  const scale = Math.min(0.5 + r() * 0.7, fit);
  const w = Math.max(1, Math.round(meta.width! * scale));
  const h = Math.max(1, Math.round(meta.height! * scale));
  const left = Math.round(r() * (width - w));
  const top = Math.round(r() * (height - h));
  const placed = await sharp(product).resize(w, h, { fit: 'fill' }).png().toBuffer();
  const offset = Math.round(h * 0.03);
  const composed = await sharp(background)
    .resize(width, height, { fit: 'cover' })
    .composite([
      {
        input: await shadowOf(product, w, h),
        left: Math.min(width - w, left + offset),
        top: Math.min(height - h, top + offset),
      },
      { input: placed, left, top },
    ])
    .png({ compressionLevel: 1 })
    .toBuffer();
  const gains = [0, 1, 2].map(() => 0.9 + r() * 0.2);
  return sharp(composed)
    .linear(gains, [0, 0, 0])
    .jpeg({ quality: 80 + Math.floor(r() * 13) })
    .toBuffer();
}

/** Another photo of the product as a result on its own: resized to 1280-2048 px, re-encoded. */
export async function reencoded(photo: Buffer, r: () => number): Promise<Buffer> {
  const width = WIDTHS[Math.floor(r() * WIDTHS.length)]!;
  const gains = [0, 1, 2].map(() => 0.9 + r() * 0.2);
  return sharp(photo)
    .resize({ width })
    .linear(gains, [0, 0, 0])
    .jpeg({ quality: 80 + Math.floor(r() * 13) })
    .toBuffer();
}
