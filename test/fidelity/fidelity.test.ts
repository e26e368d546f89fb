/**
 * The fidelity check on pairs drawn here (products and changes of bench/fidelity): a product
 * moved, scaled and turned in a busy scene is found and faithful; a recoloured one, one with its
 * label erased or misprinted, or another object in its place is changed; an unreadable result
 * goes to a person; checks run in parallel on worker threads, off the main thread.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eraseText, garbleText, recolour } from '../../emulators/productai/render/changes.ts';
import { renderScene } from '../../emulators/productai/render/scene.ts';
import { drawBackground, drawProduct, type Product } from '../../bench/fidelity/products.ts';
import { createFidelityChecker } from '../../src/fidelity/fidelity-checker.ts';
import { asSource, inScene, lowerThirdPainted } from './support/photographed.ts';
import { demoProductPhoto } from './support/demo-product.ts';

const checker = createFidelityChecker({ threads: 2 });
let product: Product;
let source: Buffer;

beforeAll(async () => {
  product = await drawProduct(1, true);
  source = await asSource(product.png);
});
afterAll(() => checker.close());

describe('the fidelity check', () => {
  test('a recoloured product is changed, with a colour finding', async () => {
    const result = await inScene(await recolour(product.png, 150), 3);
    const report = await checker.check({ sources: [source], result, kind: 'image' });
    expect(report.verdict).toBe('changed');
    expect(report.findings.some((f) => f.endsWith('has another colour'))).toBe(true);
  });

  test("a label's text erased is found missing", async () => {
    const result = await inScene(await eraseText(product.png, product.text!, 1), 3);
    const report = await checker.check({ sources: [source], result, kind: 'image' });
    expect(report.verdict).toBe('changed');
    expect(report.checks.text?.missing).toEqual([product.text!.text]);
  });

  test("a label's text misprinted is found missing", async () => {
    const result = await inScene(await garbleText(product.png, product.text!, 3, 5), 3);
    const report = await checker.check({ sources: [source], result, kind: 'image' });
    expect(report.verdict).toBe('changed');
    expect(report.checks.text?.missing).toEqual([product.text!.text]);
  });

  test('the product untouched in a scene is faithful, its label text kept', async () => {
    const report = await checker.check({
      sources: [source],
      result: await inScene(product.png, 5),
      kind: 'image',
    });
    expect(report.verdict).toBe('faithful');
    expect(report.checks.text).toEqual({ expected: [product.text!.text], missing: [] });
  });

  test('another object in its place is changed', async () => {
    const other = await drawProduct(99, true);
    const report = await checker.check({
      sources: [source],
      result: await inScene(other.png, 3),
      kind: 'image',
    });
    expect(report.verdict).toBe('changed');
  });

  test('a part of the product recoloured is changed, the finding naming the part and outlining it', async () => {
    // The lower third of the product turned to another hue, the rest untouched.
    const { width, height } = product;
    const band = {
      left: 0,
      top: Math.round(height * 0.66),
      width,
      height: Math.round(height * 0.3),
    };
    const turned = await sharp(product.png).extract(band).modulate({ hue: 150 }).png().toBuffer();
    const recoloured = await sharp(product.png)
      .composite([{ input: turned, left: band.left, top: band.top }])
      .png()
      .toBuffer();
    const report = await checker.check({
      sources: [source],
      result: await inScene(recoloured, 3),
      kind: 'image',
    });
    expect(report.verdict).toBe('changed');
    expect(report.findings).toEqual([
      expect.stringMatching(/^the [a-z ]+ part has another colour$/),
    ]);
    // Outlined on the part, not on the whole product: the band is the product's lower third.
    const whole = (
      await checker.check({
        sources: [source],
        result: await inScene(product.png, 3),
        kind: 'image',
      })
    ).region!;
    expect(report.region!.y).toBeGreaterThan(whole.y + whole.height * 0.4);
  });

  test('a dark part turned another dark hue is held, the same part kept is faithful', async () => {
    // The lower third painted charcoal (L* 25), then navy in the result: a grey part's
    // difference counts two thirds, which passed it (8); a dark one's counts whole (12).
    const painted = (background: string) => lowerThirdPainted(product, background);
    const charcoal = await asSource(await painted('#3c3c3c'));
    const check = async (background: string) =>
      checker.check({
        sources: [charcoal],
        result: await inScene(await painted(background), 3),
        kind: 'image',
      });
    expect((await check('#3c3c3c')).verdict).toBe('faithful');
    const navy = await check('#2c3858');
    expect(navy.verdict).not.toBe('faithful');
    expect(navy.findings).toEqual(['the grey part has another colour']);
  });

  test('a plain dark part the features do not reach, recoloured, is held; kept, faithful', async () => {
    // A plain charcoal lid on the product: no feature on it to match, so the matched area stops
    // below it, as a recoloured part's own features are lost. Counted only within the matched
    // area, a lid turned dark green passed (its part read 10, under the limit of 12).
    const { width, height } = product;
    const lid = { width: Math.round(width * 0.7), height: 150 };
    const withLid = (colour: string) =>
      sharp({ create: { width, height: height + lid.height, channels: 4, background: '#0000' } })
        .composite([
          { input: product.png, left: 0, top: lid.height },
          {
            input: { create: { ...lid, channels: 4, background: colour } },
            left: Math.round((width - lid.width) / 2),
            top: 0,
          },
        ])
        .png()
        .toBuffer();
    const lidded = await asSource(await withLid('#363636'), 820, 100);
    const check = async (colour: string) =>
      checker.check({
        sources: [lidded],
        result: await inScene(await withLid(colour), 3),
        kind: 'image',
      });
    expect((await check('#363636')).verdict).toBe('faithful');
    const green = await check('#1e4a2a');
    expect(green.verdict).not.toBe('faithful');
    expect(green.findings).toEqual(['the black part has another colour']);
  });

  test('a warmer, brighter light on the scene is not a recolour', async () => {
    const warm = await sharp(await inScene(product.png, 5))
      .linear([1.12, 1.04, 0.9], [8, 4, 0])
      .jpeg()
      .toBuffer();
    const report = await checker.check({ sources: [source], result: warm, kind: 'image' });
    expect(report.verdict).toBe('faithful');
  });

  test('the product twice in the result (two product images staged side by side) is found, faithful', async () => {
    const cut = await sharp(product.png).resize({ height: 520 }).png().toBuffer();
    const result = await sharp(await drawBackground(6, 1400, true))
      .composite([
        { input: cut, left: 120, top: 500 },
        { input: cut, left: 760, top: 500 },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
    const report = await checker.check({ sources: [source], result, kind: 'image' });
    expect(report.verdict).toBe('faithful');
  });

  test('a label too small on the result to be read there is not asked for', async () => {
    const small = await sharp(product.png).resize({ height: 90 }).png().toBuffer();
    const result = await sharp(await drawBackground(7, 1024, true))
      .composite([{ input: small, left: 480, top: 600 }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const report = await checker.check({ sources: [source], result, kind: 'image' });
    expect(report.checks.text?.missing ?? []).toEqual([]);
    expect(report.findings.some((f) => f.startsWith('the lettering'))).toBe(false);
  });

  test("a caption under the product in its photo is the picture's, not the product's: a result without it is faithful", async () => {
    const cut = await sharp(product.png).resize({ height: 700 }).png().toBuffer();
    const caption = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="120">' +
        '<text x="512" y="60" font-family="sans-serif" font-size="56" font-weight="bold" ' +
        'text-anchor="middle" fill="#333">ALPINE FLASK</text>' +
        '<text x="512" y="105" font-family="sans-serif" font-size="30" text-anchor="middle" ' +
        'fill="#777">image 1 of 4</text></svg>',
    );
    const captioned = await sharp({
      create: { width: 1024, height: 1024, channels: 3, background: '#f3eee6' },
    })
      .composite([
        { input: cut, top: 60, left: 300 },
        { input: caption, top: 860, left: 0 },
      ])
      .jpeg({ quality: 92 })
      .toBuffer();
    const report = await checker.check({
      sources: [captioned],
      result: await inScene(product.png, 5),
      kind: 'image',
    });
    expect(report.verdict).toBe('faithful');
    expect(report.checks.text?.expected ?? []).not.toContain('IMAGE');
  });

  test("a product the colour of its sweep keeps its caption's words out of its lettering: a result without them is not asked for them", async () => {
    // The demo's ivory lamp on an ivory sweep: the cut-out less the sweep would lose half of
    // itself, so the cut-out keeps the caption; its words stand on the open sweep all the same.
    const photo = await demoProductPhoto('lamp', '#e9e2cf', 'Ivory Desk Lamp', { views: 4 });
    // In a scene of the demo's ProductAI, whose cut-out leaves the caption out.
    const scene = await renderScene({
      width: 1536,
      height: 1024,
      prompt: 'on a walnut desk by a window, morning light',
      products: [photo],
    });
    const result = await scene.png().toBuffer();
    const report = await checker.check({ sources: [photo], result, kind: 'image' });
    expect(report.checks.located).toBe(true);
    expect(report.checks.text?.expected ?? []).toEqual([]);
    expect(report.findings.some((f) => f.startsWith('the lettering'))).toBe(false);
  });

  test('a result that cannot be read is check_it, never faithful', async () => {
    const report = await checker.check({
      sources: [source],
      result: Buffer.from('not an image'),
      kind: 'image',
    });
    expect(report.verdict).toBe('check_it');
  });

  test('a product image prepared ahead is checked from its kept analysis, on either thread', async () => {
    // Other bytes, so this source is new to the checker.
    const other = await sharp(source).jpeg({ quality: 90 }).toBuffer();
    await checker.prepare([other]);
    const result = await inScene(product.png, 5);
    const reports = await Promise.all(
      [1, 2].map(() => checker.check({ sources: [other], result, kind: 'image' })),
    );
    for (const report of reports) {
      expect(report.verdict).toBe('faithful');
      expect(report.checks.text).toEqual({ expected: [product.text!.text], missing: [] });
    }
  });

  test('a product image that cannot be read is check_it, with the reason', async () => {
    await checker.prepare([Buffer.from('not an image')]);
    const report = await checker.check({
      sources: [Buffer.from('not an image')],
      result: await inScene(product.png, 5),
      kind: 'image',
    });
    expect(report).toMatchObject({
      verdict: 'check_it',
      findings: ['not checked: the product image could not be read'],
    });
  });

  test('checks run in parallel on worker threads, the main thread free meanwhile', async () => {
    const result = await inScene(product.png, 4);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    const reports = await Promise.all(
      [1, 2].map(() => checker.check({ sources: [source], result, kind: 'image' })),
    );
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(reports.every((r) => r.checks.located)).toBe(true);
    // The event loop kept turning through the checks (a check on it would block for its length).
    expect(ticks).toBeGreaterThan(elapsed / 10 / 4);
  });
});
