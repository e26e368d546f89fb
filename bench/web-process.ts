/**
 * The app's web process as it runs in production (`web/server/main.ts`, a process of its own on
 * a free port), for benches that measure it from outside: started with `env`, answered once its
 * `/readyz` says ready.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../dev/free-port.ts';

export type WebProcess = ChildProcess & { url: string };

export async function startWeb(env: Record<string, string>): Promise<WebProcess> {
  const port = await freePort();
  const main = fileURLToPath(new URL('../web/server/main.ts', import.meta.url));
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`web process exited (${child.exitCode})`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('web process not ready after 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Object.assign(child, { url });
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
