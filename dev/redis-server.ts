/**
 * A private `redis-server` for the demo and the tests: its own port and data folder, so that it
 * never touches a Redis the machine already runs. `restart()` stops and starts it on the same
 * port with the same data (append-only file), for the tests of Redis restarts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from './free-port.ts';
import { spawnGroup, stopGroup } from './process-groups.ts';

/** Resolves once a PING on the port is answered (redis-server prints no ready line at loglevel warning). */
async function untilPingAnswers(port: number, deadlineMs = 10_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`redis-server on port ${port} did not answer within ${deadlineMs} ms`);
    await delay(20);
  }
}

export interface PrivateRedis {
  url: string;
  port: number;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface PrivateRedisOptions {
  /** Folder for the append-only file; a fresh temporary folder (removed on stop) by default. */
  dir?: string;
  port?: number;
  /**
   * The server binary: `redis-server` on PATH by default; dev/waitaof-server.ts names one that
   * has WAITAOF.
   */
  server?: string;
}

export async function startPrivateRedis(options: PrivateRedisOptions = {}): Promise<PrivateRedis> {
  const port = options.port ?? (await freePort());
  const server = options.server ?? 'redis-server';
  const ownsDir = !options.dir;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'redis-'));
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const proc = spawnGroup(
      server,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--save',
        '',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    let output = '';
    proc.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<never>((_, reject) => {
      proc.once('error', (err) => reject(new Error(`could not start ${server}: ${err.message}`)));
      proc.once('exit', (code) =>
        reject(new Error(`${server} exited (${code}): ${output.trim()}`)),
      );
    });
    exited.catch(() => {});
    await Promise.race([untilPingAnswers(port), exited]);
  }

  async function halt(): Promise<void> {
    const proc = child;
    child = undefined;
    if (!proc) return;
    await stopGroup(proc);
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    restart: async () => {
      await halt();
      await start();
    },
    stop: async () => {
      await halt();
      if (ownsDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
