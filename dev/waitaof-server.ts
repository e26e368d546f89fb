/**
 * A server binary that has WAITAOF (REDIS_DURABILITY=aof): Redis 7.2 or later, or Valkey (its
 * fork) 7.2.4 or later. Debian bookworm's redis-server is 7.0, so the tests and the bench of that
 * mode run valkey-server, which scripts/ensure-setup.sh installs from bookworm-backports;
 * VALKEY_SERVER_PATH names another (a valkey-server, or a redis-server 7.2 or later).
 */
import { execFileSync } from 'node:child_process';

export interface WaitaofServer {
  /** The binary, for startPrivateRedis({ server }). */
  path: string;
  /** Its `--version` line, e.g. "Valkey server v=8.0.1 ...". */
  version: string;
}

/** The server to run, or an error that says how to install one. */
export function waitaofServer(): WaitaofServer {
  const path = process.env.VALKEY_SERVER_PATH || 'valkey-server';
  try {
    const version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
    return { path, version };
  } catch (error) {
    throw new Error(
      `${path} does not run (${(error as Error).message.split('\n')[0]}): WAITAOF needs Valkey ` +
        'or Redis 7.2 or later. Run `scripts/ensure-setup.sh test` as root (on Debian bookworm it ' +
        'installs valkey-server from bookworm-backports), or set VALKEY_SERVER_PATH to a ' +
        'valkey-server, or a redis-server 7.2 or later.',
      { cause: error },
    );
  }
}
