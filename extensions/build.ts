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
 * Two other kinds are built here too. A web pixel (`type = "web_pixel_extension"`, its entry
 * `src/index.ts` as the CLI expects) becomes one minified classic script (IIFE), the form Shopify
 * loads into the pixel sandbox. A theme app extension's script that must run before the first
 * paint is inlined by its block: Liquid cannot inline an asset, so each `assets/<name>.js` is
 * minified into `snippets/<name>-script.liquid`, a source file the CLI uploads as it is (committed,
 * and checked current by test/extensions/theme-scripts.test.ts).
 *
 *   node extensions/build.ts          build every one, print their sizes
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';

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

/** Folders under extensions/ whose toml says `type = "<type>"`. */
async function foldersOfType(type: string): Promise<string[]> {
  const entries = await readdir(EXTENSIONS_DIR, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.filter((candidate) => candidate.isDirectory())) {
    const toml = await readFile(
      join(EXTENSIONS_DIR, entry.name, 'shopify.extension.toml'),
      'utf8',
    ).catch(() => '');
    if (new RegExp(`^\\s*type\\s*=\\s*"${type}"`, 'm').test(toml)) found.push(entry.name);
  }
  return found.sort();
}

export interface BuiltScript {
  folder: string;
  outfile: string;
  bytes: number;
  gzipBytes: number;
}

async function measured(folder: string, outfile: string): Promise<BuiltScript> {
  const code = await readFile(outfile);
  return { folder, outfile, bytes: code.length, gzipBytes: gzipSync(code).length };
}

/** Every web pixel, as `<outRoot>/<folder>/dist/<folder>.js`. */
export async function buildWebPixels(options: { outRoot?: string } = {}): Promise<BuiltScript[]> {
  const outRoot = options.outRoot ?? EXTENSIONS_DIR;
  return Promise.all(
    (await foldersOfType('web_pixel_extension')).map(async (folder) => {
      const outfile = join(outRoot, folder, 'dist', `${folder}.js`);
      await build({
        entryPoints: [join(EXTENSIONS_DIR, folder, 'src', 'index.ts')],
        outfile,
        bundle: true,
        format: 'iife',
        target: 'es2020',
        platform: 'browser',
        minify: true,
        legalComments: 'none',
        logLevel: 'silent',
      });
      return measured(folder, outfile);
    }),
  );
}

/** A theme extension's `assets/<name>.js`, minified, as its block inlines it. */
export async function themeScriptSnippet(folder: string, name: string): Promise<string> {
  const source = await readFile(join(EXTENSIONS_DIR, folder, 'assets', `${name}.js`), 'utf8');
  const { code } = await transform(source, {
    loader: 'js',
    minify: true,
    target: 'es2017',
    legalComments: 'none',
  });
  return `<script>${code.trim()}</script>\n`;
}

/** Every theme extension's scripts into their snippets (see the header). */
export async function buildThemeScripts(): Promise<BuiltScript[]> {
  const built: BuiltScript[] = [];
  for (const folder of await foldersOfType('theme')) {
    const assets = await readdir(join(EXTENSIONS_DIR, folder, 'assets')).catch(() => []);
    for (const asset of assets.filter((file) => file.endsWith('.js'))) {
      const name = asset.slice(0, -'.js'.length);
      const outfile = join(EXTENSIONS_DIR, folder, 'snippets', `${name}-script.liquid`);
      await writeFile(outfile, await themeScriptSnippet(folder, name));
      built.push(await measured(folder, outfile));
    }
  }
  return built;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const built = [
      ...(await buildExtensions()),
      ...(await buildWebPixels()),
      ...(await buildThemeScripts()),
    ];
    for (const { folder, outfile, bytes, gzipBytes } of built) {
      process.stdout.write(`${folder} -> ${outfile} (${bytes} B, ${gzipBytes} B gzip)\n`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
