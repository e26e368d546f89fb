/**
 * An app process (web/server/main.ts or web/worker/main.ts, or the image's command) run as a
 * child exactly as production runs it: configured by its environment only. Its JSON log lines
 * are kept, so a test waits for the line that says it is up instead of polling.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface LogLine {
  msg?: string;
  [field: string]: unknown;
}

export interface AppProcess {
  child: ChildProcess;
  /** Every log line so far (non-JSON output is kept as `{ msg: <the text> }`). */
  lines: LogLine[];
  /** Resolves with the first log line whose `msg` is `msg` (rejects if the process exits first). */
  waitForLog(msg: string): Promise<LogLine>;
  /** Resolves with the exit code (or the signal) once the process has exited. */
  exited: Promise<number | NodeJS.Signals>;
  /** SIGKILL: the crash of a machine or an OOM kill, no chance to clean up. */
  kill9(): Promise<void>;
  /** SIGTERM, then the exit. */
  terminate(): Promise<number | NodeJS.Signals>;
}

export function startAppProcess(
  command: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): AppProcess {
  const [file, ...args] = command;
  const child = spawn(file!, args, { cwd: options.cwd, env: options.env, stdio: 'pipe' });
  const lines: LogLine[] = [];
  const waiters: { msg: string; resolve: (line: LogLine) => void }[] = [];
  const exited = once(child, 'exit').then(
    ([code, signal]) => (signal as NodeJS.Signals | null) ?? (code as number),
  );
  for (const stream of [child.stdout!, child.stderr!])
    createInterface({ input: stream }).on('line', (text) => {
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        line = { msg: text };
      }
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.msg === line.msg)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    });
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    lines,
    exited,
    waitForLog(msg) {
      const seen = lines.find((line) => line.msg === msg);
      if (seen) return Promise.resolve(seen);
      return Promise.race([
        new Promise<LogLine>((resolve) => waiters.push({ msg, resolve })),
        exited.then((exit) => {
          const tail = lines.slice(-20).map((line) => JSON.stringify(line));
          throw new Error(
            `${command.join(' ')} exited (${exit}) before "${msg}":\n${tail.join('\n')}`,
          );
        }),
      ]);
    },
    async kill9() {
      if (!hasExited()) child.kill('SIGKILL');
      await exited;
    },
    async terminate() {
      if (!hasExited()) child.kill('SIGTERM');
      return exited;
    },
  };
}
