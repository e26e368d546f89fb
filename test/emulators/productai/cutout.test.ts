/**
 * The emulator lifts the product off its picture as a scene generator reproduces it: the
 * product's parts, not the picture's title or the shadow drawn under it.
 */
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { cutOut } from '../../../emulators/productai/render/cutout.ts';
import { renderProductImage } from '../../../emulators/shopify/seed/product-art.ts';

/** Whether any pixel of the cut-out's middle, in its lowest tenth, is seen. */
async function seenUnderTheMiddle(png: Buffer): Promise<boolean> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let y = Math.floor(info.height * 0.9); y < info.height; y++)
    for (let x = Math.floor(info.width * 0.3); x < info.width * 0.7; x++)
      if (data[(y * info.width + x) * 4 + 3]! >= 128) return true;
  return false;
}

// The demo's headphones float over a drawn shadow, their title under both. At 300 px the title's
// bold letters touch into one piece bigger than a sixth of the headphones' band, and it came into
// every scene (the demo's text changes then painted over it); at 600 px the shadow did.
test.each([300, 600])(
  'the headphones alone, between their cups nothing under them (%i px)',
  async (size) => {
    const picture = await renderProductImage({
      kind: 'headphones',
      colour: '#d9a21b',
      title: 'Mustard Wireless Headphones',
      view: 0,
      views: 1,
      width: 1024,
      height: 1024,
      format: 'png',
    });
    const cutout = await cutOut(picture, size, size);
    expect(await seenUnderTheMiddle(cutout.png)).toBe(false);
  },
);
