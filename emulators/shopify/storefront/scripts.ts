/**
 * The storefront's browser scripts, each built once on first request and kept in memory: the
 * page's stand-ins (browser/host.ts), the pixel sandbox (browser/pixel-sandbox.ts), both bundled
 * into classic scripts with esbuild, and the app's web pixel as production builds it
 * (extensions/build.ts). A failed build is tried again on the next request.
 */
import { readFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildWebPixels } from '../../../extensions/build.ts';

const BROWSER_DIR = fileURLToPath(new URL('./browser/', import.meta.url));

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [join(BROWSER_DIR, entry)],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

async function pixelBundle(): Promise<string> {
  const outRoot = await mkdtemp(join(tmpdir(), 'storefront-pixel-'));
  try {
    const [pixel] = await buildWebPixels({ outRoot });
    if (!pixel) throw new Error('No web pixel extension to build');
    return await readFile(pixel.outfile, 'utf8');
  } finally {
    await rm(outRoot, { recursive: true, force: true });
  }
}

const BUILDS: Record<string, () => Promise<string>> = {
  'host.js': () => bundle('host.ts'),
  'pixel-sandbox.js': () => bundle('pixel-sandbox.ts'),
  'experiments-pixel.js': pixelBundle,
};

const built = new Map<string, Promise<string>>();

/** The script of that name, or undefined for a name the storefront does not serve. */
export function storefrontScript(name: string): Promise<string> | undefined {
  const make = BUILDS[name];
  if (!make) return undefined;
  let script = built.get(name);
  if (!script) {
    script = make().catch((error: unknown) => {
      built.delete(name);
      throw error;
    });
    built.set(name, script);
  }
  return script;
}
