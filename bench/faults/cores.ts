/**
 * The fault bench's processes on two sets of cores, as they run in production: the app's own
 * (web, worker, Redis) on the app's cores, and what stands for the world outside it (this
 * process with the Shopify emulator, the ProductAI emulator's renders, the timed shop's and the
 * flooding shop's clients) on the others. On the bench's two shared cores the ProductAI
 * emulator rendered the flood's accepted jobs on a whole core (0.99-1.06, at nice 10) beside the
 * app's few hundredths, and a click of another shop was timed against those renders, not against
 * the app: ProductAI renders on its own servers, and a shop's browser is not on the app's host.
 * With the app's processes on a core of their own, a click measures what the app itself shares
 * between shops (its event loop, Redis, the worker's stages), which is what isolation promises.
 *
 * This process pins itself to the outside cores before it starts anything, so every child
 * inherits them; the app's processes are moved to the app's cores as soon as they are found
 * (each restarted worker or Redis has a new pid). `taskset -a` moves every thread of a process;
 * threads started later inherit their creator's cores.
 */
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CoreSplit {
  /** The app's cores (a `taskset` list, "0" or "0-1"). */
  app: string;
  /** Everyone else's. */
  outside: string;
}

/**
 * The split asked for (`--app-cores`): the app on the given cores and the outside on the rest,
 * or none (the empty string, or a machine with one core): every process on every core.
 */
export function coreSplit(appCores: string): CoreSplit | null {
  const cores = availableParallelism();
  if (appCores.trim() === '' || cores < 2) return null;
  const app = new Set(expand(appCores));
  const outside = Array.from({ length: cores }, (_, i) => i).filter((i) => !app.has(i));
  if (outside.length === 0 || [...app].some((i) => i >= cores))
    throw new Error(`--app-cores ${appCores}: leave at least one of cores 0-${cores - 1} outside`);
  return { app: [...app].join(','), outside: outside.join(',') };
}

function expand(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    if (!Number.isInteger(from) || !Number.isInteger(to))
      throw new Error(`not a core list: ${list}`);
    return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
  });
}

/** Puts every thread of `pid` on `cores`; false if it is gone. */
export async function pin(pid: number, cores: string): Promise<boolean> {
  try {
    await run('taskset', ['-a', '-p', '-c', cores, String(pid)]);
    return true;
  } catch {
    return false;
  }
}

/** Pins each pid given to the app's cores once (a pid seen again is not asked about again). */
export function appPinner(split: CoreSplit): (pids: Iterable<number>) => Promise<void> {
  const pinned = new Set<number>();
  return async (pids) => {
    for (const pid of pids) {
      if (pinned.has(pid)) continue;
      if (await pin(pid, split.app)) pinned.add(pid);
    }
  };
}
