/**
 * A Lua script run by its SHA (EVALSHA), loaded on first use and again after a Redis restart
 * (NOSCRIPT). Every multi-key decision of the pipeline is one script: Redis runs it atomically,
 * which is what makes concurrent workers, webhooks and polls safe without locks.
 */
import { createHash } from 'node:crypto';
import type { Redis } from './connection.ts';

export type RedisScript = (
  redis: Redis,
  keys: readonly string[],
  args: readonly (string | number)[],
) => Promise<unknown>;

export function redisScript(source: string): RedisScript {
  const sha = createHash('sha1').update(source).digest('hex');
  return async (redis, keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(source, keys.length, ...keys, ...args);
    }
  };
}
