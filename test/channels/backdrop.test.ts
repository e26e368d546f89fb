/**
 * The result's background in words (src/channels/backdrop.ts), for its alt text: a plain
 * background is named by the colour its pixels show, whatever the prompt asked for; a scene,
 * whose edges are of many colours, is not named.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { colourWord, plainBackdropWord } from '../../src/channels/index.ts';

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

describe("the result's background in words", () => {
  it('names a plain teal background teal', async () => {
    expect(await plainBackdropWord(await productOn('#1f8a8a'))).toBe('teal');
  });

  it('names a pure white background white', async () => {
    expect(await plainBackdropWord(await productOn('#ffffff'))).toBe('white');
  });

  it('does not name the background of a scene', async () => {
    expect(await plainBackdropWord(await scene())).toBeNull();
  });

  it('names a colour by its family in plain words, as the product check names a part', () => {
    expect(colourWord([120, 120, 120])).toBe('grey');
    expect(colourWord([27, 42, 74])).toBe('dark blue');
    expect(colourWord([200, 60, 50])).toBe('red');
  });
});
