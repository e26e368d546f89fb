/**
 * Bundles the admin UI extensions (the actions and the product page block) offline, the way
 * `shopify app build` does in production: esbuild, one ES module per extension with everything
 * (Preact, our shared code, the contract's types erased, the catalogue) inlined, minified,
 * written to `extensions/<folder>/dist/<handle>.js`.
 *
 * Each extension is found from its `shopify.extension.toml` (handle and the target's module), so
 * the files the Shopify CLI reads are the single source. Shopify refuses an extension whose
 * compressed script is over 64 KB, so the build fails there too rather than at deploy.
 *
 *   node extensions/build.ts          build every one, print their sizes
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const EXTENSIONS_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Shopify's limit on a UI extension's compressed script. */
const MAX_COMPRESSED_BYTES = 64 * 1024;

export interface ExtensionSource {
  /** Folder under extensions/. */
  folder: string;
  /** Absolute path of that folder. */
  dir: string;
  handle: string;
  target: string;
  /** Absolute path of the target's module. */
  entry: string;
}

export interface BuiltExtension extends ExtensionSource {
  outfile: string;
  /** Absolute paths of our own source files in the bundle (not node_modules). */
  sources: string[];
  bytes: number;
  gzipBytes: number;
}

/**
 * Every UI extension folder: a `shopify.extension.toml` with a `module` to bundle (the Flow
 * action and triggers are configuration only, with nothing to bundle).
 */
export async function findExtensions(): Promise<ExtensionSource[]> {
  const entries = await readdir(EXTENSIONS_DIR, { withFileTypes: true });
  const found: ExtensionSource[] = [];
  for (const entry of entries.filter((candidate) => candidate.isDirectory())) {
    const dir = join(EXTENSIONS_DIR, entry.name);
    const toml = await readFile(join(dir, 'shopify.extension.toml'), 'utf8').catch(() => undefined);
    if (toml === undefined || !/^\s*module\s*=/m.test(toml)) continue;
    found.push({
      folder: entry.name,
      dir,
      handle: tomlString(toml, 'handle'),
      target: tomlString(toml, 'target'),
      entry: resolve(dir, tomlString(toml, 'module')),
    });
  }
  return found.sort((a, b) => a.folder.localeCompare(b.folder));
}

/**
 * Our tomls hold one extension with one target, so a key's first `key = "value"` line is the
 * value; no TOML parser is needed (and none is installed).
 */
function tomlString(toml: string, key: string): string {
  const match = new RegExp(`^\\s*${key}\\s*=\\s*"([^"]+)"`, 'm').exec(toml);
  if (!match?.[1]) throw new Error(`shopify.extension.toml has no ${key}`);
  return match[1];
}

/**
 * Bundles every extension. `outRoot` replaces `extensions/` as the parent of each `<folder>/dist`
 * (the tests build into a temporary folder so they never race a real build).
 */
export async function buildExtensions(
  options: { outRoot?: string } = {},
): Promise<BuiltExtension[]> {
  const outRoot = options.outRoot ?? EXTENSIONS_DIR;
  return Promise.all(
    (await findExtensions()).map(async (source) => {
      const outfile = join(outRoot, source.folder, 'dist', `${source.handle}.js`);
      const result = await build({
        entryPoints: [source.entry],
        outfile,
        bundle: true,
        format: 'esm',
        target: 'es2020',
        platform: 'browser',
        jsx: 'automatic',
        jsxImportSource: 'preact',
        minify: true,
        legalComments: 'none',
        define: { 'process.env.NODE_ENV': '"production"' },
        logLevel: 'silent',
        metafile: true,
      });
      const code = await readFile(outfile);
      const built = {
        ...source,
        outfile,
        // esbuild names inputs relative to its working directory, the process's.
        sources: Object.keys(result.metafile.inputs)
          .filter((input) => !input.includes('node_modules/'))
          .map((input) => resolve(input)),
        bytes: code.length,
        gzipBytes: gzipSync(code).length,
      };
      if (built.gzipBytes > MAX_COMPRESSED_BYTES) {
        throw new Error(
          `${source.folder}: ${built.gzipBytes} bytes compressed, over Shopify's ${MAX_COMPRESSED_BYTES}`,
        );
      }
      return built;
    }),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    for (const built of await buildExtensions()) {
      process.stdout.write(
        `${built.folder} -> ${built.outfile} (${built.bytes} B, ${built.gzipBytes} B gzip)\n`,
      );
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
