/**
 * The process faults of the fault bench: `kill -9` of the app's worker process (then a new one
 * started as dev/stack.ts starts it, same entry, same environment) and of the stack's Redis
 * (then started again on the same port and append-only file). dev/stack.ts keeps its children
 * to itself, so they are found by pid among this process's children: only processes this bench
 * started are signalled, each by its own id.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { spawnGroup, stopGroup } from '../../dev/process-groups.ts';
import type { Stack } from '../../dev/stack.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKER_ENTRY = 'web/worker/main.ts';

/** This process's direct children whose command line contains `needle`. */
export function childPids(needle: string): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.includes(needle))
    .map((line) => Number(line.split(/\s+/)[0]));
}

function kill9(pid: number): void {
  try {
    // Each was started as the leader of a group of its own (dev/process-groups.ts).
    process.kill(-pid, 'SIGKILL');
  } catch {
    process.kill(pid, 'SIGKILL');
  }
}

async function untilGone(pid: number, withinMs = 2_000): Promise<void> {
  for (let i = 0; i < withinMs / 20; i += 1) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await delay(20);
  }
}

export interface WorkerControl {
  /** `kill -9` of the running worker; a new one is started after `downMs`. */
  kill9AndRestart(downMs: number): Promise<void>;
  /**
   * Stops the running worker as a deploy does (SIGTERM, its jobs finished) and starts a new one
   * with the stack's environment as it is now (not a fault: the bench's own set-up).
   */
  restart(): Promise<void>;
  kills: number;
  /** Stops the worker this bench started (the stack's own is stopped by the stack). */
  stop(): Promise<void>;
}

export function workerControl(stack: Stack, logFile: string): WorkerControl {
  let ours: ChildProcess | null = null;
  const running = () => {
    const pid = ours?.pid ?? childPids(WORKER_ENTRY)[0];
    if (pid === undefined) throw new Error('no worker process to stop');
    return pid;
  };
  const start = () => {
    // It writes its log file itself, as dev/stack.ts starts it.
    const log = openSync(logFile, 'a');
    let child: ChildProcess;
    try {
      child = spawnGroup(process.execPath, [WORKER_ENTRY], {
        cwd: ROOT,
        env: stack.env,
        stdio: ['ignore', log, log],
      });
    } finally {
      closeSync(log);
    }
    ours = child;
  };
  const control: WorkerControl = {
    kills: 0,
    async kill9AndRestart(downMs) {
      const pid = running();
      kill9(pid);
      await untilGone(pid);
      control.kills += 1;
      await delay(downMs);
      start();
    },
    async restart() {
      const pid = running();
      process.kill(-pid, 'SIGTERM');
      await untilGone(pid, 30_000);
      start();
    },
    async stop() {
      if (ours) await stopGroup(ours);
    },
  };
  return control;
}

/**
 * `kill -9` of the stack's redis-server (append-only file, `appendfsync everysec`, as
 * dev/redis-server.ts runs it), then started again on the same port with the same data.
 */
export async function redisKill9AndRestart(stack: Stack, downMs: number): Promise<void> {
  const pid = childPids(`redis-server`).find((p) =>
    execFileSync('ps', ['-o', 'args=', '-p', String(p)], { encoding: 'utf8' }).includes(
      String(stack.redis.port),
    ),
  );
  if (pid === undefined) throw new Error('no redis-server process to kill');
  kill9(pid);
  await untilGone(pid);
  await delay(downMs);
  await stack.redis.restart();
}
