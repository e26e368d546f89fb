/**
 * Tesseract as the product check and the channel rules read text: a read says nothing on the
 * process's stderr (the demo's terminal promises one line per problem; unset, the density printed 194 "Invalid
 * resolution" warnings in one demo run).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Reads a rendered word off an image whose density says 10 dpi, in a process of its own. */
const READ_LOW_DENSITY = `
import sharp from 'sharp';
import { recognizeWords, startTesseract } from './src/platform/tesseract.ts';
const word = '<svg width="200" height="60"><text x="10" y="40" font-size="30">HELLO</text></svg>';
const png = await sharp(Buffer.from(word)).flatten({ background: '#fff' })
  .withMetadata({ density: 10 }).png().toBuffer();
const worker = await startTesseract();
const words = await recognizeWords(worker, png);
await worker.terminate();
console.log(words.map((read) => read.text).join(' '));
`;

describe('reading text with Tesseract', () => {
  it('reads an image of any density without a warning on stderr', () => {
    // A child process: the worker thread's stderr reaches the parent's asynchronously.
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', READ_LOW_DENSITY], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      timeout: 60_000,
    });

    expect(child.stdout.trim()).toBe('HELLO');
    expect(child.stderr).toBe('');
  });
});
