/**
 * Benchmark: what writing a result's provenance into its file costs (src/platform/images.ts,
 * png-xmp.ts): time per image (median of N), bytes before and after, and whether the pixels are
 * unchanged (else the largest change of a channel), for PNG (XMP inserted, no re-encode) and JPEG (encoded again by sharp at quality 95
 * with XMP and EXIF), at ProductAI's 1K, 2K and 4K sizes. The images are photo-like (smooth
 * gradients and grain, blurred), so they compress like photos rather than like flat colour.
 *
 *   node bench/provenance-metadata.ts [runs=5]
 */
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { createSharpImageProcessor } from '../src/platform/images.ts';
import { imageMarks, provenanceOf } from '../src/pipeline/publish/provenance.ts';

const RUNS = Number(process.argv[2] ?? 5);
const SIDES = { '1K': 1024, '2K': 2048, '4K': 4096 };
const LIMITS = { maxSide: 5000, maxPixels: 25_000_000 };

const images = createSharpImageProcessor();
const marks = imageMarks(
  provenanceOf({
    kind: 'photo',
    params: { model: 'nanobanana2', prompt: 'The product standing on a marble countertop' },
    sourceMediaIds: ['gid://shopify/MediaImage/1'],
    productAiJobId: 4242,
    transitions: [{ state: 'saving', at: new Date().toISOString() }],
    updatedAt: new Date().toISOString(),
  }),
);

async function photoLike(side: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i += 1) {
    const x = (i / 3) % side;
    const y = Math.floor(i / 3 / side);
    raw[i] =
      (96 + 60 * Math.sin(x / 97 + (i % 3)) + 40 * Math.cos(y / 131) + Math.random() * 24) | 0;
  }
  const image = sharp(raw, { raw: { width: side, height: side, channels: 3 } }).blur(1.1);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(
  `load average at start: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
console.log('format size  bytes before  bytes after  change  ms (median)  pixels unchanged');
for (const format of ['png', 'jpeg'] as const) {
  for (const [name, side] of Object.entries(SIDES)) {
    const original = await photoLike(side, format);
    const times: number[] = [];
    let marked = original;
    for (let run = 0; run < RUNS; run += 1) {
      const start = performance.now();
      marked = (await images.fitWithin(original, LIMITS, marks)).data;
      times.push(performance.now() - start);
    }
    const pixels = (data: Buffer) => sharp(data).raw().toBuffer();
    const [before, after] = [await pixels(original), await pixels(marked)];
    let maxDiff = 0;
    for (let i = 0; i < before.length; i += 1) {
      maxDiff = Math.max(maxDiff, Math.abs(before[i]! - after[i]!));
    }
    const change = ((marked.length / original.length - 1) * 100).toFixed(2);
    console.log(
      `${format.padEnd(6)} ${name.padEnd(5)} ${String(original.length).padStart(12)} ${String(marked.length).padStart(12)} ${`${change}%`.padStart(7)} ${median(times).toFixed(1).padStart(12)}  ${maxDiff === 0 ? 'yes' : `no, at most ${maxDiff}/255 a channel`}`,
    );
  }
}
console.log(
  `load average at end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
