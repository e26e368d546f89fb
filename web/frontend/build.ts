/**
 * Builds the app home into web/frontend/dist when it is missing or older than its sources, so
 * the demo and the browser tests always serve the current front end. Concurrent callers (test
 * files run in parallel) wait for one build instead of racing on dist/.
 *
 *   node web/frontend/build.ts          (or: await ensureFrontendBuilt())
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const BUILT_PAGE = join(ROOT, 'dist', 'index.html');
const LOCK = join(ROOT, '.build-lock');
const LOCK_STALE_MS = 120_000;
const VITE = join(ROOT, '..', '..', 'node_modules', 'vite', 'bin', 'vite.js');

/** Newest modification time among the front end's inputs (and the shared contract/catalogue). */
function newestSource(): number {
  const inputs = [
    join(ROOT, 'src'),
    join(ROOT, 'index.html'),
    join(ROOT, 'vite.config.ts'),
    join(ROOT, '..', '..', 'src', 'app-api'),
    join(ROOT, '..', '..', 'src', 'productai', 'catalogue.ts'),
  ];
  let newest = 0;
  const visit = (path: string) => {
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const input of inputs) visit(input);
  return newest;
}

function isFresh(): boolean {
  try {
    return statSync(BUILT_PAGE).mtimeMs >= newestSource();
  } catch {
    return false;
  }
}

function takeLock(): boolean {
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    // Someone else builds; a lock left by a crashed build is taken over after a while.
    if (Date.now() - statSync(LOCK).mtimeMs > LOCK_STALE_MS)
      rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
}

export async function ensureFrontendBuilt(): Promise<void> {
  while (!isFresh()) {
    if (!takeLock()) {
      await delay(200);
      continue;
    }
    try {
      // A process of its own with NODE_ENV=production: Vite follows NODE_ENV, and a caller
      // under test (NODE_ENV=test) would otherwise bundle React's development build.
      if (!isFresh()) {
        await promisify(execFile)(
          process.execPath,
          [VITE, 'build', '--config', join(ROOT, 'vite.config.ts'), '--logLevel', 'warn'],
          { env: { ...process.env, NODE_ENV: 'production' } },
        );
      }
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureFrontendBuilt();
