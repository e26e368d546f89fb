/**
 * Benchmark: what the image experiments add to a storefront page, in bytes. The app embed's
 * script is inlined in the head of every page the embed is on (target: at most 3 KB gzipped);
 * the web pixel's bundle is loaded by Shopify into its sandbox, off the page's main thread.
 * Both are built as production builds them (extensions/build.ts), the embed's from its
 * source, not from the committed snippet.
 *
 *   node bench/experiments/storefront-size.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWebPixels, themeScriptSnippet } from '../../extensions/build.ts';

const BUDGET_GZIP_BYTES = 3 * 1024;

const snippet = await themeScriptSnippet('experiments-embed', 'experiments');
const gzipBytes = gzipSync(snippet).length;
console.log(
  `app embed script (inline <script>): ${Buffer.byteLength(snippet)} B, ${gzipBytes} B gzip ` +
    `(budget ${BUDGET_GZIP_BYTES} B gzip: ${gzipBytes <= BUDGET_GZIP_BYTES ? 'within' : 'OVER'})`,
);

const outRoot = await mkdtemp(join(tmpdir(), 'pixel-size-'));
try {
  for (const pixel of await buildWebPixels({ outRoot })) {
    console.log(`web pixel ${pixel.folder}: ${pixel.bytes} B, ${pixel.gzipBytes} B gzip`);
  }
} finally {
  await rm(outRoot, { recursive: true, force: true });
}
if (gzipBytes > BUDGET_GZIP_BYTES) process.exitCode = 1;
