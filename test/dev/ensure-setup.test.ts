/**
 * scripts/ensure-setup.sh says why it stops and how to fix it on the system it runs on, and two
 * setups at once wait for one another. Each case runs a copy of the script in a folder of its
 * own whose dependencies look installed, on a PATH of stand-ins: a fake npm and `id`, an
 * apt-get that fails as a held lock does, and no redis-server.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = new URL('../../scripts/ensure-setup.sh', import.meta.url).pathname;
const TOOLS = [
  'bash',
  'dirname',
  'mkdir',
  'flock',
  'cmp',
  'cp',
  'mktemp',
  'tail',
  'sed',
  'rm',
  'cat',
];
const APT_LOCKED =
  'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function executable(path: string, body: string) {
  writeFileSync(path, `#!/bin/bash\n${body}\n`);
  chmodSync(path, 0o755);
}

/** A project whose npm dependencies look installed, and a PATH of stand-ins beside it. */
function machine(options: { uid: number; apt: boolean; nodeBinary?: boolean }) {
  const root = mkdtempSync(join(tmpdir(), 'ensure-setup-'));
  folders.push(root);
  const project = join(root, 'project');
  const bin = join(root, 'bin');
  mkdirSync(join(project, 'scripts'), { recursive: true });
  mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
  mkdirSync(bin);
  copyFileSync(SCRIPT, join(project, 'scripts', 'ensure-setup.sh'));
  writeFileSync(join(project, 'package-lock.json'), '{}\n');
  writeFileSync(join(project, 'node_modules', '.setup-lock-stamp'), '{}\n');
  if (options.nodeBinary !== false)
    executable(join(project, 'node_modules', '.bin', 'node'), 'exit 0');
  for (const tool of TOOLS)
    symlinkSync(
      execFileSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim(),
      join(bin, tool),
    );
  executable(join(bin, 'npm'), `echo "npm $*" >> "${join(root, 'npm-calls')}"`);
  executable(join(bin, 'id'), `echo ${options.uid}`);
  if (options.apt) executable(join(bin, 'apt-get'), `echo '${APT_LOCKED}' >&2; exit 100`);
  return { root, project, bin, npmCalls: join(root, 'npm-calls') };
}

function start(
  setup: ReturnType<typeof machine>,
  env: Record<string, string> = {},
  purpose: 'demo' | 'test' = 'demo',
) {
  const child = spawn(
    join(setup.bin, 'bash'),
    [join(setup.project, 'scripts', 'ensure-setup.sh'), purpose],
    {
      env: { PATH: setup.bin, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const waiter of waiters) if (stderr.includes(waiter.text)) waiter.resolve();
  });
  const output = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, stderr }));
  });
  /** Resolves once the script has printed `text`. */
  const seen = (text: string) => new Promise<void>((resolve) => waiters.push({ text, resolve }));
  return { output, seen };
}

describe('scripts/ensure-setup.sh', () => {
  it('without root, advises sudo apt-get where apt exists, and the override without root', async () => {
    const { code, stderr } = await start(machine({ uid: 1000, apt: true })).output;
    expect(code).toBe(1);
    expect(stderr).toContain('`sudo apt-get install redis-server`');
    expect(stderr).toContain('REDIS_URL');
  });

  it('without apt, advises the system’s package manager, never sudo apt-get', async () => {
    const { code, stderr } = await start(machine({ uid: 1000, apt: false })).output;
    expect(code).toBe(1);
    expect(stderr).not.toContain('apt-get');
    expect(stderr).toContain("your system's package manager");
    expect(stderr).toContain('REDIS_URL');
  });

  it('as root, prints the apt-get command that failed and apt’s own error', async () => {
    const { code, stderr } = await start(machine({ uid: 0, apt: true })).output;
    expect(code).toBe(1);
    expect(stderr).toContain(
      '`apt-get install -y --no-install-recommends redis-server` failed (exit 100)',
    );
    expect(stderr).toContain(APT_LOCKED);
    expect(stderr).toContain('REDIS_URL');
  });

  it('for the tests, without root, names what provides WAITAOF and the override without root', async () => {
    const setup = machine({ uid: 1000, apt: true });
    const { code, stderr } = await start(
      setup,
      { REDIS_URL: 'redis://127.0.0.1:1/', CHROMIUM_PATH: '/x', NGINX_PATH: '/x' },
      'test',
    ).output;
    expect(code).toBe(1);
    expect(stderr).toContain('valkey-server is missing');
    expect(stderr).toContain('WAITAOF');
    expect(stderr).toContain('VALKEY_SERVER_PATH');
  });

  it('tells a missing Node binary from an unreachable registry', async () => {
    const setup = machine({ uid: 1000, apt: true, nodeBinary: false });
    const { code, stderr } = await start(setup, { REDIS_URL: 'redis://127.0.0.1:1/' }).output;
    expect(code).toBe(1);
    expect(stderr).toContain('node_modules/.bin/node');
    expect(stderr).toContain('npm rebuild node');
    expect(stderr).not.toContain('registry');
  });

  it('waits for a setup already running in the same project, then runs', async () => {
    const setup = machine({ uid: 1000, apt: true });
    mkdirSync(join(setup.project, '.cache'));
    // The other setup: holds the lock until its stdin closes.
    const other = spawn(
      'flock',
      [join(setup.project, '.cache', 'setup.lock'), '-c', 'echo held; cat'],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve) => other.stdout.once('data', () => resolve()));
    const run = start(setup, { REDIS_URL: 'redis://127.0.0.1:1/' });
    await run.seen('another setup is running here; waiting for it to finish');
    expect(existsSync(setup.npmCalls)).toBe(false);
    other.stdin.end();
    const { code, stderr } = await run.output;
    expect(stderr).not.toContain('setup: `');
    expect(code).toBe(0);
    expect(readFileSync(setup.npmCalls, 'utf8')).toContain('npm run --silent build');
  });
});
