/** A Redis connection to the suite's private Redis and a secret box, for store tests. */
import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { closeRedis, connectRedis, type Redis } from '../../../src/platform/redis/connection.ts';
import { createSecretBox } from '../../../src/platform/crypto.ts';
import { testRedisUrl } from '../../support/redis.ts';

export async function storeDeps(): Promise<{
  redis: Redis;
  secrets: ReturnType<typeof createSecretBox>;
}> {
  const redis = await connectRedis(testRedisUrl());
  afterAll(() => closeRedis(redis));
  return { redis, secrets: createSecretBox(randomBytes(32)) };
}
