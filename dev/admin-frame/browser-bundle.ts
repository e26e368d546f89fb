/**
 * The frame's two browser scripts (the App Bridge stand-in and the admin page's own script) are
 * TypeScript modules under browser/; each is bundled once, on first request, into one classic
 * script (IIFE) with Vite, and kept in memory.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const BROWSER_DIR = fileURLToPath(new URL('./browser/', import.meta.url));

async function bundle(entry: string, globalName: string): Promise<string> {
  const output = await build({
    configFile: false,
    root: BROWSER_DIR,
    publicDir: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      emptyOutDir: false,
      lib: { entry: `${BROWSER_DIR}${entry}`, formats: ['iife'], name: globalName },
    },
  });
  const result = Array.isArray(output) ? output[0] : output;
  if (!result || !('output' in result)) throw new Error(`Bundling ${entry} gave no output`);
  const chunk = result.output.find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error(`Bundling ${entry} gave no script`);
  return chunk.code;
}

/** A lazily built script; a failed build is retried on the next request. */
export function browserScript(entry: string, globalName: string): () => Promise<string> {
  let built: Promise<string> | undefined;
  return () => {
    built ??= bundle(entry, globalName).catch((error: unknown) => {
      built = undefined;
      throw error;
    });
    return built;
  };
}
