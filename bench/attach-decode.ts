/**
 * Benchmark: what attach's pixel reads of a result cost, the channel checks' raster (1,200 px)
 * and the backdrop's (256 px): `before`, each decoded from the file, as attach did; `after`,
 * decoded once (src/channels/raster.ts decodeOnce), the backdrop's resized from the checks'.
 * Per result: time (median of N) and the process's peak memory above what it held before (sharp
 * started on a tiny image first; each variant in a process of its own, so one's high-water mark
 * is not the other's; the two alternate twice and the lower median counts: a shared machine).
 * With `words`, then the backdrop's words on images of many plain colours and on scenes, before
 * and after: any that differ are printed.
 *
 *   node bench/attach-decode.ts [runs=9] [words]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { colourWord } from '../src/channels/backdrop.ts';
import { plainBackground } from '../src/channels/measures.ts';
import { decodeOnce, readRaster, type Raster } from '../src/channels/raster.ts';

const BACKDROP_SIDE = 256;
type Variant = 'before' | 'after';

/** A product on a plain background (or a scene), grain and a soft shadow, like a model's result. */
async function result(
  side: number,
  format: 'png' | 'jpeg',
  background: string | null,
  seed = 1,
): Promise<Buffer> {
  const scene = ['#3b6e3a', '#d9c49a', '#6b8fb8', '#2d2d2d', '#c94f4f', '#f0efe9']
    .map(
      (fill, i) => `<rect x="${(i * side) / 6}" width="${side / 6}" height="100%" fill="${fill}"/>`,
    )
    .join('');
  const ground = background ? `<rect width="100%" height="100%" fill="${background}"/>` : scene;
  const box = (f: number) => Math.round(side * f);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">${ground}
    <ellipse cx="${box(0.5)}" cy="${box(0.8)}" rx="${box(0.25)}" ry="${box(0.04)}" fill="#000" opacity="0.2"/>
    <rect x="${box(0.3)}" y="${box(0.2)}" width="${box(0.4)}" height="${box(0.6)}" rx="${box(0.04)}" fill="hsl(${(seed * 47) % 360},60%,40%)"/></svg>`;
  const noise = await sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 6 },
    },
  })
    .raw()
    .toBuffer();
  const image = sharp(Buffer.from(svg)).composite([
    { input: noise, raw: { width: side, height: side, channels: 3 }, blend: 'soft-light' },
  ]);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** Attach's two reads of one result, as `variant` makes them. */
async function reads(variant: Variant, image: Buffer): Promise<[Raster, Raster]> {
  if (variant === 'before')
    return [await readRaster(image), await readRaster(image, BACKDROP_SIDE)];
  const decoded = decodeOnce(image);
  return [await decoded.raster(), await decoded.raster(BACKDROP_SIDE)];
}

async function child(variant: Variant, file: string, runs: number) {
  const image = readFileSync(file);
  // sharp's first decode starts libvips' threads and caches: that is no result's cost.
  const tiny = { width: 8, height: 8, channels: 3, background: '#fff' } as const;
  await reads(variant, await sharp({ create: tiny }).png().toBuffer());
  const startRssKb = process.resourceUsage().maxRSS;
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await reads(variant, image);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const peakKb = process.resourceUsage().maxRSS - startRssKb;
  process.stdout.write(JSON.stringify({ ms: times[Math.floor(runs / 2)], peakMb: peakKb / 1024 }));
}

async function words(variant: Variant, image: Buffer): Promise<string | null> {
  const colour = plainBackground((await reads(variant, image))[1]);
  return colour ? colourWord(colour) : null;
}

async function main(runs: number, withWords: boolean) {
  console.log(`attach's reads of one result, median of ${runs}, peak memory above the start`);
  console.log(
    `load average at the start: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.log('result          before ms  after ms   before MB  after MB');
  const dir = mkdtempSync(join(tmpdir(), 'attach-decode-'));
  for (const [side, format] of [
    [1024, 'png'],
    [2048, 'png'],
    [2048, 'jpeg'],
    [4096, 'png'],
  ] as const) {
    const file = join(dir, `${side}.${format}`);
    writeFileSync(file, await result(side, format, '#1f8a8a'));
    const best = { before: { ms: Infinity, peakMb: 0 }, after: { ms: Infinity, peakMb: 0 } };
    for (let round = 0; round < 2; round += 1) {
      for (const variant of ['before', 'after'] as const) {
        const measured = JSON.parse(
          execFileSync(
            process.execPath,
            [fileURLToPath(import.meta.url), 'child', variant, file, String(runs)],
            { encoding: 'utf8' },
          ),
        ) as { ms: number; peakMb: number };
        best[variant] = {
          ms: Math.min(best[variant].ms, measured.ms),
          peakMb: Math.max(best[variant].peakMb, measured.peakMb),
        };
      }
    }
    const { before: b, after: a } = best;
    console.log(
      `${`${side} ${format}`.padEnd(16)}${b.ms.toFixed(0).padStart(9)}${a.ms.toFixed(0).padStart(10)}` +
        `${b.peakMb.toFixed(0).padStart(12)}${a.peakMb.toFixed(0).padStart(10)}`,
    );
  }
  rmSync(dir, { recursive: true });
  if (!withWords) return;
  // The backdrop's words: plain colours across the hues and greys, and scenes, at 1K and 2K.
  const colours: (string | null)[] = [null, null, null];
  for (let hue = 0; hue < 360; hue += 15)
    for (const light of [20, 35, 50, 80]) colours.push(`hsl(${hue},55%,${light}%)`);
  for (let grey = 0; grey <= 255; grey += 15) colours.push(`rgb(${grey},${grey},${grey})`);
  let compared = 0;
  const differing: string[] = [];
  for (const [i, colour] of colours.entries()) {
    const image = await result(i % 2 ? 1024 : 2048, i % 3 ? 'jpeg' : 'png', colour, i);
    const [before, after] = [await words('before', image), await words('after', image)];
    compared += 1;
    if (before !== after) differing.push(`${colour ?? 'scene'}: ${before} / ${after}`);
  }
  console.log(`backdrop words compared: ${compared}, differing: ${differing.length}`);
  for (const line of differing) console.log(`  ${line}`);
}

if (process.argv[2] === 'child') {
  const [, , , variant, file, runs] = process.argv;
  await child(variant as Variant, file!, Number(runs));
} else {
  await main(Number(process.argv[2] ?? 9), process.argv[3] === 'words');
}
