/**
 * Waiting until Redis has made a connection's writes durable, before something that cannot be
 * taken back happens (a request that charges money leaves). Redis acknowledges a write once it
 * is in memory; with `appendfsync everysec` the AOF reaches the disk up to a second later, and a
 * replica may lag. So:
 *  - `aof`: `WAITAOF 1 0 <timeout>` (Redis 7.2+, Valkey 7.2.4+): blocks until the primary's AOF
 *    holds every write this connection made, fsynced; that is true under `appendfsync always`,
 *    and under `everysec` only on a server with redis/redis#13793's fix (Valkey 8.0.1, traced,
 *    answers without an fsync: docs/operations.md);
 *  - `replicas`: `WAIT <n> <timeout>`: until n replicas acknowledged them (a failover promotes
 *    one that has them);
 *  - `none`: nothing (a crash of the Redis host can lose the last second of writes).
 * WAIT and WAITAOF cover the writes of the connection they run on: the caller passes the same
 * connection its writes went through. A wait that times out, or cannot run, throws
 * NotDurableError: the caller does not go on (it tries again later).
 *
 * `check` runs once at start: the mode the configuration names must be one this Redis can keep
 * (AOF on and WAITAOF known for `aof`; a primary for `replicas`), or the process refuses to start
 * with the reason, rather than refusing every submission later.
 */
import type { Redis } from './connection.ts';

export type DurabilityMode = 'aof' | 'replicas' | 'none';

export interface DurabilityConfig {
  mode: DurabilityMode;
  /** For `replicas`: how many must acknowledge. */
  replicas: number;
  timeoutMs: number;
}

export class NotDurableError extends Error {
  override readonly name = 'NotDurableError';
}

export interface Durability {
  readonly mode: DurabilityMode;
  /** Resolves once this connection's writes so far are durable; throws NotDurableError. */
  wait(): Promise<void>;
  /** Throws, with the reason, when this Redis cannot keep the configured mode. */
  check(): Promise<void>;
}

function infoField(info: string, field: string): string | undefined {
  return new RegExp(`^${field}:(.*)$`, 'm').exec(info)?.[1]?.trim();
}

function atLeast(version: string, major: number, minor: number): boolean {
  const [a = 0, b = 0] = version.split('.').map(Number);
  return a > major || (a === major && b >= minor);
}

export function createDurability(redis: Redis, config: DurabilityConfig): Durability {
  async function wait(): Promise<void> {
    if (config.mode === 'none') return;
    let reply: unknown;
    try {
      reply =
        config.mode === 'aof'
          ? await redis.call('WAITAOF', '1', '0', String(config.timeoutMs))
          : await redis.call('WAIT', String(config.replicas), String(config.timeoutMs));
    } catch (error) {
      throw new NotDurableError(`Redis could not confirm the writes: ${String(error)}`, {
        cause: error,
      });
    }
    const confirmed = config.mode === 'aof' ? Number((reply as unknown[])[0]) : Number(reply);
    const needed = config.mode === 'aof' ? 1 : config.replicas;
    if (!(confirmed >= needed))
      throw new NotDurableError(
        config.mode === 'aof'
          ? `Redis did not fsync its AOF within ${config.timeoutMs} ms`
          : `${confirmed} of ${needed} Redis replicas acknowledged within ${config.timeoutMs} ms`,
      );
  }

  async function check(): Promise<void> {
    if (config.mode === 'none') return;
    if (config.mode === 'aof') {
      const version = infoField(await redis.info('server'), 'redis_version') ?? '0';
      if (!atLeast(version, 7, 2))
        throw new Error(
          `REDIS_DURABILITY=aof needs WAITAOF, Redis 7.2 or later; this Redis is ${version}`,
        );
      if (infoField(await redis.info('persistence'), 'aof_enabled') !== '1')
        throw new Error('REDIS_DURABILITY=aof needs Redis with appendonly yes; its AOF is off');
      return;
    }
    if (infoField(await redis.info('replication'), 'role') !== 'master')
      throw new Error('REDIS_DURABILITY=replicas needs REDIS_URL to name the primary');
  }

  return { mode: config.mode, wait, check };
}
