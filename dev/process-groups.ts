/**
 * Child processes the demo, the tests and the benchmarks start (Redis, the app's web and worker
 * processes), each in a process group of its own, so that:
 *
 * - a terminal's Ctrl-C (SIGINT to the foreground group) reaches only the launcher, which then
 *   stops them in order (the app drains before Redis goes), instead of all at once;
 * - stopping one stops everything it started too (the group is signalled, not just its leader);
 * - whatever is still running when the launcher exits, by any path, is killed by an exit hook.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';

const running = new Set<ChildProcess>();

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

// The last word: an exiting launcher leaves no group behind (SIGKILL: there is no time left to
// wait for a graceful stop, and an exit hook cannot wait).
process.once('exit', () => {
  for (const child of running) signalGroup(child, 'SIGKILL');
});

/** Starts `command` as the leader of a new process group, watched by the exit hook. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.once('error', () => running.delete(child));
  return child;
}

/** SIGTERM to the child's whole group; resolves once the child has exited. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (hasExited(child) || child.pid === undefined) return;
  const exited = once(child, 'exit');
  signalGroup(child, 'SIGTERM');
  await exited;
}
