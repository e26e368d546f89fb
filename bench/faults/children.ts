/**
 * The fault bench's load generators, each in a process of its own (click-process.ts,
 * flood-process.ts): the timed clicks are not timed on the bench's own event loop, which also
 * runs both emulators (their renders, uploads and garbage collection), and the flood is not
 * generated there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { AppCaller } from './app-calls.ts';

const entry = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export interface Click {
  /** When it was sent (epoch ms). */
  at: number;
  ms: number;
  status: number;
  code: string | null;
}

export interface Clicker {
  readonly pid: number;
  /** The clicks so far. */
  readonly clicks: readonly Click[];
  /** Stops clicking; resolves with every click. */
  stop(): Promise<readonly Click[]>;
}

/** Clicks Generate as `caller`'s shop every `everyMs`, each request in turn, until stopped. */
export function startClicker(options: {
  caller: AppCaller;
  requests: readonly unknown[];
  everyMs: number;
}): Clicker {
  const child = spawn(process.execPath, [entry('./click-process.ts'), JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const clicks: Click[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) =>
    clicks.push(JSON.parse(line) as Click),
  );
  return {
    pid: child.pid!,
    clicks,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      return clicks;
    },
  };
}

/** Answers by kind of request, then by `<status> <code>`. */
export type FloodAnswers = Record<'clicks' | 'bulkRuns', Record<string, number>>;

export interface Flood {
  readonly process: ChildProcess;
  readonly done: Promise<FloodAnswers>;
}

/** Floods the API as `caller`'s shop (flood-process.ts says how). */
export function startFlood(options: {
  caller: AppCaller;
  clicks: readonly unknown[];
  bulkRun: unknown;
  seconds: number;
  connections: number;
  bulkEvery: number;
}): Flood {
  const child = spawn(process.execPath, [entry('./flood-process.ts'), JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = once(child, 'exit').then(() => JSON.parse(output) as FloodAnswers);
  return { process: child, done };
}
