/**
 * The one place Redis connections are made (ioredis). Two kinds:
 *  - `commands`: request-path work; a command fails after a few reconnect attempts instead of
 *    hanging a merchant's request while Redis is down.
 *  - `blocking`: for BullMQ workers and queues, which require `maxRetriesPerRequest: null`
 *    (their blocking commands must wait across reconnects rather than fail).
 */
import { once } from 'node:events';
import { Redis, type RedisOptions } from 'ioredis';

export type { ChainableCommander, Redis } from 'ioredis';

export type RedisPurpose = 'commands' | 'blocking';

export interface RedisConnectionOptions {
  purpose?: RedisPurpose;
  /** Shown in `CLIENT LIST`, which makes a leaked connection easy to attribute. */
  name?: string;
}

export function redisOptions(purpose: RedisPurpose = 'commands'): RedisOptions {
  return {
    lazyConnect: true,
    enableReadyCheck: true,
    maxRetriesPerRequest: purpose === 'blocking' ? null : 3,
    // Reconnect forever with a capped backoff; the process keeps serving /healthz meanwhile.
    retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, 2_000),
  };
}

/** Opens a connection and resolves once it is ready (rejects if Redis cannot be reached). */
export async function connectRedis(
  url: string,
  options: RedisConnectionOptions = {},
): Promise<Redis> {
  const redis = new Redis(url, {
    ...redisOptions(options.purpose),
    connectionName: options.name ?? `productai-${options.purpose ?? 'commands'}`,
  });
  // ioredis emits 'error' on every failed reconnect; unhandled it would crash the process.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Could not connect to Redis at ${redactUrl(url)}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  return redis;
}

/** Closes gracefully: pending replies are received before the socket closes. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  const ended = once(redis, 'end');
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
  await ended;
}

function redactUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//[redacted]@');
}
