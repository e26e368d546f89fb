/**
 * The worker process runs below the web process's CPU priority (niceness, Linux's `nice`): on a
 * host both share, a merchant's click answers first and the background work (downloads, the
 * product check, image encoding) takes the cores' remaining time. Nothing is lost by it: the
 * work waits microseconds when the web process needs the core, and none when it does not.
 *
 * Linux keeps a niceness per thread, and `setpriority(PRIO_PROCESS, 0)` changes only the
 * calling one: every thread already running (V8's, libuv's) is changed by its id
 * (`/proc/self/task`); threads started later (worker threads, libvips's) inherit the main
 * thread's. Elsewhere the process's own is set. Raising niceness needs no privilege.
 */
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Sets every thread of this process to `niceness` (0 = as started; 19 = the lowest). */
export function lowerProcessPriority(niceness: number): void {
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    setPriority(niceness);
    return;
  }
  for (const thread of threads) {
    // A thread may have ended since the listing: nothing to change then.
    try {
      if (getPriority(thread) < niceness) setPriority(thread, niceness);
    } catch {
      // ended
    }
  }
}
