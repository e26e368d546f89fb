/**
 * compose.yaml's load balancer as it is committed (deploy/nginx.conf) in a real nginx, in front
 * of a test's app: the file is used as it is, but for what only Docker provides (the `web`
 * replicas' address, port 80, /var/log/nginx), each replaced where the file says it, or the
 * start fails. nginx is Debian's (`scripts/ensure-setup.sh test` installs `nginx-light`);
 * NGINX_PATH points at another build. Stopped once the test file is done.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { freePort } from '../../../dev/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterFile } from '../../support/teardown.ts';
import { until } from '../../support/until.ts';

const COMMITTED = new URL('../../../deploy/nginx.conf', import.meta.url);

export interface RunningNginx {
  url: string;
  /** The lines nginx logged so far (access and error log). */
  accessLog(): Promise<string[]>;
  errorLog(): Promise<string[]>;
}

export function nginxPath(): string {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'];
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) {
    throw new Error(
      'nginx is missing: `npm test` installs it (scripts/ensure-setup.sh test: apt-get install nginx-light), or set NGINX_PATH',
    );
  }
  return found;
}

/** Replaces `from` (which must be there, once) with `to`. */
function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at === -1 || text.indexOf(from, at + 1) !== -1)
    throw new Error(`deploy/nginx.conf: expected "${from}" once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** Runs deploy/nginx.conf in nginx, proxying to `upstream` (`127.0.0.1:<port>`). */
export async function startNginx(upstream: string): Promise<RunningNginx> {
  const dir = await mkdtemp(join(tmpdir(), 'nginx-'));
  const port = await freePort();
  const accessLog = join(dir, 'access.log');
  const errorLog = join(dir, 'error.log');
  let site = await readFile(COMMITTED, 'utf8');
  // Docker's DNS and its replicas (`resolve` is nginx >= 1.27.3; Debian's is older).
  site = replaceOnce(site, 'server web:3000 resolve;', `server ${upstream};`);
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${port};`);
  site = replaceOnce(site, '/var/log/nginx/access.log', accessLog);
  site = replaceOnce(site, '/var/log/nginx/error.log', errorLog);
  await writeFile(join(dir, 'site.conf'), site);
  // The image's own nginx.conf around it: one http block that includes the site.
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  await writeFile(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} notice;`,
      'events { worker_connections 64; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
      `  include ${join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginxPath(), ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', errorLog], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  afterFile(async () => {
    child.kill('SIGQUIT');
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  await until('nginx to answer /livez', async () => {
    if (child.exitCode !== null)
      throw new Error(`nginx exited: ${stderr}${await readFile(errorLog, 'utf8')}`);
    return fetch(`${url}/livez`).then(
      (response) => response.ok,
      () => false,
    );
  });
  const lines = async (path: string) =>
    (await readFile(path, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  return { url, accessLog: () => lines(accessLog), errorLog: () => lines(errorLog) };
}
