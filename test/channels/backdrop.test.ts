/**
 * The result's background in words (src/channels/backdrop.ts), for its alt text: a plain
 * background is named by the colour its pixels show, whatever the prompt asked for; a scene,
 * whose edges are of many colours, is not named. Attach reads the channels and the backdrop off
 * one decode of the result (decodeOnce), and the backdrop's words are the same as from a decode
 * of its own.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  colourWord,
  createChannelChecker,
  decodeOnce,
  plainBackdropWord,
} from '../../src/channels/index.ts';
import { plainBackground } from '../../src/channels/measures.ts';
import { readRaster } from '../../src/channels/raster.ts';

/** A mug-coloured box on a plain background, as a JPEG a model returns. */
async function productOn(background: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768">
    <rect width="100%" height="100%" fill="${background}"/>
    <rect x="312" y="184" width="400" height="420" rx="40" fill="#b5532f"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A scene: bands of unlike colours reach every edge. */
async function scene(): Promise<Buffer> {
  const stripes = ['#3b6e3a', '#d9c49a', '#6b8fb8', '#2d2d2d', '#c94f4f', '#f0efe9']
    .map((fill, i) => `<rect x="${i * 171}" y="0" width="171" height="768" fill="${fill}"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768">${stripes}
    <rect x="312" y="184" width="400" height="420" rx="40" fill="#b5532f"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const backdropOf = async (image: Buffer) => plainBackdropWord(decodeOnce(image));

describe("the result's background in words", () => {
  it('names a plain teal background teal', async () => {
    expect(await backdropOf(await productOn('#1f8a8a'))).toBe('teal');
  });

  it('names a pure white background white', async () => {
    expect(await backdropOf(await productOn('#ffffff'))).toBe('white');
  });

  it('does not name the background of a scene', async () => {
    expect(await backdropOf(await scene())).toBeNull();
  });

  it('names a colour by its family in plain words, as the product check names a part', () => {
    expect(colourWord([120, 120, 120])).toBe('grey');
    expect(colourWord([27, 42, 74])).toBe('dark blue');
    expect(colourWord([200, 60, 50])).toBe('red');
  });
});

describe('one decode of the result for the channels and the backdrop', () => {
  it('decodes the file once when the channels are checked and the backdrop named, as attach does', async () => {
    const decodes: number[] = [];
    const image = decodeOnce(await productOn('#1f8a8a'), (bytes, side) => {
      decodes.push(side ?? 0);
      return readRaster(bytes, side);
    });
    const checker = createChannelChecker({
      text: { read: async () => [], close: async () => {} },
    });
    await checker.check({ image, channels: ['google', 'amazon'], storefrontAspect: 1 });
    expect(await plainBackdropWord(image)).toBe('teal');
    expect(decodes).toEqual([1200]);
  });

  it('finds the same plain background on the channels’ raster resized as on a decode of its own', async () => {
    const backgrounds = ['#1f8a8a', '#ffffff', '#f2f2f2', '#1b2a4a', '#e8c4c4', '#556b2f'];
    for (const image of [...(await Promise.all(backgrounds.map(productOn))), await scene()]) {
      const own = plainBackground(await readRaster(image, 256));
      const decoded = decodeOnce(image);
      await decoded.raster();
      const resized = plainBackground(await decoded.raster(256));
      expect(resized === null, 'plain on one, a scene on the other').toBe(own === null);
      if (own && resized) {
        expect(
          Math.max(...own.map((channel, i) => Math.abs(channel - resized[i]!))),
        ).toBeLessThanOrEqual(1);
        expect(colourWord(resized)).toBe(colourWord(own));
      }
    }
  });
});
