/**
 * Channel profiles (src/channels): each rule on a small image made here. A result passes a channel
 * or says, in plain words, which of its rules it fails: a border, a background that is not pure
 * white, a product filling too little of the frame, text beside the product (a label on it is
 * part of the product), an image too small, the wrong aspect ratio, no AI mark in the file.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createChannelChecker, decodeOnce, type ChannelId } from '../../src/channels/index.ts';
import { withPngXmp } from '../../src/platform/png-xmp.ts';
import { imageMarks, provenanceOf } from '../../src/pipeline/publish/provenance.ts';

const checker = createChannelChecker();
afterAll(() => checker.close());

interface Scene {
  size?: [number, number];
  background?: string;
  /** The product's box as fractions of the frame. */
  product?: [number, number, number, number];
  /** A frame of this many pixels around the image. */
  border?: number;
  /** Words beside the product, in the top band. */
  caption?: string;
  /** Words on the product. */
  label?: string;
}

/** A product shot: a bottle (a rounded rectangle) on a backdrop, with what the test asks for. */
async function shot(scene: Scene = {}): Promise<Buffer> {
  const [w, h] = scene.size ?? [1200, 1200];
  const [px, py, pw, ph] = scene.product ?? [0.2, 0.05, 0.6, 0.9];
  const parts = [
    `<rect width="100%" height="100%" fill="${scene.background ?? '#ffffff'}"/>`,
    `<rect x="${px * w}" y="${py * h}" width="${pw * w}" height="${ph * h}" rx="${0.05 * w}" fill="#2e6fb5"/>`,
  ];
  if (scene.label) {
    parts.push(
      `<rect x="${(px + 0.05) * w}" y="${(py + ph * 0.4) * h}" width="${(pw - 0.1) * w}" height="${0.14 * h}" fill="#ffffff"/>`,
      `<text x="${(px + pw / 2) * w}" y="${(py + ph * 0.4 + 0.1) * h}" font-family="DejaVu Sans" font-weight="bold" font-size="${0.07 * h}" text-anchor="middle" fill="#111111">${scene.label}</text>`,
    );
  }
  if (scene.caption) {
    parts.push(
      `<text x="${0.02 * w}" y="${(py + ph * 0.3) * h}" font-family="DejaVu Sans" font-weight="bold" font-size="${0.05 * h}" fill="#d01010">${scene.caption}</text>`,
    );
  }
  if (scene.border) {
    const b = scene.border;
    parts.push(
      `<rect x="${b / 2}" y="${b / 2}" width="${w - b}" height="${h - b}" fill="none" stroke="#222222" stroke-width="${b}"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function check(image: Buffer, channels: ChannelId[], storefrontAspect: number | null = 1) {
  const report = await checker.check({ image: decodeOnce(image), channels, storefrontAspect });
  return Object.fromEntries(
    report.verdicts.map((verdict) => [verdict.channel, verdict.failed.map((f) => f.words)]),
  );
}

function marked(png: Buffer): Buffer {
  const provenance = provenanceOf({
    kind: 'photo',
    params: { model: 'nanobanana', prompt: 'a scene' },
    sourceMediaIds: ['gid://shopify/MediaImage/1'],
    productAiJobId: 1,
    transitions: [],
    updatedAt: '2026-08-02T10:00:00.000Z',
  });
  return withPngXmp(png, imageMarks(provenance).xmp);
}

describe('a result that meets every channel', () => {
  it('passes the storefront, Google Merchant Center and Amazon', async () => {
    const image = marked(await shot({ size: [2048, 2048] }));

    expect(await check(image, ['storefront', 'google', 'amazon'])).toEqual({
      storefront: [],
      google: [],
      amazon: [],
    });
  });

  it('a label on the product is part of it, not overlaid text', async () => {
    const image = marked(await shot({ size: [2048, 2048], label: 'ORGANIC' }));

    expect(await check(image, ['google', 'amazon'])).toEqual({ google: [], amazon: [] });
  });

  it('a word read inside the product region is on the product; one beside it is overlaid', async () => {
    // Tesseract's layout skips words inside a large dark shape (the label above is not read at
    // all); a reader that answers fixed words shows how a word read is placed.
    const words = [
      { text: 'ORGANIC', confidence: 95, box: { x0: 500, y0: 560, x1: 700, y1: 620 } },
      { text: 'SALE', confidence: 95, box: { x0: 20, y0: 300, x1: 160, y1: 360 } },
    ];
    const reader = createChannelChecker({
      text: { read: async () => words, close: async () => {} },
    });
    const image = marked(await shot({ size: [1200, 1200], product: [0.3, 0.05, 0.65, 0.9] }));

    const { figures, verdicts } = await reader.check({
      image: decodeOnce(image),
      channels: ['google'],
      storefrontAspect: 1,
    });

    expect(figures).toMatchObject({ textOnProduct: ['ORGANIC'], overlaidText: ['SALE'] });
    expect(verdicts[0]!.failed.map((failure) => failure.rule)).toEqual(['overlaid-text']);
  });
});

describe('each rule, failed', () => {
  it('a bordered image fails "border" for Google and Amazon', async () => {
    const image = marked(await shot({ size: [1200, 1200], border: 24 }));

    const failed = await check(image, ['google', 'amazon']);

    expect(failed.google).toEqual(['Google Merchant Center: has a border around the image']);
    expect(failed.amazon).toContain('Amazon: has a border around the image');
  });

  it("a background that is not pure white fails Amazon's main-image rule, not Google's", async () => {
    const image = marked(await shot({ size: [1200, 1200], background: '#f2f2f2' }));

    expect(await check(image, ['google', 'amazon'])).toEqual({
      google: [],
      amazon: ['Amazon: the background is not pure white (RGB 255, 255, 255)'],
    });
  });

  it('text beside the product fails "overlaid text" and names the words', async () => {
    const image = marked(
      await shot({ size: [1200, 1200], product: [0.45, 0.05, 0.5, 0.9], caption: 'SALE' }),
    );

    const failed = await check(image, ['google']);

    expect(failed.google).toEqual(['Google Merchant Center: has text outside the product (SALE)']);
  });

  it("a product filling too little of the frame fails Amazon's 85 %", async () => {
    const image = marked(await shot({ size: [1200, 1200], product: [0.3, 0.3, 0.4, 0.4] }));

    expect((await check(image, ['amazon'])).amazon).toEqual([
      'Amazon: the product fills 40 % of the frame, under 85 %',
    ]);
  });

  it("a small image fails each channel's minimum size", async () => {
    const image = marked(await shot({ size: [200, 200] }));

    expect(await check(image, ['storefront', 'google', 'amazon'])).toEqual({
      storefront: ['Storefront: under 800 pixels on its longest side (it is 200 × 200)'],
      google: ['Google Merchant Center: smaller than 250 × 250 pixels (it is 200 × 200)'],
      amazon: ['Amazon: under 1000 pixels on its longest side (it is 200 × 200)'],
    });
  });

  it("an image of another aspect ratio than the shop's product images fails the storefront", async () => {
    const image = await shot({ size: [2048, 1536] });

    expect((await check(image, ['storefront'], 1)).storefront).toEqual([
      "Storefront: not the aspect ratio of the shop's product images (1:1; it is 4:3)",
    ]);
    expect((await check(image, ['storefront'], 4 / 3)).storefront).toEqual([]);
    expect((await check(image, ['storefront'], null)).storefront).toEqual([]);
  });

  it('a file without the IPTC digital source type fails Google', async () => {
    const image = await shot({ size: [1200, 1200] });

    expect((await check(image, ['google'])).google).toEqual([
      'Google Merchant Center: the file does not say it is AI-made (IPTC DigitalSourceType)',
    ]);
  });
});
