/**
 * `npm run demo` is the README's "run it" command: it must come up from nothing, print one URL,
 * serve the framed app there, show a refused request as one readable line, and stop everything
 * it started when npm is told to stop (Ctrl-C, or SIGTERM to npm's own process).
 *
 * The demo runs under npm as a person runs it; `--ignore-scripts` skips the `predemo` set-up
 * (installs and a rebuild, which the test set-up has done already).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { until } from './support/until.ts';

const stateDir = mkdtempSync(join(tmpdir(), 'demo-state-'));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

interface Demo {
  npm: ChildProcess;
  url: string;
  output(): string;
}

let running: Demo | undefined;
/** A failed test leaves nothing behind either. */
afterEach(() => {
  if (!running?.npm.pid) return;
  for (const pid of [running.npm.pid, ...descendants(running.npm.pid)]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  running = undefined;
});

async function startDemo(logLevel: string): Promise<Demo> {
  const npm = spawn('npm', ['run', 'demo', '--ignore-scripts'], {
    env: { ...process.env, DEMO_STATE_DIR: stateDir, LOG_LEVEL: logLevel },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    npm.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Open (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    npm.once('exit', (code) =>
      reject(new Error(`demo exited (${code}) before printing its URL:\n${output}`)),
    );
  });
  running = { npm, url, output: () => output };
  return running;
}

/** Every process under `pid`, from /proc (Linux). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // exited while listed
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('the demo prints one URL that serves the framed app', async () => {
  const { url } = await startDemo('silent');
  const frame = await fetch(url);
  expect(frame.status).toBe(200);
  const html = await frame.text();
  const appSrc = /<iframe[^>]+data-src="([^"]+)"/.exec(html)?.[1];
  expect(appSrc, 'the frame page embeds the app').toBeDefined();
  const app = await fetch(appSrc!.replaceAll('&amp;', '&'));
  expect(app.status).toBe(200);
  expect(await app.text()).toContain('<meta name="shopify-api-key" content="demo-app-client-id"');
}, 90_000);

test.each(['SIGINT', 'SIGTERM'] as const)(
  '%s to npm stops every process the demo started',
  async (signal) => {
    const { npm } = await startDemo('silent');
    const started = descendants(npm.pid!);
    expect(started.length, 'the launcher, Redis, web, worker').toBeGreaterThanOrEqual(4);

    const exited = once(npm, 'exit');
    npm.kill(signal);
    await exited;
    await until('every process the demo started to stop', async () => !started.some(isAlive), {
      deadlineMs: 30_000,
    });
    running = undefined;
  },
  90_000,
);

test('a refused request shows in the terminal as one readable line, not JSON', async () => {
  const demo = await startDemo('warn');
  // The demo admin forwards the extensions' /api calls to the app with a session token.
  const refused = await fetch(`${demo.url}/api/generations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'photo' }),
  });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  const line = new RegExp(
    `^\\[web\\] ${refused.status} POST /api/generations — .+ \\(shop demo-store\\.myshopify\\.com\\)$`,
    'm',
  );
  await until('the refused request in the terminal', async () => line.test(demo.output()), {
    deadlineMs: 10_000,
  });
  expect(demo.output()).not.toMatch(/^\S*\s*\{"level"/m);
}, 90_000);
