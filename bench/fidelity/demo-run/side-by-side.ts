/**
 * One PNG with the product image(s) and the result side by side at one height, so a case is
 * seen at a glance (and in viewers that open PNG only: the demo's product images are JPEG).
 */
import sharp from 'sharp';

const HEIGHT = 512;
const GAP = 16;

export async function sideBySide(images: readonly Buffer[]): Promise<Buffer> {
  const scaled = await Promise.all(
    images.map((image) =>
      sharp(image).resize({ height: HEIGHT }).flatten({ background: '#ffffff' }).png().toBuffer({
        resolveWithObject: true,
      }),
    ),
  );
  const width = scaled.reduce((sum, { info }) => sum + info.width, 0) + GAP * (images.length - 1);
  let left = 0;
  const layers = scaled.map(({ data, info }) => {
    const layer = { input: data, left, top: 0 };
    left += info.width + GAP;
    return layer;
  });
  return sharp({ create: { width, height: HEIGHT, channels: 3, background: '#808080' } })
    .composite(layers)
    .png()
    .toBuffer();
}
