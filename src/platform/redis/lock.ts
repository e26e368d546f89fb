/**
 * A short mutual-exclusion lock in Redis, for work that must happen once across processes
 * (e.g. using a rotating refresh token). SET NX PX with a random owner value; release deletes
 * only the owner's lock, so a lock that expired and was taken by another process survives.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from './connection.ts';
import type { Clock } from '../clock.ts';
import { luaScript } from './lua-script.ts';

const RELEASE_IF_OWNER = luaScript(new URL('./lua/release-lock.lua', import.meta.url), {
  keys: ['lock'],
  args: ['owner'],
});

export class LockTimeoutError extends Error {
  constructor(key: string) {
    super(`Timed out waiting for lock ${key}`);
    this.name = 'LockTimeoutError';
  }
}

export interface LockOptions {
  /** How long the lock lives if its holder dies without releasing it. */
  ttlMs: number;
  /** How long to wait for another holder before giving up. */
  waitMs: number;
  pollMs?: number;
}

/** Runs `task` while holding `key`; waits (polling) while another process holds it. */
export async function withRedisLock<T>(
  redis: Redis,
  clock: Clock,
  key: string,
  options: LockOptions,
  task: () => Promise<T>,
): Promise<T> {
  const owner = randomUUID();
  const deadline = clock.now() + options.waitMs;
  while ((await redis.set(key, owner, 'PX', options.ttlMs, 'NX')) !== 'OK') {
    if (clock.now() >= deadline) throw new LockTimeoutError(key);
    await clock.sleep(options.pollMs ?? 50);
  }
  try {
    return await task();
  } finally {
    await RELEASE_IF_OWNER(redis, { lock: key }, { owner });
  }
}
