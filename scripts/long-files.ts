// The rule on file length: no file in src/ over LONG_FILE_LINES lines, so each holds one job a
// reader can take in at once. The model catalogue is let off: it is data (ProductAI's models,
// prices and limits, copied from the API contract in one place), not code to follow. So is what
// graphql-codegen writes (GENERATED): the Admin schema's and the documents' types, read by the
// compiler, written and checked by scripts/admin-codegen.ts, never edited by hand.
// test/architecture/file-length.test.ts enforces it; `npm run structure` reports it.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');
export const LONG_FILE_LINES = 400;
export const LET_OFF_LONG: ReadonlySet<string> = new Set(['src/productai/catalogue.ts']);
export const GENERATED = 'src/shopify/generated/';
const SKIP_DIRS = new Set(['node_modules', 'dist', '.cache', '.demo', 'test-artifacts']);
export const CODE = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.lua', '.sh', '.css']);

/** The files under `dir` (relative to the repository) that `keep` keeps, skipping build output. */
export function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) found.push(...filesUnder(path, keep));
    } else if (entry.isFile() && keep(path)) found.push(path);
  }
  return found;
}

export function lineCount(path: string): number {
  const text = readFileSync(join(ROOT, path), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The code files in src/ over the limit and not let off, longest first. */
export function longFiles(): { path: string; lines: number }[] {
  return filesUnder('src', (path) => CODE.has(extname(path)))
    .map((path) => ({ path, lines: lineCount(path) }))
    .filter(({ path, lines }) => lines > LONG_FILE_LINES && !LET_OFF_LONG.has(path))
    .filter(({ path }) => !path.startsWith(GENERATED))
    .sort((a, b) => b.lines - a.lines);
}
