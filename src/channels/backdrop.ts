/**
 * The result's background in words, when it is plain ("teal"): what the picture shows, read
 * off its pixels, for the alt text. A prompt's "pure white studio background" is a wish; the
 * model may draw a teal one. A scene (edges of many colours) has no one colour and is not named.
 */
import { converter } from 'culori';
import { colourName } from '../platform/colour-name.ts';
import { plainBackground } from './measures.ts';
import type { DecodedImage, Rgb } from './raster.ts';

/**
 * The background is read on the image at this size: the edge band's colour is a mean over
 * thousands of pixels, the same at 256 px as at 1,200, for a tenth of the pixels to walk (resized
 * from the channel checks' raster when they read one: decodeOnce).
 */
const BACKDROP_SIDE = 256;

const toLab = converter('lab65');

/** The words of an 8-bit RGB colour. */
export function colourWord([r, g, b]: Rgb): string {
  const lab = toLab({ mode: 'rgb', r: r / 255, g: g / 255, b: b / 255 });
  return colourName({ l: lab.l, a: lab.a, b: lab.b });
}

/** The plain background's colour in words, or null for a scene. */
export async function plainBackdropWord(image: DecodedImage): Promise<string | null> {
  const colour = plainBackground(await image.raster(BACKDROP_SIDE));
  return colour ? colourWord(colour) : null;
}
