/**
 * An emulator in a process of its own, as the real service is: its request handling (the
 * Shopify emulator validates and executes every query against the full Admin schema) does not
 * compete with the measured app's event loop. In one process, the ProductAI emulator's
 * "arrival" of a request lagged the send by up to hundreds of ms on the loaded machine, and the
 * Shopify emulator's GraphQL execution was counted in the app's POST /api/generations latency.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export interface EmulatorProcess {
  url: string;
  process: ChildProcess;
  /** SIGTERM, then waits for the process to end. */
  stop(): Promise<void>;
}

/**
 * `niceness`: the process's CPU priority (`nice -n`, every thread of it): a benchmark whose
 * machine also runs the measured app gives the stand-in for a remote service the cores' spare
 * time, as its own servers would be.
 */
export async function startEmulatorProcess(
  emulator: 'shopify' | 'productai',
  args: string[],
  options: { niceness?: number } = {},
): Promise<EmulatorProcess> {
  const cli = fileURLToPath(new URL(`../emulators/${emulator}/cli.ts`, import.meta.url));
  const command = [process.execPath, cli, ...args];
  const child =
    options.niceness === undefined
      ? spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] })
      : spawn('nice', ['-n', String(options.niceness), ...command], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${emulator} emulator exited (${code})`)));
  });
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
